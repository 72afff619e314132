package effectbench.runner

import effectbench.{Catalog, Family, LatencyModel, Scenario}
import java.nio.file.Path

/** How a family-L cell runs under JMH: one window of load per iteration. The benchmark is
  * `Bench.window`, called once per iteration (an iteration time of 1 ms ends the iteration after
  * its first call) with JMH's iteration synchronisation off (its catch-up calls would be windows
  * too); the warm-up is as many windows as fill the profile's warm-up time, the measurement the
  * profile's iteration count, and at least `MinTailSeconds` of load when the profile warms up (every
  * profile but the tests' smoke). Each measuring JVM appends its measured windows' histograms to the
  * latency log beside its JMH file, named by an absolute path since the path is resolved in that
  * JVM. */
object LatencyCell {
  def isLatency(s: Scenario): Boolean = s.family == Family.L

  /** The load a family-L fork measures at least, in seconds. A fork's p99 is a tail of its own windows,
    * and those windows' p99s scatter widely inside one fork (hog-probe on Cats Effect at 10,240: 0.7
    * to 5.0 ms in four quick windows of one fork; ZIO: 3.7 ms or 120–170 ms by window), so that with
    * the quick profile's four 250-ms windows (1,000 probes) resampling a fork's own windows moved its
    * p99 by 17–33% (log SD) — as much as the forks differed from one another (20–46%), and two runs of
    * six forks a cell put one p99 37.5% from the other. Twelve quick windows halve that part
    * (1/√3). The warm-up is left as it is: a fork's window p99s settled after its fifth window of
    * Cats Effect (132.6, 13.0, 9.8, 8.4, then 3.6–7.9 ms), inside the quick profile's twelve. */
  val MinTailSeconds = 3.0

  /** The windows a family-L fork of `profile` warms up and measures, with windows of `window` seconds. */
  def iterations(profile: MeasureProfile, window: Double): (Int, Int) = {
    val warmups = if (profile.warmups == 0) 0 else math.max(1, math.ceil(profile.warmups * profile.warmupSeconds / window - 1e-9).toInt)
    (warmups, measuredWindows(profile, window))
  }

  /** The windows a family-L fork measures: the profile's iterations, and at least `MinTailSeconds`
    * of windows of `windowSeconds` when the profile warms up and keeps the floor (`tailFloor`: the
    * rounds engine drops it for a cell's first fork, until it knows the cell does not starve). */
  def measuredWindows(profile: MeasureProfile, windowSeconds: Double): Int = {
    val floor = if (profile.warmups == 0 || !profile.tailFloor) 1 else math.ceil(MinTailSeconds / windowSeconds - 1e-9).toInt
    math.max(1, math.max(profile.iterations, floor))
  }

  /** JMH's benchmark and iteration flags for a family-L cell; None for every other cell. */
  def iterations(cell: PlannedCell, s: Scenario, profile: MeasureProfile): Option[Vector[String]] =
    if (!isLatency(s)) None
    else {
      val (warmups, measured) = iterations(profile, LatencyModel.windowSeconds(s.complete(cell.id.params)))
      Some(Vector("effectbench.Bench.window", "-wi", warmups.toString, "-w", "1ms", "-i", measured.toString,
          "-r", "1ms", "-si", "false"))
    }

  /** For the run's banner: the windows a family-L fork warms up and measures, per window length of
    * the cells; empty without family-L cells. */
  def describe(cells: Vector[PlannedCell], profile: MeasureProfile): String = {
    val windows = cells.flatMap(c =>
      Catalog.get(c.id.scenario, includeTestOnly = true).filter(isLatency).map(s =>
        LatencyModel.windowSeconds(s.complete(c.id.params))
      )
    ).distinct.sorted
    if (windows.isEmpty) ""
    else "; a family-L fork " + windows.map { w =>
      val it = iterations(profile, w)
      f"${it._1} warm-up + ${it._2} measured windows of ${w * 1000}%.0f ms"
    }.mkString(", ") + f" (at least ${MinTailSeconds}%.0f s of load measured; in paired rounds from a cell's second fork, and " +
      "never for a cell whose fork starved throughout)"
  }

  /** The latency log of the JMH file `out`: `x.json` -> `x.hlog`. */
  def logOf(out: Path): Path = {
    val name = out.getFileName.toString
    out.resolveSibling((if (name.endsWith(".json")) name.dropRight(5) else name) + LatencyModel.LogSuffix)
  }

  /** The measuring JVM's flag naming its latency log, for a family-L cell. */
  def logFlag(s: Scenario, out: Path): Vector[String] =
    if (isLatency(s)) Vector(s"-D${LatencyModel.LogProperty}=${logOf(out).toAbsolutePath}") else Vector.empty
}
