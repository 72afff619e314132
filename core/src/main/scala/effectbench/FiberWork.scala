package effectbench

/** Helpers of the work the scheduler-family scenarios prescribe (the catalog's `expectedWork`), and the
  * user data every runtime computes identically (alloc's arrays). */
object FiberWork {
  /** Steps of scheduler-stress's fiber(i): it continues with j + 1 until j > limit. */
  def stressSteps(i: Long, limit: Long): Long = if (i > limit) 1L else limit - i + 2L

  /** Steps of scheduler-stress over all its F fibers. */
  def totalStressSteps(f: Long, limit: Long): Long = {
    var steps = 0L
    var i = 0L
    while (i < f) { steps += stressSteps(i, limit); i += 1 }
    steps
  }

  /** alloc's user data: an array of max(100, min(i, 2000)) fresh objects. */
  def allocate(i: Int): Array[AnyRef] = {
    val size = math.max(100, math.min(i, 2000))
    val a = new Array[AnyRef](size)
    var k = 0
    while (k < size) { a(k) = new AnyRef; k += 1 }
    a
  }

  /** alloc's use of that data: the sum of the objects' hash codes. */
  def sumHashes(a: Array[AnyRef]): Int = {
    var s = 0
    var k = 0
    while (k < a.length) { s += a(k).hashCode; k += 1 }
    s
  }
}
