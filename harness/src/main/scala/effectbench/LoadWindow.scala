package effectbench

import java.util.concurrent.atomic.{AtomicInteger, AtomicLong, AtomicLongArray}
import java.util.concurrent.locks.LockSupport
import org.HdrHistogram.Histogram

/** One window of load (latency under load): `events` events on a fixed schedule, one every `intervalNanos`
  * from `begin`, each answered once by a fiber of the runtime, while `hogs` hog fibers run.
  *
  * Latency is metered (docs/scenarios.md): an event's latency is the time it was answered minus the
  * time it was scheduled for, not minus the time the client got round to submitting it, so a client
  * held up by a stalled machine does not hide the stall (no coordinated omission). The client only
  * submits; the answer is one `System.nanoTime()` and one compare-and-set in the runtime's fiber,
  * recorded into the histogram by the client after the window. */
final class LoadWindow(val events: Int, val intervalNanos: Long, val hogs: Int, val chain: Long, val slotsPerSleeper: Int = 0) {
  private val NotAnswered = Long.MinValue
  private def unset(n: Int) = {
    val a = new AtomicLongArray(n)
    var i = 0
    while (i < n) { a.set(i, NotAnswered); i += 1 }
    a
  }
  private val answers = unset(events)
  /** Scheduled times an event's own program set (sleep-drift); unset: the fixed schedule's. */
  private val expected = unset(events)
  /** The wake each sleep asked for (sleep-drift): a wake before it is early, whatever its due time. */
  private val requested = unset(events)
  private val reissued = new AtomicInteger()
  private val issuedCount = new AtomicInteger()
  private val early = new AtomicInteger()
  private val sleepersDone = new AtomicInteger()
  /** The window's length: the fixed schedule's, or what `windowFor` set. */
  @volatile var windowNanos: Long = events * intervalNanos
  private val answeredCount = new AtomicInteger()
  private val twice = new AtomicInteger()
  @volatile private var startNanos: Long = 0L
  @volatile private var stop: Boolean = false
  private val hogReports = new AtomicInteger()
  private val hogChains = new AtomicLong()
  private val hogSteps = new AtomicLong()
  private val hogMismatches = new AtomicInteger()
  private val hogsIdle = new AtomicInteger()
  private val clientAnswers = new AtomicInteger()
  @volatile private var client: Thread = null
  /** The client's own lateness: the most any event was submitted after its scheduled time (ns). The
    * client is a plain platform thread, not the runtime's, that sleeps between events. On two cores
    * the hogs hold, the machine wakes it milliseconds late in most windows (docs/lessons/client-late.md),
    * and a collection's pause holds it too (recorded beside it, GcPauses). Recorded beside the window's
    * histogram, never taken out of a latency. */
  @volatile var clientLagNanos: Long = 0L
  def clientLate(lag: Long): Unit = if (lag > clientLagNanos) clientLagNanos = lag

  /** The part of the client's lateness that is its wake's: the most any event was submitted after its
    * scheduled time when the client had parked for it (ns). An event the client reached already late,
    * because a submission before it took that long (a runtime whose entry stalls its caller, as Cats
    * Effect's wake of a parked worker can: docs/lessons/late-wakes.md) or because an earlier wake was
    * late, adds nothing here: the wake's own lateness is the machine's (or a collection's), the
    * submission's is the runtime's. */
  @volatile var wakeLagNanos: Long = 0L
  def wokeLate(lag: Long): Unit = if (lag > wakeLagNanos) wakeLagNanos = lag

  /** The client's step for event `k`: parks until it is due, and records how late it came. */
  def clientAwait(k: Int): Unit = {
    val due = scheduled(k)
    val parks = System.nanoTime() < due
    val lag = LoadWindow.parkUntil(due)
    clientLate(lag)
    if (parks) wokeLate(lag)
  }

  /** Called by the client thread: the window's clock starts at `at`, and an answer on this thread is counted. */
  def begin(at: Long): Unit = { client = Thread.currentThread(); startNanos = at }
  def started: Long = startNanos
  def scheduled(k: Int): Long = {
    val e = expected.get(k)
    if (e != NotAnswered) e else startNanos + k * intervalNanos
  }

