package effectbench

/** Family L's oracles on windows driven by hand (no clock is measured): a hog that ran no chain
  * fails the window of a runtime that must run every hog, and an event answered on the client's
  * own thread fails every window. */
class HogOracleSuite extends munit.FunSuite {
  private def result(w: LoadWindow, events: Int, everyHogRuns: Boolean): WindowResult =
    WindowResult(events, w.answered, w.answeredTwice, 0, LoadWindow.histogram(), w.hogs, w.hogsReported, w.chains, w.steps,
      w.mismatches, 0L, 0L, idleHogs = w.idleHogs, everyHogRuns = everyHogRuns, answeredOnClient = w.answeredOnClient)

  /** A window of one event answered on another thread, and two hogs, one of which ran `chains2` chains. */
  private def window(chains2: Long): LoadWindow = {
    val w = new LoadWindow(1, 1000L, 2, 5L)
    w.begin(System.nanoTime())
    val t = new Thread(() => w.answer(0))
    t.start(); t.join()
    w.hogDone(3, 15)
    w.hogDone(chains2, chains2 * 5)
    w
  }

  test("a hog that ran no chain fails a runtime that must run every hog, and only such a runtime") {
    val idle = window(0)
    assertEquals(idle.idleHogs, 1)
    assertNotEquals(WindowProgram.hogProbeSummary(5)(result(idle, 1, everyHogRuns = true)), LatencyModel.hogProbeOracle(1, 5))
    assertEquals(WindowProgram.hogProbeSummary(5)(result(idle, 1, everyHogRuns = false)), LatencyModel.hogProbeOracle(1, 5))
    assertEquals(WindowProgram.hogProbeSummary(5)(result(window(2), 1, everyHogRuns = true)), LatencyModel.hogProbeOracle(1, 5))
  }

  test("an event answered on the client's thread is counted and fails the window") {
    val w = new LoadWindow(1, 1000L, 0, 5L)
    w.begin(System.nanoTime())
    w.answer(0)
    assertEquals(w.answeredOnClient, 1)
    assert(!result(w, 1, everyHogRuns = true).everyEventOnce)
    assertNotEquals(WindowProgram.hogProbeSummary(5)(result(w, 1, everyHogRuns = true)), LatencyModel.hogProbeOracle(1, 5))
  }
}

/** service's oracle on results made by hand: the backends started, a fan-out seen in flight, and
  * the permits taken and held, each refused when short. */
class ServiceOracleSuite extends munit.FunSuite {
  private val ok = WindowResult(2, 2, 0, 0, LoadWindow.histogram(), 0, 0, 0L, 0L, 0, 0L, 0L, timeouts = 1, service = true,
    backends = 6L, overlappedRequests = 2, permitsAcquired = 2, permitsHeldMost = 1)
  private def summary(r: WindowResult) = WindowProgram.serviceSummary(1, 1)(r)

  test("a window whose requests fanned out and took their permits passes") {
    assertEquals(summary(ok), ServiceModel.oracle(2, 1))
  }

  test("a skipped backend, a fan-out one after the other, a skipped permit or one too many held fails") {
    assertNotEquals(summary(ok.copy(backends = 5L)), ServiceModel.oracle(2, 1))
    assertNotEquals(summary(ok.copy(overlappedRequests = 0)), ServiceModel.oracle(2, 1))
    assertNotEquals(summary(ok.copy(permitsAcquired = 1)), ServiceModel.oracle(2, 1))
    assertNotEquals(summary(ok.copy(permitsHeldMost = 2)), ServiceModel.oracle(2, 1))
  }

  test("two backends of one request in flight at once are seen; one after the other are not") {
    val w = new LoadWindow(2, 0L, 0, 1L)
    w.backendIn(0); w.backendIn(0); w.backendOut(0); w.backendOut(0)
    w.backendIn(1); w.backendOut(1); w.backendIn(1); w.backendOut(1)
    assertEquals((w.backends, w.overlappedRequests), (4L, 1))
    w.permitIn(); w.permitIn(); w.permitOut(); w.permitOut(); w.permitIn(); w.permitOut()
    assertEquals((w.permitsAcquired, w.permitsHeldMost), (3, 2))
  }
}
