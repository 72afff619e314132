package effectbench.modern

import effectbench.{LatencyModel, LoadTarget, LoadWindow, SleepTarget, WindowProgram}
import java.util.concurrent.{ExecutorService, Executors, ScheduledExecutorService, TimeUnit}

/** The client and the recording of the latency family (the harness's LoadWindow), driven by targets written
  * here: a runtime that never yields, a free pool, and a client held up. */
class LoadWindowSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(2, "min")

  private def pool(n: Int): ExecutorService = Executors.newFixedThreadPool(n, effectbench.Threads.daemon("load-window-test"))

  /** A runtime with one worker whose hog is a busy loop with no bind and no yield: nothing else
    * runs on the worker until the hog sees the stop flag. */
  private final class NeverYields(worker: ExecutorService) extends LoadTarget {
    def startHog(w: LoadWindow): Unit = worker.execute { () =>
      var spins = 0L
      while (!w.stopped) spins += 1
      w.hogDone(0, 0)
    }
    def submit(w: LoadWindow, k: Int): Unit = worker.execute(() => w.answer(k))
    override def everyHogRuns: Boolean = false
  }

  /** Probes on a pool with free threads; hogs that report at once. */
  private final class Free(p: ExecutorService, delayClient: Int => Unit = _ => ()) extends LoadTarget {
    def startHog(w: LoadWindow): Unit = w.hogDone(3, 3 * w.chain)
    def submit(w: LoadWindow, k: Int): Unit = { delayClient(k); p.execute(() => w.answer(k)) }
  }

  test("a runtime that never yields starves every probe, and the window still ends with each probe answered once") {
    val worker = pool(1)
    try {
      val started = System.nanoTime()
      val r = LoadWindow.run(new NeverYields(worker), events = 50, intervalNanos = 1000000L, hogs = 1, chain = 10)
      val seconds = (System.nanoTime() - started) / 1e9
      assertEquals(r.starved, 50, "every probe waited behind the hog for longer than 1 s")
      assertEquals(r.histogram.getTotalCount, 0L, "no starved probe is put in a percentile")
      assert(r.everyEventOnce, s"each probe is answered once, after the hog stopped: $r")
      assert(r.hogsConsistent)
      assert(seconds < 20, s"the window ended ($seconds s)")
      assertEquals(WindowProgram.hogProbeSummary(10)(r), LatencyModel.hogProbeOracle(50, 10))
    } finally worker.shutdownNow()
  }

  test("a window that is not recorded (warm-up, the oracle's check) stops its hogs when its schedule ends: nothing starves") {
    val worker = pool(1)
    LoadWindow.classifyStarved = false
    try {
      val r = LoadWindow.run(new NeverYields(worker), events = 50, intervalNanos = 1000000L, hogs = 1, chain = 10)
      // The same runtime starves all 50 when the window waits for each probe's second (test above).
      assertEquals(r.starved, 0, "the hog stopped at the schedule's end; every probe answered then, within 1 s")
      assertEquals(r.histogram.getTotalCount, 50L)
      assert(r.everyEventOnce && r.hogsConsistent, r.toString)
      assertEquals(WindowProgram.hogProbeSummary(10)(r), LatencyModel.hogProbeOracle(50, 10), "the oracle holds all the same")
    } finally { LoadWindow.classifyStarved = true; worker.shutdownNow() }
  }

  /** Sleepers as baseline's: each sleep a timer task that hands the wake to `worker`; hogs that
    * never yield (on a one-thread worker, nothing else runs until they stop) or none. */
  private final class Sleepers(worker: ExecutorService, timer: ScheduledExecutorService, hog: Boolean) extends SleepTarget {
    val hogs: LoadTarget = new LoadTarget {
      def startHog(w: LoadWindow): Unit =
        if (!hog) w.hogDone(0, 0)
        else worker.execute { () =>
          var spins = 0L
          while (!w.stopped) spins += 1
          w.hogDone(0, 0)
        }
      def submit(w: LoadWindow, k: Int): Unit = worker.execute(() => w.answer(k))
      override def everyHogRuns: Boolean = false
    }
    private def sleep(w: LoadWindow, s: Int, i: Int): Unit = {
      val k = s * w.slotsPerSleeper + i
      w.expect(k, System.nanoTime() + w.intervalNanos)
      timer.schedule(
        (
            () => worker.execute(() => { w.answer(k); if (w.over || i + 1 >= w.slotsPerSleeper) w.sleeperDone() else sleep(w, s, i + 1) })
        ): Runnable,
        w.intervalNanos, TimeUnit.NANOSECONDS
      )
      ()
    }
    def startSleeper(w: LoadWindow, s: Int): Unit = worker.execute(() => sleep(w, s, 0))
  }

  /** One sleep-drift window of 100 ms: 5 sleepers of 1-ms sleeps on `workers` threads, with a hog
    * that never yields or none; every sleep woke once and none early, whatever the rest shows. */
  private def sleepWindow(workers: Int, hog: Boolean)(check: effectbench.WindowResult => Unit): Unit = {
    val worker = pool(workers)
    val timer = Executors.newSingleThreadScheduledExecutor(effectbench.Threads.daemon("load-window-timer"))
    try {
      val r = LoadWindow.runSleeps(new Sleepers(worker, timer, hog), sleepers = 5, slots = 101, sleepNanos = 1000000L,
        windowNanos = 100000000L, hogs = 1, chain = 10)
      assert(r.everyEventOnce && r.early == 0, r.toString)
      check(r)
    } finally { worker.shutdownNow(); timer.shutdownNow() }
  }

  test("sleep-drift: a sleeper the runtime cannot start until the hogs stop is charged from the window's start (starved)") {
    sleepWindow(workers = 1, hog = true) { r =>
      // Each sleeper ran only after the hog stopped (> 1 s after the window began) and slept once:
      // measured from the moment it ran, that sleep would look prompt.
      assertEquals(r.events, 5, r.toString)
      assertEquals(r.starved, 5, s"every sleep was due 1 ms after the window began: $r")
    }
  }

  test("sleep-drift: sleepers on a free worker sleep one sleep after another, none starved") {
    sleepWindow(workers = 2, hog = false) { r =>
      assertEquals(r.starved, 0, r.toString)
      assert(r.events > 5 * 10, s"each sleeper slept many times: $r")
    }
  }

  test("probes on a free pool are answered at once: none starved, every latency recorded") {
    val p = pool(2)
    try {
      val r = LoadWindow.run(new Free(p), events = 100, intervalNanos = 500000L, hogs = 2, chain = 7)
      assertEquals(r.starved, 0)
      assertEquals(r.histogram.getTotalCount, 100L)
      assert(r.everyEventOnce && r.hogsConsistent, r.toString)
      assertEquals(r.hogSteps, 2 * 3 * 7L)
    } finally p.shutdownNow()
  }

  test("latency counts from each probe's scheduled time: a client held up 200 ms charges the delay to the probes behind it") {
    val p = pool(2)
    try {
      // The client stalls at probe 10 for 200 ms: probes 10..209 (1 ms apart) were due during the
      // stall. Measured from submission they would all look instant (coordinated omission).
      val r = LoadWindow.run(new Free(p, k => if (k == 10) Thread.sleep(200)), events = 300, intervalNanos = 1000000L, hogs = 1, chain = 1)
      assertEquals(r.starved, 0)
      assert(r.histogram.getMaxValue >= 190000000L, s"max ${r.histogram.getMaxValue} ns: the stall is charged to the probe due at it")
      assert(r.histogram.getValueAtPercentile(50) >= 50000000L,
        s"p50 ${r.histogram.getValueAtPercentile(50)} ns: the probes due during the stall (two thirds) waited for it")
    } finally p.shutdownNow()
  }

  test("a probe answered twice is counted, and the oracle's summary says so") {
    val p = pool(1)
    try {
      val twice = new LoadTarget {
        def startHog(w: LoadWindow): Unit = w.hogDone(1, 5)
        def submit(w: LoadWindow, k: Int): Unit = p.execute { () => w.answer(k); if (k == 3) w.answer(k) }
      }
      val r = LoadWindow.run(twice, events = 10, intervalNanos = 100000L, hogs = 1, chain = 5)
      assertEquals(r.answeredTwice, 1)
      assertNotEquals(WindowProgram.hogProbeSummary(5)(r), LatencyModel.hogProbeOracle(10, 5))
    } finally p.shutdownNow()
  }
}
