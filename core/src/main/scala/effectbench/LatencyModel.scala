package effectbench

/** The latency family's shared rules (docs/scenarios.md, "latency and fairness under load"): the schedule of
  * a window, the starvation limit, the budget variants and the oracle's words. The harness's
  * LoadWindow runs the schedule; the runner and the report read the same numbers here. */
object LatencyModel {
  /** An event answered later than this after its scheduled time is starved: counted apart, never
    * put in a percentile. */
  val StarvedNanos: Long = 1000000000L

  /** The secondary JMH metric a latency cell is scored by: the hogs' time per step (JMH's
    * `@AuxCounters` operations, normalised like the primary metric). */
  val ScoreMetric = "hogSteps"

  /** The suffix of a fork's latency log beside its JMH file (`x.json` -> `x.hlog`). */
  val LogSuffix = ".hlog"

  /** The comment line of a latency log before each window's histogram (without HdrHistogram's
    * leading `#`): what no histogram holds, the window's events and its starved events, and for a
    * service window its late timeouts (ServiceModel: a fast backend that lost to the timeout; a
    * negative count, as for the other scenarios, leaves the field out), and the client's own
    * lateness in µs (`clientLagUs`, LoadWindow.clientLagNanos; negative: left out, as for
    * sleep-drift and logs written before it was recorded) with the JVM's longest collection during the
    * window in ms (`gcPauseMs`, GcPauses; negative: left out) and the part of the client's lateness that
    * was its wakes' in µs (`wakeLagUs`, LoadWindow.wakeLagNanos; negative: left out). */
  def windowComment(
      tag: String, events: Long, starved: Long, hogSteps: Long, lateTimeouts: Long = -1L,
      clientLagNanos: Long = -1L, gcPauseMs: Long = -1L, wakeLagNanos: Long = -1L
  ): String =
    s"effectbench window tag=$tag events=$events starved=$starved hogSteps=$hogSteps" +
      (if (lateTimeouts >= 0) s" lateTimeouts=$lateTimeouts" else "") +
      (if (clientLagNanos >= 0) s" clientLagUs=${clientLagNanos / 1000}" else "") +
      (if (gcPauseMs >= 0) s" gcPauseMs=$gcPauseMs" else "") +
      (if (wakeLagNanos >= 0) s" wakeLagUs=${wakeLagNanos / 1000}" else "")

  /** The system property that names the measuring JVM's latency log (an absolute path). */
  val LogProperty = "effectbench.latencyLog"

  /** The system property of the JIT gate's limit in seconds (the harness's JitGate), set by the runner. */
  val JitSettleProperty = "effectbench.jitSettleSeconds"

  /** The hog-probe and sleep-drift variants: the auto-yield budget of the runtime the cell runs on. */
  val Levelled = "levelled"
  val Shipped = "shipped"
  val Budget128 = "budget-128"
  val YieldOff = "yield-off"
  val budgetVariants: Vector[String] = Vector(Levelled, Shipped, Budget128, YieldOff)

  def windowNanos(p: Params): Long = p.long("window-ms") * 1000000L
  def windowSeconds(p: Params): Double = p.long("window-ms") / 1000.0

  /** The probes of one hog-probe window: one every `interval-us`, for the window. */
  def probes(p: Params): Int = math.max(1L, p.long("window-ms") * 1000L / p.long("interval-us")).toInt

  /** Hogs per window: `hogs-per-cpu` times the processors the measuring JVM sees. */
  def hogs(p: Params, processors: Int): Int = p.int("hogs-per-cpu") * math.max(1, processors)

  /** The hog-probe oracle: every probe answered exactly once, and every hog's steps equal to its
    * chains times the chain length (the steps are what the binds computed, the chains what the hog
    * loop counted). */
  def hogProbeOracle(probes: Int, chain: Long): String =
    s"$probes probes answered once; every hog's steps = its chains x $chain"

  /** The sleep-drift oracle: every sleep ended once, none before its time, none of the sleepers
    * woke more often than the window allows plus one, and every hog's steps as for hog-probe. */
  def sleepDriftOracle(sleepers: Int, maxWakes: Long, chain: Long): String =
    s"$sleepers sleepers: every sleep woke once, none early, at most $maxWakes each; every hog's steps = its chains x $chain"

  /** The most wakes a sleeper can have in a window: one sleep of `sleep-us` after another. */
  def maxWakes(p: Params): Long = p.long("window-ms") * 1000L / p.long("sleep-us") + 1
}
