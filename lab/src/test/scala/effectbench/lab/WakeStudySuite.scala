package effectbench.lab

/** WakeStudy is a diagnostic, not a measurement of the suite: these tests check what it counts, never
  * how fast anything is. */
class WakeStudySuite extends munit.FunSuite {
  test("percentiles reads the order statistics of the values it is given, in µs") {
    val xs = Array.tabulate(100)(i => (100 - i) * 1000L) // 100..1 µs, unsorted
    assertEquals(WakeStudy.percentiles(xs), "p50 51 p90 91 p99 100 max 100 µs")
  }

  test("a sleep's lateness is never negative: a Cats Effect or ZIO sleep never ends early") {
    for (threads <- Vector(1, 2)) {
      val late = WakeStudy.sleepLateness(threads, 25)
      assertEquals(late.length, 20, "the first fifth is left out as warm-up")
      assert(late.forall(_ >= 0), s"$threads workers: ${late.mkString(" ")}")
    }
    val zio = WakeStudy.zioSleepLateness(25)
    assertEquals(zio.length, 20)
    assert(zio.forall(_ >= 0), zio.mkString(" "))
  }

  test("the wake protocol wakes the thread every time, and counts only stalls it measured") {
    for (spin <- Vector(true, false)) {
      val w = WakeStudy.wakeProtocol(spin, 25)
      assertEquals(w.took.length, 20)
      assert(w.took.forall(_ >= 0))
      assertEquals(w.stalls, w.took.count(_ > 500000L))
      assert(w.preempted <= w.stalls, s"${w.preempted} preempted of ${w.stalls} stalls")
    }
  }
}