  /** Event k is due at `at` (sleep-drift: a sleeper's requested wake), set by the runtime's fiber.
    * A sleep is due no later than one sleep after the moment its sleeper was due to start it: its
    * first sleep one sleep after the window began (the sleepers are started then), each later one
    * one sleep after the previous wake. A runtime that cannot run a sleeper, or keeps it from its
    * next sleep, is charged for the wait (no coordinated omission), as hog-probe charges a probe
    * from its scheduled time: on 2 cores baseline's, loom's and Monix's sleepers did not start
    * until the hogs stopped, and their one sleep each, self-scheduled after the window, looked
    * prompt. */
  def expect(k: Int, at: Long): Unit = {
    val due =
      if (slotsPerSleeper == 0) at
      else if (k % slotsPerSleeper == 0) math.min(at, startNanos + intervalNanos)
      else {
        val woke = answers.get(k - 1)
        if (woke == NotAnswered) at else math.min(at, woke + intervalNanos)
      }
    if (expected.compareAndSet(k, NotAnswered, due)) {
      requested.set(k, at)
      issuedCount.incrementAndGet()
    } else reissued.incrementAndGet()
    ()
  }
  /** Slots issued a second time: a sleeper that slept past its own slots into another's, or
    * issued one sleep twice. */
  def slotsReissued: Int = reissued.get()
  def issued: Int = issuedCount.get()
  /** Whether the window's time is up (sleep-drift's sleepers stop starting sleeps). */
  def over: Boolean = System.nanoTime() - startNanos >= windowNanos
  def sleeperDone(): Unit = { sleepersDone.incrementAndGet(); () }
  def sleepersFinished: Int = sleepersDone.get()
  def answeredEarly: Int = early.get()

  /** An event's answer, run by the runtime: reads the clock and completes event k's signal. A
    * second answer of one event is counted (the oracle refuses it), never recorded. */
  def answer(k: Int): Unit = {
    val now = System.nanoTime()
    if (answers.compareAndSet(k, NotAnswered, now)) {
      answeredCount.incrementAndGet()
      if (Thread.currentThread() eq client) clientAnswers.incrementAndGet()
      val wake = requested.get(k)
      if (now < (if (wake != NotAnswered) wake else scheduled(k))) early.incrementAndGet()
    } else twice.incrementAndGet()
    ()
  }

  def answered: Int = answeredCount.get()

  /** service: the requests whose raced backend lost to the timeout, marked by the request's fiber. */
  private lazy val timedOutFlags = new java.util.concurrent.atomic.AtomicIntegerArray(events)
  def timedOut(k: Int): Unit = { timedOutFlags.incrementAndGet(k); () }
  /** How many times request k timed out (a slow one counted twice fails the oracle). */
  def timeoutsOf(k: Int): Int = timedOutFlags.get(k)

  /** service: the backends each request started, two of them (a and b) tracked while in flight;
    * a fan-out run one after the other never has two in flight at once. */
  private lazy val inFlight = new java.util.concurrent.atomic.AtomicIntegerArray(events)
  private val backendsStarted = new AtomicLong()
  private val overlapping = new AtomicInteger()
  def backendStarted(k: Int): Unit = { backendsStarted.incrementAndGet(); () }
  def backendIn(k: Int): Unit = {
    backendsStarted.incrementAndGet()
    if (inFlight.incrementAndGet(k) == 2) overlapping.incrementAndGet()
    ()
  }
  def backendOut(k: Int): Unit = { inFlight.decrementAndGet(k); () }
  def backends: Long = backendsStarted.get()
  /** Requests whose tracked backends were both in flight at one moment. */
  def overlappedRequests: Int = overlapping.get()

  /** service: every holder of a permit of the connection pool, around its held step. */
  private val holders = new AtomicInteger()
  private val mostHolders = new AtomicInteger()
  private val permitsTaken = new AtomicInteger()
  def permitIn(): Unit = {
    permitsTaken.incrementAndGet()
    val h = holders.incrementAndGet()
    var m = mostHolders.get()
    while (h > m && !mostHolders.compareAndSet(m, h)) m = mostHolders.get()
  }
  def permitOut(): Unit = { holders.decrementAndGet(); () }
  def permitsHeldMost: Int = mostHolders.get()
  def permitsAcquired: Int = permitsTaken.get()
  def answeredTwice: Int = twice.get()

  /** Read by every hog between two chains, inside its effect. */
  def stopped: Boolean = stop
  def stopHogs(): Unit = stop = true

  /** A hog's report when it stops: the chains its loop counted and the steps its chains returned. */
  def hogDone(chains: Long, steps: Long): Unit = {
    if (steps != chains * chain) hogMismatches.incrementAndGet()
    if (chains == 0) hogsIdle.incrementAndGet()
    hogChains.addAndGet(chains)
    hogSteps.addAndGet(steps)
    hogReports.incrementAndGet()
    ()
  }

  def hogsReported: Int = hogReports.get()
  def steps: Long = hogSteps.get()
  def chains: Long = hogChains.get()
  def mismatches: Int = hogMismatches.get()
  /** Hogs that ran no chain in the window: a hog reads the stop flag before each chain and finishes
    * a chain it began, so one that ran none was first run after the window stopped its hogs. */
  def idleHogs: Int = hogsIdle.get()
  /** Events answered on the client's own thread, not by the runtime. */
  def answeredOnClient: Int = clientAnswers.get()

