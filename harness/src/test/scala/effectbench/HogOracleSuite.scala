package effectbench

/** The latency family's oracles on windows driven by hand (no clock is measured): a hog that ran no chain
  * fails the window of a runtime that must run every hog, and only such a runtime; the oracle's
  * check takes more windows then, and passes a runtime that runs every hog in most of them; an
  * event answered on the client's own thread fails every window. */
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

  private val oracle = LatencyModel.hogProbeOracle(1, 5)

  test("a hog that ran no chain fails a runtime that must run every hog, and only such a runtime") {
    val idle = window(0)
    assertEquals(idle.idleHogs, 1)
    assertNotEquals(WindowProgram.hogProbeSummary(5)(result(idle, 1, everyHogRuns = true)), oracle)
    assertEquals(WindowProgram.hogProbeSummary(5)(result(idle, 1, everyHogRuns = false)), oracle)
    assertEquals(WindowProgram.hogProbeSummary(5)(result(window(2), 1, everyHogRuns = true)), oracle)
  }

  test("a latency program's read-back of its cell is computed when read, not when the program is made") {
    var made = 0
    val program = new WindowProgram(() => throw new IllegalStateException("no window here"), _ => "",
      { made += 1; Vector("cellBindsPerYield" -> "probed") })
    assertEquals(made, 0, "making the program ran the read-back (the slice probe, in the measuring JVM)")
    assertEquals(program.cellReadBack, Vector("cellBindsPerYield" -> "probed"))
    assertEquals(program.cellReadBack.size, 1)
    assertEquals(made, 1)
  }

  test("an event answered on the client's thread is counted and fails the window") {
    val w = new LoadWindow(1, 1000L, 0, 5L)
    w.begin(System.nanoTime())
    w.answer(0)
    assertEquals(w.answeredOnClient, 1)
    assert(!result(w, 1, everyHogRuns = true).everyEventOnce)
    assertNotEquals(WindowProgram.hogProbeSummary(5)(result(w, 1, everyHogRuns = true)), oracle)
  }

  /** The oracle's check of a program whose windows are `script` in turn ('i': a hog ran no chain,
    * '.': every hog ran, 't': every hog ran but the event was answered twice), on a runtime that
    * must run every hog: its text and the windows it ran. */
  private def check(script: String): (String, Int) = {
    var ran = 0
    val program = new WindowProgram(
      () => {
        val c = script(ran)
        ran += 1
        val w = window(if (c == 'i') 0 else 2)
        if (c == 't') w.answer(0)
        result(w, 1, everyHogRuns = true)
      },
      WindowProgram.hogProbeSummary(5), Vector.empty
    )
    (program.checkedSummary(), ran)
  }

  test("the check: one window with a hog that ran no chain among windows that ran every hog passes a fair runtime") {
    assertEquals(check("."), (oracle, 1))
    assertEquals(check("i.."), (oracle, 3))
    assertEquals(check("ii..."), (oracle, 5))
    assertEquals(check("i.i.."), (oracle, 5))
  }

  test("the check: a runtime that leaves a hog idle in most windows fails, as does another defect in any window") {
    val (never, ran) = check("iiiii")
    assertEquals(ran, 3, "three windows of five with an idle hog decide")
    assert(never.startsWith(WindowProgram.hogProbeSummary(5)(result(window(0), 1, everyHogRuns = true))), never)
    assert(never.endsWith("hogs that ran no chain in 3 windows: 1, 1, 1 (every hog must run in most windows)"), never)
    assertNotEquals(check("ii.i.")._1, oracle)
    assertEquals(check("ii.i.")._2, 4)
    assertNotEquals(check("i.t")._1, oracle, "a probe answered twice in a later window fails the check")
    assertNotEquals(check("t")._1, oracle)
  }

  /** Hogs of opaque steps (PlainLoad.hog) and probes, each a task of `pool`; in the windows
    * `late` names (0 the first), the last hog is started only once the window stopped its hogs, as a
    * hog that a fair scheduler had not reached yet. */
  private final class Pool(pool: java.util.concurrent.ExecutorService, late: Set[Int]) extends LoadTarget {
    private var windows = 0
    override def startHogs(w: LoadWindow, n: Int): Unit = {
      val lateOne = late.contains(windows)
      windows += 1
      var i = 0
      while (i < n) {
        val held = lateOne && i == n - 1
        pool.execute { () =>
          while (held && !w.stopped) java.util.concurrent.locks.LockSupport.parkNanos(100000L)
          PlainLoad.hog(w)
        }
        i += 1
      }
    }
    def startHog(w: LoadWindow): Unit = startHogs(w, 1)
    def submit(w: LoadWindow, k: Int): Unit = pool.execute(() => w.answer(k))
  }

  /** Hogs and probes as tasks of a fixed pool (PlainLoad's), declared a runtime that must run every hog or not. */
  private final class Fixed(pool: java.util.concurrent.Executor, mustRun: Boolean) extends LoadTarget {
    def startHog(w: LoadWindow): Unit = pool.execute(() => PlainLoad.hog(w))
    def submit(w: LoadWindow, k: Int): Unit = pool.execute(() => w.answer(k))
    override def everyHogRuns: Boolean = mustRun
  }

  private def windows(target: LoadTarget): WindowProgram =
    new WindowProgram(() => LoadWindow.run(target, 20, 1000000L, 2, 5L), WindowProgram.hogProbeSummary(5), Vector.empty)

  test("real windows: a hog started after the stop in one window of a fair runtime's passes its check") {
    val pool = java.util.concurrent.Executors.newCachedThreadPool(Threads.daemon("hog-oracle-test"))
    try {
      val idleFirst = windows(new Pool(pool, late = Set(0)))
      val one = idleFirst.run().asInstanceOf[WindowResult]
      assertEquals((one.idleHogs, one.hogsReported), (1, 2), one.toString)
      assertNotEquals(idleFirst.summarize(one), LatencyModel.hogProbeOracle(20, 5), "that window fails on its own")
      assertEquals(windows(new Pool(pool, late = Set(0))).checkedSummary(), LatencyModel.hogProbeOracle(20, 5))
    } finally pool.shutdownNow()
  }

  test("real windows: a fixed pool that never returns to a hog fails its check when its runtime must run every hog") {
    // One thread, two hogs: the second hog and the probes wait until the first sees the stop flag.
    val pool = java.util.concurrent.Executors.newFixedThreadPool(1, Threads.daemon("hog-oracle-test"))
    try {
      val got = windows(new Fixed(pool, mustRun = true)).checkedSummary()
      assertNotEquals(got, LatencyModel.hogProbeOracle(20, 5))
      assert(got.contains("hogs that ran no chain in 3 windows: 1, 1, 1"), got)
      assertEquals(windows(new Fixed(pool, mustRun = false)).checkedSummary(), LatencyModel.hogProbeOracle(20, 5),
        "the same pool, declared a pool that runs only as many hogs as its threads, passes")
    } finally pool.shutdownNow()
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
