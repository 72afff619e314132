package effectbench.runner

import effectbench.{Family, LatencyModel, Scenario}
import java.nio.file.Path

/** How a family-L cell runs under JMH: one window of load per iteration. The benchmark is
  * `Bench.window`, called once per iteration (an iteration time of 1 ms ends the iteration after
  * its first call) with JMH's iteration synchronisation off (its catch-up calls would be windows
  * too); the warm-up is as many windows as fill the profile's warm-up time, the measurement the
  * profile's iteration count. Each measuring JVM appends its measured windows' histograms to the
  * latency log beside its JMH file, named by an absolute path since the path is resolved in that
  * JVM. */
object LatencyCell {
  def isLatency(s: Scenario): Boolean = s.family == Family.L

  /** JMH's benchmark and iteration flags for a family-L cell; None for every other cell. */
  def iterations(cell: PlannedCell, s: Scenario, profile: MeasureProfile): Option[Vector[String]] =
    if (!isLatency(s)) None
    else {
      val window = LatencyModel.windowSeconds(s.complete(cell.id.params))
      val warmups = if (profile.warmups == 0) 0 else math.max(1, math.ceil(profile.warmups * profile.warmupSeconds / window - 1e-9).toInt)
      Some(Vector("effectbench.Bench.window", "-wi", warmups.toString, "-w", "1ms", "-i", math.max(1, profile.iterations).toString,
          "-r", "1ms", "-si", "false"))
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
