package effectbench.analysis

import effectbench.stats.{CellEstimate, ForkStats, LaunchSpread}
import effectbench.store.{CellResult, RunData}

/** A recorded cell's fork statistics, and the run's launch spread behind the report's header line
  * and the runner's `why:` line: one reading for both. */
object LaunchSpreads {
  def estimate(c: CellResult, confidence: Double): Option[CellEstimate] =
    if (!c.ok || c.raw.forall(_.isEmpty)) None
    else Some(LaunchStates.estimate(c.raw, confidence, c.record.rounds, cycles = c.record.relayed))

  /** How far apart the run's launches of one program landed against its iterations (LaunchSpread),
    * over its throughput cells: a latency fork's windows are not iterations of one steady program. */
  def of(run: RunData): Option[LaunchSpread] = spread(run.cells.filterNot(LatencyData.isLatency))

  /** The launch spread's warnings, read from the throughput cells measured one fork after another only.
    * Why: a relayed ratio pairs its turns inside each launch and stands on the launches' ratios, so the
    * advice those warnings give (more forks, a quieter machine) is not what its interval needs. */
  def warnings(run: RunData): Vector[String] =
    spread(run.cells.filterNot(c => LatencyData.isLatency(c) || c.record.relayed)).toVector.flatMap(_.warnings)

  private def spread(cells: Vector[CellResult]): Option[LaunchSpread] =
    LaunchSpread.of(cells.flatMap(c => estimate(c, ForkStats.DefaultConfidence)).map(_.forks))
}
