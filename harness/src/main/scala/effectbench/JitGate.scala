package effectbench

/** The latency family's warm-up, judged by the JIT: after the profile's warm-up windows, a fork runs more
  * (unrecorded) windows until the JIT compilers have been nearly idle for a second of windows, or
  * until its limit, and only then measures.
  *
  * Why (docs/lessons/jit-still-compiling.md): after the quick profile's 3 s of warm-up the compilers
  * can still be at work in the measured windows, and a window in which C2 recompiles a runtime's run
  * loop on one of two cores holds its probes for a hundred milliseconds or more. A service does not
  * live in its first ten seconds; a fork that measures there times the compilers. The gate alone is
  * not enough: the warm-up must also run the measured windows' code (Bench,
  * LoadWindow.classifyStarved, LatencyLog.recording, ProcCounters' rehearsal). The rule is one for
  * every runtime: the JIT's own clock (the CompilationMXBean's total compilation time), the same span
  * and share. */
object JitGate {
  /** The system property, set by the runner for a fork of a profile with warm-up: the most seconds
    * of windows the gate may add. Unset or 0: no gate (the tests' smoke forks). */
  val Property: String = LatencyModel.JitSettleProperty

  /** The span of the latest windows the JIT is judged over, and the share of it the compilers may
    * have worked: 20 ms in a second, well under what the compilers took of a still-warming fork's
    * windows (a median of 170 ms a second on the nested 2-core guest). */
  val QuietSpanNanos: Long = 1000000000L
  val QuietShare: Double = 0.02

  /** One window: how long it took and the milliseconds the JIT compiled meanwhile. */
  final case class Window(nanos: Long, jitMillis: Long)

  /** Whether the windows so far (oldest first) end quiet: the latest of them that together last at
    * least `QuietSpanNanos` saw the compilers at work no more than `QuietShare` of that time. */
  def quiet(windows: Vector[Window]): Boolean = {
    var span = 0L
    var jit = 0L
    var i = windows.size - 1
    while (i >= 0 && span < QuietSpanNanos) {
      span += windows(i).nanos
      jit += math.max(0L, windows(i).jitMillis)
      i -= 1
    }
    span >= QuietSpanNanos && jit * 1000000.0 <= QuietShare * span
  }

  /** What the gate did: the windows it added, the seconds they took, and whether it ended quiet (not
    * at its limit). */
  final case class Settled(windows: Int, seconds: Double, quiet: Boolean)

  /** Runs `window` until the windows, after those of the warm-up (`before`), end quiet, or until
    * adding another would pass `maxNanos` of added windows. `jitMillis` is the JIT's clock (-1: the
    * JVM keeps none, and the gate adds nothing), `clock` the nanosecond clock. */
  def settle(before: Vector[Window], maxNanos: Long, jitMillis: () => Long, clock: () => Long)(window: () => Unit): Settled = {
    if (maxNanos <= 0 || jitMillis() < 0) return Settled(0, 0, quiet(before))
    var windows = before
    var added = 0
    var spent = 0L
    var longest = 0L
    while (!quiet(windows) && spent + longest <= maxNanos) {
      val j0 = jitMillis()
      val t0 = clock()
      window()
      val took = clock() - t0
      windows = windows :+ Window(took, jitMillis() - j0)
      added += 1
      spent += took
      longest = math.max(longest, took)
    }
    Settled(added, spent / 1e9, quiet(windows))
  }

  /** The JIT's clock of this JVM, in ms; -1 when it keeps none. */
  def jitMillis(): Long = {
    val c = java.lang.management.ManagementFactory.getCompilationMXBean
    if (c == null || !c.isCompilationTimeMonitoringSupported) -1L else c.getTotalCompilationTime
  }

  /** The gate's limit in this JVM (the runner's property), in ns. */
  def maxNanos: Long =
    Option(System.getProperty(Property)).flatMap(s => scala.util.Try(s.trim.toDouble).toOption).filter(_ > 0)
      .fold(0L)(s => (s * 1e9).toLong)
}
