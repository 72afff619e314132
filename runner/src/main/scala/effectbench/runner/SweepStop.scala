package effectbench.runner

import effectbench.{Catalog, Outcome}
import effectbench.analysis.{ServiceCapacity, SweepKey}
import effectbench.stats.Format
import effectbench.store.RunData

/** `run` stops a runtime's sweep of service's rates (docs/engine.md): every rate is a table of its
  * own, measured whole in its rounds, and the tables go in the plan's order, the lowest rate
  * first. Before each table, the sweeps recorded so far in the run directory are judged by the
  * report's own rule (ServiceCapacity.stopsAt): once every round of a sweep has a rate over the
  * target, no higher rate can change its capacity, and the higher rates of that sweep are recorded
  * as not measured, with the reason, instead of being measured. The judgement reads only the run
  * directory, so a resumed run judges alike, and a shard judges from the rates it measured itself. */
object SweepStop {

  /** A planned cell the runner does not measure: its sweep stopped at `at`. */
  final case class Skip(cell: PlannedCell, sweep: SweepKey, at: Long, reason: String)

  /** The stop rate of each sweep recorded in `run` that has stopped. */
  def stopped(run: RunData): Map[SweepKey, (Long, Double)] = ServiceCapacity.stoppedSweeps(run)

  /** The cells of `cells` whose sweep stopped below their rate, as recorded in `run`. */
  def skips(run: RunData, cells: Vector[PlannedCell]): Vector[Skip] = {
    val service = cells.filter(_.id.scenario == Catalog.service.id)
    if (service.isEmpty) Vector.empty
    else {
      val stops = stopped(run)
      service.flatMap { c =>
        val k = ServiceCapacity.sweepKey(c.id, c.jvm.label)
        stops.get(k).collect {
          case (at, target) if c.id.params.long("rate") > at => Skip(c, k, at, effectbench.store.SweepStopReason.text(at, target))
        }
      }
    }
  }

  /** What progress says when a sweep stops: its row, where it stopped and the rates left out. */
  def note(skips: Vector[Skip]): Vector[String] =
    skips.groupBy(_.sweep).toVector.sortBy(_._2.head.cell.id.key).map { case (k, ss) =>
      val rates = ss.map(_.cell.id.params.long("rate")).distinct.sorted.map(r => s"${Format.count(r)}/s").mkString(", ")
      s"service: the sweep of ${k.runtime} (${k.variant}, ${if (k.params.isEmpty) "-" else k.params}, ${k.mode}) stops: " +
        s"${ss.head.reason}; not measured: $rates"
    }

  /** Each sweep's stop said once: a run asks before every table, and a sweep stopped at one rate is
    * stopped for each higher rate's table too. */
  final class Announcements {
    private var said = Set.empty[SweepKey]
    def lines(skips: Vector[Skip]): Vector[String] = {
      val fresh = skips.filterNot(s => said.contains(s.sweep))
      said ++= skips.map(_.sweep)
      note(fresh)
    }
  }

  /** The record a skipped cell gets: not measured, with the reason. */
  def measured(s: Skip): CellRoutine.Measured = CellRoutine.Measured(Outcome.NotMeasured, s.reason, None, 0.0)
}
