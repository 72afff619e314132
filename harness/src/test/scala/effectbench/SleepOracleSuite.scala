package effectbench

/** sleep-drift's oracle on a window driven by hand (no clock is measured): a wake before the wake
  * its sleep asked for is early even when it is after the sleep's due time, and a slot issued
  * twice is refused. */
class SleepOracleSuite extends munit.FunSuite {
  private val hour = 3600L * 1000000000L

  /** One sleeper of two slots, the window begun an hour ago; its first sleep woke now, on time. */
  private def window(): LoadWindow = {
    val w = new LoadWindow(2, 1L, 0, 1L, slotsPerSleeper = 2)
    w.begin(System.nanoTime() - hour)
    w.expect(0, System.nanoTime() - hour / 2)
    w.answer(0)
    w
  }

  test("a wake after the sleep's due time but before its requested wake is early") {
    val w = window()
    // Due one nanosecond after the previous wake (in the past); asked to wake an hour from now.
    w.expect(1, System.nanoTime() + hour)
    w.answer(1)
    assertEquals(w.answeredEarly, 1)
  }

  test("a wake after its requested wake is not early") {
    val w = window()
    w.expect(1, System.nanoTime() - 1000L)
    w.answer(1)
    assertEquals(w.answeredEarly, 0)
  }

  test("a slot issued twice is counted, and the oracle's summary refuses the window") {
    val w = window()
    w.expect(1, System.nanoTime() - 1000L)
    w.expect(1, System.nanoTime() - 1000L)
    assertEquals(w.slotsReissued, 1)
    val ok = WindowResult(2, 2, 0, 0, LoadWindow.histogram(), 0, 0, 0L, 0L, 0, 0L, 0L, sleepers = 1, sleepersFinished = 1,
      fewestWakes = 2, mostWakes = 2)
    assertEquals(WindowProgram.sleepDriftSummary(1, 2, 1)(ok), LatencyModel.sleepDriftOracle(1, 2, 1))
    assertNotEquals(WindowProgram.sleepDriftSummary(1, 2, 1)(ok.copy(reissued = 1)), LatencyModel.sleepDriftOracle(1, 2, 1))
    assertNotEquals(WindowProgram.sleepDriftSummary(1, 2, 1)(ok.copy(early = 1)), LatencyModel.sleepDriftOracle(1, 2, 1))
  }
}