  /** Whether event k is one of the window's: every one of a fixed schedule, and those a sleeper
    * issued. */
  def isEvent(k: Int): Boolean = slotsPerSleeper == 0 || expected.get(k) != NotAnswered

  /** Event k's latency in nanoseconds, or None when it was not answered. */
  def latency(k: Int): Option[Long] = {
    val a = answers.get(k)
    if (a == NotAnswered) None else Some(math.max(0L, a - scheduled(k)))
  }
}

object LoadWindow {
  /** A histogram of latencies up to the starvation limit, at 3 significant digits (0.1%). */
  def histogram(): Histogram = new Histogram(LatencyModel.StarvedNanos, 3)

  /** How long the client polls while it drains a window, and its patience with hogs that do not
    * stop and events that are never answered once the hogs stopped (then the oracle fails). */
  private val PollNanos = 200000L
  private val HogStopLimitNanos = 30000000000L
  private val LateAnswerLimitNanos = 10000000000L

  /** Parks the calling thread until `at` (System.nanoTime), and returns how late it woke (ns).
    * Parking, not spinning: on two cores a spinning client would take a core from the runtime; its
    * lateness is charged to the runtime all the same, alike for every runtime, since latency counts
    * from the scheduled time. */
  def parkUntil(at: Long): Long = {
    var left = at - System.nanoTime()
    while (left > 0) {
      LockSupport.parkNanos(left)
      left = at - System.nanoTime()
    }
    -left
  }

  /** Whether a window waits, after its schedule, until each event is answered or starved (1 s
    * late). A window whose events are not recorded (a warm-up window, or the oracle's check run
    * before and after the measurement) need not tell the starved apart: it stops its hogs when its
    * schedule ends and waits for the answers. Only the measuring JVM turns it off, for those windows
    * (Bench); a runtime whose probes starve then spends 0.25 s, not 1.25 s, on each of them. */
  def classifyStarved: Boolean = waitCap > 0L
  def classifyStarved_=(on: Boolean): Unit = waitCap = if (on) Long.MaxValue else 0L
  @volatile private var waitCap: Long = Long.MaxValue

  /** The longest a window waits after its schedule for its last answers: every runtime's last
    * answers wait the full starvation limit when the window is recorded, none at all otherwise. A
    * cap taken by `math.min`, not a branch, so a warm-up window runs the very code a measured one
    * runs: a branch never taken in the warm-up is compiled as a trap, and the first measured window
    * took it, deoptimized the client and set the compilers to work in it (JitGate). */
  private def starvedWait(nanos: Long): Long = math.min(nanos, waitCap)

  private def waitFor(limitNanos: Long)(done: => Boolean): Boolean = {
    val until = System.nanoTime() + limitNanos
    while (!done && System.nanoTime() < until) LockSupport.parkNanos(PollNanos)
    done
  }

  /** Runs one window on the calling thread, the client: starts the hogs, submits every event on
    * its schedule, then lets the hogs run until every event is answered or the last is starved
    * (1 s late), stops them, and waits for their reports and for the events still unanswered (a
    * starved one is answered once the hogs stop; one never answered fails the oracle). */
  def run(target: LoadTarget, events: Int, intervalNanos: Long, hogs: Int, chain: Long): WindowResult = {
    val w = new LoadWindow(events, intervalNanos, hogs, chain)
    val startMillis = System.currentTimeMillis()
    var i = 0
    target.startHogs(w, w.hogs)
    GcPauses.reset()
    w.begin(System.nanoTime() + w.intervalNanos)
    var k = 0
    while (k < w.events) {
      w.clientAwait(k)
      target.submit(w, k)
      k += 1
    }
    val last = w.scheduled(w.events - 1)
    waitFor(starvedWait(math.max(0L, last + LatencyModel.StarvedNanos - System.nanoTime())))(w.answered >= w.events)
    w.stopHogs()
    if (!waitFor(HogStopLimitNanos)(w.hogsReported >= w.hogs))
      throw new IllegalStateException(s"${w.hogs - w.hogsReported} of ${w.hogs} hogs did not stop within 30 s of the stop flag")
    waitFor(LateAnswerLimitNanos)(w.answered >= w.events)
    result(w, startMillis).copy(everyHogRuns = target.everyHogRuns)
  }

