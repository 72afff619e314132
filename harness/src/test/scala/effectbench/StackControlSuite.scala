package effectbench

/** The control for the stack-safety oracles: at the sizes the catalog uses, plain recursion
  * must overflow this test JVM's stack, or the stack-safety tests would prove nothing. */
class StackControlSuite extends munit.FunSuite {
  private def plain(n: Int): Long = if (n == 0) 0L else 1L + plain(n - 1)

  test("plain recursion overflows at the smallest stack-safety size of the catalog") {
    val smallest = Catalog.scenarios.flatMap(_.stackParams).flatMap(_.values.map(_._2.toInt)).filter(_ > 1000).min
    val overflowed =
      try { plain(smallest); false }
      catch { case _: StackOverflowError => true }
    assert(overflowed, s"plain recursion of depth $smallest did not overflow; is the test JVM's -Xss256k in effect?")
  }
}
