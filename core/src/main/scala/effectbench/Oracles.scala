package effectbench

/** Expected results of SCENARIOS.md, as pure functions. Results are compared as strings so that
  * every classpath group, whatever its Scala version, checks against the same text. */
object Oracles {
  def triangle(n: Long): Long = n * (n - 1) / 2

  def ackermann(m: Int, n: Long): Long = m match {
    case 0 => n + 1
    case 1 => n + 2
    case 2 => 2 * n + 3
    case 3 => (1L << (n + 3)) - 3
    case _ => throw new IllegalArgumentException("ackermann oracle is defined for m <= 3")
  }

  /** Cartesian: the flattened list of pairs has length 2 S^2 and sum 2 S (S(S-1)/2). */
  def cartesian(s: Long): String = s"length=${2 * s * s} sum=${2 * s * triangle(s)}"
  def cartesianOf(xs: Iterable[Int]): String = {
    var len = 0L; var sum = 0L
    xs.foreach { x => len += 1; sum += x }
    s"length=$len sum=$sum"
  }

  /** Gather must keep input order: the result names the sum and whether order was kept. */
  def ordered(n: Long): String = s"${triangle(n)} in order"
  def orderedOf(xs: Iterable[Int]): String = {
    var expect = 0; var inOrder = true; var sum = 0L
    xs.foreach { x => if (x != expect) inOrder = false; expect += 1; sum += x }
    s"$sum ${if (inOrder) "in order" else "out of order"}"
  }

  /** Scheduler stress: fiber i returns max(i, limit + 1) (limit = 10,000 in SCENARIOS.md). */
  def schedulerStress(f: Long, limit: Long = 10000L): Long = {
    val top = limit + 1
    val low = math.min(f, top)
    top * low + (if (f > top) triangle(f) - triangle(top) else 0L)
  }
}
