package effectbench.runner

import effectbench.{Catalog, Family, LatencyModel, Scenario}
import java.nio.file.Path

/** How a latency cell runs under JMH: one window of load per iteration. The benchmark is
  * `Bench.window`, called once per iteration (an iteration time of 1 ms ends the iteration after
  * its first call) with JMH's iteration synchronisation off (its catch-up calls would be windows
  * too); the warm-up is as many windows as fill the profile's warm-up time, the measurement the
  * profile's iteration count. Each measuring JVM appends its measured windows' histograms to the
  * latency log beside its JMH file, named by an absolute path since the path is resolved in that
  * JVM. */
object LatencyCell {
  def isLatency(s: Scenario): Boolean = s.family == Family.Latency

  /** The windows a latency fork of `profile` warms up and measures, with windows of `window` seconds:
    * as many warm-up windows as fill the profile's warm-up time, and the profile's iterations.
    *
    * No floor of measured windows: twelve windows a fork instead of four did not narrow the spread of
    * the forks' p99s (one fork in six at 3–6× the others' sets it, a launch's state and not its
    * sample) and cost half as much time again (docs/lessons/tails-need-forks.md). From the fifth round
    * the windows follow the p99's own variance (ForkShape.tailComponents). */
  def iterations(profile: MeasureProfile, window: Double): (Int, Int) = {
    val warmups = if (profile.warmups == 0) 0 else math.max(1, math.ceil(profile.warmups * profile.warmupSeconds / window - 1e-9).toInt)
    (warmups, math.max(1, profile.iterations))
  }

  /** JMH's benchmark and iteration flags for a latency cell; None for every other cell. */
  def iterations(cell: PlannedCell, s: Scenario, profile: MeasureProfile): Option[Vector[String]] =
    if (!isLatency(s)) None
    else {
      val (warmups, measured) = iterations(profile, LatencyModel.windowSeconds(s.complete(cell.id.params)))
      Some(Vector("effectbench.Bench.window", "-wi", warmups.toString, "-w", "1ms", "-i", measured.toString,
          "-r", "1ms", "-si", "false"))
    }

  /** For the run's banner: the windows a latency fork warms up and measures, per window length of
    * the cells; empty without latency cells. */
  def describe(cells: Vector[PlannedCell], profile: MeasureProfile): String = {
    val windows = cells.flatMap(c =>
      Catalog.get(c.id.scenario, includeTestOnly = true).filter(isLatency).map(s =>
        LatencyModel.windowSeconds(s.complete(c.id.params))
      )
    ).distinct.sorted
    if (windows.isEmpty) ""
    else "; a latency fork " + windows.map { w =>
      val it = iterations(profile, w)
      f"${it._1} warm-up + ${it._2} measured windows of ${w * 1000}%.0f ms" +
        (if (profile.warmups > 0) s" (and up to $JitSettleSeconds s more warm-up until the JIT is quiet)" else "")
    }.mkString(", ")
  }

  /** The latency log of the JMH file `out`: `x.json` -> `x.hlog`. */
  def logOf(out: Path): Path = effectbench.store.JmhMerge.logOf(out)

  /** The most seconds of windows the JIT gate may add to a latency fork's warm-up (JitGate): enough
    * for the slowest machine seen, where the compilers fell quiet 10–12 s into a fork of Cats Effect's
    * hog-probe, 7–9 s after the quick profile's warm-up. */
  val JitSettleSeconds = 10

  /** The measuring JVM's flags for a latency cell: the one naming its latency log, and the JIT
    * gate's limit when the profile warms up at all (the runner's smoke forks do not). */
  def logFlag(s: Scenario, out: Path, profile: MeasureProfile): Vector[String] =
    if (!isLatency(s)) Vector.empty
    else
      Vector(s"-D${LatencyModel.LogProperty}=${logOf(out).toAbsolutePath}") ++
        (if (profile.warmups > 0) Vector(s"-D${LatencyModel.JitSettleProperty}=$JitSettleSeconds") else Vector.empty)
}