  /** The window's events as a result: latencies recorded, the starved and the unanswered counted. */
  private def result(w: LoadWindow, startMillis: Long): WindowResult = {
    val endMillis = System.currentTimeMillis()
    val h = histogram()
    var starved = 0
    var events = 0
    var k = 0
    while (k < w.events) {
      if (w.isEvent(k)) {
        events += 1
        w.latency(k) match {
          case Some(l) if l <= LatencyModel.StarvedNanos => h.recordValue(l)
          case _ => starved += 1
        }
      }
      k += 1
    }
    val perSleeper = (0 until (if (w.slotsPerSleeper == 0) 0 else w.events / w.slotsPerSleeper)).map { s =>
      (0 until w.slotsPerSleeper).count(i => w.isEvent(s * w.slotsPerSleeper + i))
    }
    WindowResult(events, w.answered, w.answeredTwice, starved, h, w.hogs, w.hogsReported, w.chains, w.steps, w.mismatches,
      startMillis, endMillis, w.answeredEarly, perSleeper.size, w.sleepersFinished, if (perSleeper.isEmpty) 0 else perSleeper.min,
      if (perSleeper.isEmpty) 0 else perSleeper.max, w.slotsReissued, w.idleHogs, false, w.answeredOnClient,
      clientLagNanos = if (w.slotsPerSleeper == 0) w.clientLagNanos else -1L,
      wakeLagNanos = if (w.slotsPerSleeper == 0) w.wakeLagNanos else -1L,
      gcPauseMs = if (w.slotsPerSleeper == 0) GcPauses.longestMs else -1L)
  }

  /** Runs one service window on the calling thread, the client: makes the window's semaphore,
    * submits every request of the seeded schedule at its scheduled time (its offset from the
    * window's start), then waits until every request is answered or the last is starved (1 s late),
    * and a while longer for those still unanswered (one never answered fails the oracle). No hogs:
    * the requests are the load. The window's score counts the requests answered (`hogSteps`). */
  def runService(target: ServiceTarget, s: ServiceModel.Schedule, permits: Int): WindowResult = {
    val w = new LoadWindow(s.requests, 0L, 0, 1L)
    target.startWindow(permits)
    val startMillis = System.currentTimeMillis()
    GcPauses.reset()
    w.begin(System.nanoTime() + 1000000L)
    var k = 0
    while (k < s.requests) { w.expect(k, w.started + s.offsets(k)); k += 1 }
    w.windowNanos = s.offsets(s.requests - 1)
    k = 0
    while (k < s.requests) {
      w.clientAwait(k)
      target.submit(w, s, k)
      k += 1
    }
    val last = w.scheduled(s.requests - 1)
    waitFor(math.max(0L, last + LatencyModel.StarvedNanos - System.nanoTime()))(w.answered >= s.requests)
    waitFor(LateAnswerLimitNanos)(w.answered >= s.requests)
    var slowTimedOut = 0
    var late = 0
    k = 0
    while (k < s.requests) {
      val t = w.timeoutsOf(k)
      if (s.slow(k)) slowTimedOut += t else late += t
      k += 1
    }
    result(w, startMillis).copy(hogSteps = w.answered.toLong, timeouts = slowTimedOut, lateTimeouts = late,
      service = true, backends = w.backends, overlappedRequests = w.overlappedRequests, permitsAcquired = w.permitsAcquired,
      permitsHeldMost = w.permitsHeldMost)
  }

  /** Runs one sleep-drift window on the calling thread: starts the hogs and the sleepers, lets
    * them run for the window, then until every sleep issued has woken or the last possible one is
    * starved, stops the hogs and waits for the sleeps still asleep. A sleep's latency is its
    * oversleep: the time it woke minus the time it asked to wake. */
  def runSleeps(target: SleepTarget, sleepers: Int, slots: Int, sleepNanos: Long, windowNanos: Long, hogs: Int, chain: Long)
      : WindowResult = {
    val w = new LoadWindow(sleepers * slots, sleepNanos, hogs, chain, slots)
    w.windowNanos = windowNanos
    val startMillis = System.currentTimeMillis()
    var i = 0
    target.startHogs(w, w.hogs)
    w.begin(System.nanoTime())
    var s = 0
    while (s < sleepers) { target.startSleeper(w, s); s += 1 }
    parkUntil(w.started + windowNanos)
    val deadline = System.nanoTime() + sleepNanos + LatencyModel.StarvedNanos
    waitFor(starvedWait(math.max(0L, deadline - System.nanoTime())))(w.sleepersFinished >= sleepers && w.answered >= w.issued)
    w.stopHogs()
    if (!waitFor(HogStopLimitNanos)(w.hogsReported >= w.hogs))
      throw new IllegalStateException(s"${w.hogs - w.hogsReported} of ${w.hogs} hogs did not stop within 30 s of the stop flag")
    waitFor(LateAnswerLimitNanos)(w.sleepersFinished >= sleepers && w.answered >= w.issued)
    result(w, startMillis).copy(everyHogRuns = target.everyHogRuns)
  }
}
