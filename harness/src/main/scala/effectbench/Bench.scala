package effectbench

import java.util.concurrent.TimeUnit
import org.openjdk.jmh.annotations._
import org.openjdk.jmh.infra.IterationParams
import org.openjdk.jmh.runner.IterationType

/** The one JMH benchmark of every runtime module: the cell to time is a parameter, so the
  * catalog stays the single source of truth and every cell runs in its own forked JVM.
  * Time unit and iteration counts come from the runner's command line. */
@State(org.openjdk.jmh.annotations.Scope.Benchmark)
@BenchmarkMode(
  Array(org.openjdk.jmh.annotations.Mode.AverageTime)
) // qualified: Scala 2.12 prefers effectbench.Mode over the wildcard import
@OutputTimeUnit(TimeUnit.MICROSECONDS)
class Bench {
  @Param(Array("")) var cell: String = ""
  @Param(Array("levelled")) var settings: String = "levelled"

  private var live: Live = null
  private var program: Program = null

  @Setup(Level.Trial)
  def setup(): Unit = {
    Watchdog.start()
    // A fork JMH launches runs JMH's own main: its numbers too read alike on every machine.
    RootLocale.set()
    // Latency under load: the check's window and the warm-up windows are not recorded (LoadWindow.classifyStarved).
    LoadWindow.classifyStarved = false
    LatencyLog.recording = false
    val opened = Harness.open(cell, effectbench.Settings(settings))
    live = opened._1
    program = opened._2
    // A cell that fails its oracle is never timed: check once more inside the measuring JVM.
    Harness.check(cell, program)
  }

  @Benchmark
  def run(): Any = program.run()

  /** Whether the iteration under way is measured (not a warm-up): only measured windows go to the
    * latency log. */
  private var measuring = false
  /** 1 while measuring, else 0: what the window multiplies by instead of branching (JitGate). */
  private var measured = 0L

  /** The latency family's warm-up windows so far, with the JIT's work during each (JitGate), and whether the
    * iteration under way is the last warm-up, after which the gate may add windows. */
  private var warmupWindows = Vector.empty[JitGate.Window]
  private var warmupsDone = 0
  private var lastWarmup = false
  private var iterationStart = 0L
  private var iterationJit = 0L
  /** The gate's outcome, reported once, with the first measured window (WindowEvents): counts
    * added to every window's, 0 but in that one, so warm-up and measured windows run one code. */
  private var gateWindows = 0L
  private var gateUnsettled = 0L

  @Setup(Level.Iteration)
  def iteration(ip: IterationParams): Unit = {
    // Relay rounds: this iteration is a turn, and it starts when the referee says so (RelayTurn).
    RelayTurn.awaitTurn()
    // A turn's start outside the clock: the JVM was stopped since its last turn, and a pool that parked
    // then wakes in one untimed operation here, not in the turn's timed part, where its cost would
    // differ by runtime (a latency window starts its own load).
    if (RelayTurn.enabled && !program.isInstanceOf[WindowProgram]) program.run()
    measuring = ip.getType == IterationType.MEASUREMENT
    measured = if (measuring) 1L else 0L
    if (!measuring) {
      warmupsDone += 1
      lastWarmup = warmupsDone == ip.getCount
    } else lastWarmup = false
    LoadWindow.classifyStarved = measuring
    LatencyLog.recording = measuring
    iterationJit = JitGate.jitMillis()
    iterationStart = System.nanoTime()
  }

  @TearDown(Level.Iteration)
  def iterationEnd(): Unit = {
    LoadWindow.classifyStarved = false
    LatencyLog.recording = false
    if (!measuring && program.isInstanceOf[WindowProgram]) {
      warmupWindows = warmupWindows :+ JitGate.Window(System.nanoTime() - iterationStart, JitGate.jitMillis() - iterationJit)
      // After the last warm-up window, in the warm-up iteration's time (its counters are not
      // reported): unrecorded windows until the JIT is quiet (JitGate).
      if (lastWarmup) {
        val s = JitGate.settle(warmupWindows, JitGate.maxNanos, () => JitGate.jitMillis(), () => System.nanoTime())(() => {
          program.run(); ()
        })
        gateWindows = s.windows.toLong
        gateUnsettled = if (s.quiet) 0L else 1L
        System.err.println(
          f"effectbench: JIT gate: ${s.windows} windows (${s.seconds}%.1f s) after ${warmupWindows.size} warm-up windows; " +
            (if (s.quiet) "the JIT quiet" else "the JIT still at work at the gate's limit")
        )
      }
    }
  }

  /** Latency under load: one window of load per call; the runner asks for one call per iteration (an
    * iteration time of 1 ms, and no synchronisation loops), so an iteration is a window. The hogs'
    * steps are JMH operations of their own (`hogSteps`, time per step: the cell's score), the
    * window's events and starved events are counted, and a measured window's histogram goes to the
    * fork's latency log (LatencyLog). */
  @Benchmark
  def window(hog: HogSteps, events: WindowEvents): Any = program.run() match {
    case r: WindowResult =>
      hog.hogSteps += r.hogSteps
      events.events += r.events
      events.starved += r.starved
      events.lateTimeouts += r.lateTimeouts
      // Not recorded in a warm-up window (LatencyLog.recording), by the same code (JitGate).
      LatencyLog.record(r)
      events.jitGateWindows += gateWindows * measured
      events.jitUnsettled += gateUnsettled * measured
      gateWindows *= 1L - measured
      gateUnsettled *= 1L - measured
      r
    case other => throw new IllegalStateException(s"$cell is not a latency program (it returned ${other.getClass.getName})")
  }

  /** Checks the result once more after the measurement: a program that goes wrong only after
    * many calls is invalid, not a score. */
  @TearDown(Level.Trial)
  def tearDown(): Unit = if (live != null) {
    try { if (program != null) Harness.check(cell, program) }
    finally { live.close(); RelayTurn.end() }
  }
}

/** The hogs' steps of an iteration, as JMH operations: JMH reports them as time per step, like the
  * primary metric (`@AuxCounters` OPERATIONS in AverageTime mode). Scala compiles the `var` to a
  * private field with a public accessor, which JMH reads as a counter it does not reset, hence the
  * reset here. */
@State(org.openjdk.jmh.annotations.Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
class HogSteps {
  var hogSteps: Long = 0L
  @Setup(Level.Iteration)
  def clear(): Unit = hogSteps = 0L
}

/** A window's events, those starved and (service) its late timeouts, counted per iteration
  * (`@AuxCounters` EVENTS); with the first measured window, the windows the JIT gate added to the
  * warm-up and whether it stopped at its limit with the JIT still at work (JitGate). */
@State(org.openjdk.jmh.annotations.Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
class WindowEvents {
  var events: Long = 0L
  var starved: Long = 0L
  var lateTimeouts: Long = 0L
  var jitGateWindows: Long = 0L
  var jitUnsettled: Long = 0L
  @Setup(Level.Iteration)
  def clear(): Unit = { events = 0L; starved = 0L; lateTimeouts = 0L; jitGateWindows = 0L; jitUnsettled = 0L }
}
