package effectbench

/** Expected results of docs/scenarios.md, as pure functions. Results are compared as strings so that
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

  /** Cartesian: the flattened list of pairs [x0, y0, x0, y1, ...] (row-major, task k yields k) has
    * length 2 S^2 and sum 2 S (S(S-1)/2); the digest is position-sensitive, so a list with a
    * pair swapped or paired wrongly (same length and sum) fails too. */
  def cartesian(s: Long): String = {
    var d = Digest
    var x = 0L
    while (x < s) {
      var y = 0L
      while (y < s) { d = digest(digest(d, x.toInt), y.toInt); y += 1 }
      x += 1
    }
    s"length=${2 * s * s} sum=${2 * s * triangle(s)} digest=${java.lang.Long.toHexString(d)}"
  }
  def cartesianOf(xs: Iterable[Int]): String = {
    var len = 0L; var sum = 0L; var d = Digest
    xs.foreach { x => len += 1; sum += x; d = digest(d, x) }
    s"length=$len sum=$sum digest=${java.lang.Long.toHexString(d)}"
  }
  /** A polynomial hash over the list in order (wrapping arithmetic): moving any element changes it. */
  private final val Digest = 1125899906842597L
  private def digest(d: Long, x: Int): Long = d * 1000003L + x + 1L

  /** Gather must keep input order: the result names the sum and whether order was kept. */
  def ordered(n: Long): String = s"${triangle(n)} in order"
  def orderedOf(xs: Iterable[Int]): String = {
    var expect = 0; var inOrder = true; var sum = 0L
    xs.foreach { x => if (x != expect) inOrder = false; expect += 1; sum += x }
    s"$sum ${if (inOrder) "in order" else "out of order"}"
  }

  /** Scheduler stress: fiber i returns max(i, limit + 1) (limit = 10,000 by default). */
  def schedulerStress(f: Long, limit: Long = 10000L): Long = {
    val top = limit + 1
    val low = math.min(f, top)
    top * low + (if (f > top) triangle(f) - triangle(top) else 0L)
  }
}
