package effectbench.runner

import effectbench.{Catalog, DeclaredWork, Runtimes, Settings}
import effectbench.analysis.Floor
import effectbench.store.RunFiles
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** `verify --floor`: a short JMH run (JmhCell, the measuring JVM's configuration) of each selected
  * cell and of its table's plain-code baseline; a cell whose time per unit of declared work is
  * below the baseline's by more than both errors fails, since plain code is the floor and a cell
  * under it has most likely lost work to the JIT. The figures are too short to publish. */
object FloorCheck {
  /** One fork, a short warm-up and two measured iterations: enough to see work that is not done. */
  val profile: MeasureProfile = MeasureProfile("floor", forks = 1, warmups = 1, warmupSeconds = 0.2, iterations = 2, iterationSeconds = 0.2)

  final case class Timed(score: Double, error: Double, unit: String) {
    def low: Double = if (error.isNaN) score else score - error
    def high: Double = if (error.isNaN) score else score + error
  }

  /** The score of a JMH result file. */
  def timed(file: Path): Option[Timed] =
    try {
      RunFiles.readJmh(file).headOption.map { b =>
        val pm = b.scored
        Timed(pm.score, pm.scoreError, pm.scoreUnit)
      }
    } catch { case _: Exception => None }

  /** Whether `cell` (per unit of work) is under `baseline` by the floor rule (analysis's Floor). */
  def below(cell: Timed, cellWork: Long, baseline: Timed, baselineWork: Long): Boolean =
    Floor.below(cell.high, cellWork, baseline.low, baselineWork)

  /** Checks `cells` (already verified), printing one line each; returns how many are under the floor. */
  def run(
      cells: Vector[PlannedCell], baselines: Vector[PlannedCell], settings: Settings, modules: Modules,
      dir: Path, out: String => Unit
  ): Int = {
    val measured = scala.collection.mutable.Map.empty[String, Either[String, Timed]]
    check(cells, baselines, out,
      c =>
        measured.getOrElseUpdate(c.id.key + "@" + c.jvm.label, {
            val file = dir.resolve(c.id.slug + ".json")
            val o = JmhCell.run(c, settings, profile, modules, file, dir.resolve(c.id.slug + ".log"), 600)
            if (!o.status.ok) Left(o.reason) else o.jmhFile.flatMap(timed).toRight("JMH wrote no score")
          }))
  }

  /** The comparison of `run`, with how a cell is timed passed in (the tests pass known scores). */
  def check(
      cells: Vector[PlannedCell], baselines: Vector[PlannedCell], out: String => Unit,
      measure: PlannedCell => Either[String, Timed]
  ): Int = {
    var under = 0
    cells.filterNot(_.runtime == Runtimes.Baseline.id).foreach { c =>
      val scenario = Catalog.get(c.id.scenario, includeTestOnly = true).get
      val work = DeclaredWork.primary(scenario, c.id.params)
      val base = baselines.find(b => b.id == c.id.copy(runtime = Runtimes.Baseline.id) && b.jvm.label == c.jvm.label)
      (work, base) match {
        case _ if !Floor.checked(c.runtime, scenario) =>
          out(
            s"floor -   ${c.id.key}  the scheduler family: the baseline is the fixed-pool reference point, not a floor, and the work is counted by the verifier"
          )
        case (None, _) => out(s"floor ?   ${c.id.key}  the scenario declares no work per operation: not checked")
        case (_, None) => out(s"floor ?   ${c.id.key}  no baseline cell in this table: not checked")
        case (Some((unit, n)), Some(b)) =>
          (measure(c), measure(b)) match {
            case (Left(why), _) => out(s"floor ?   ${c.id.key}  not timed: $why")
            case (_, Left(why)) => out(s"floor ?   ${c.id.key}  the baseline was not timed: $why")
            case (Right(t), Right(bt)) =>
              val per = s"${fmt(t.score / n)} ${t.unit.stripSuffix("/op")} per ${unit.stripSuffix("s")} (baseline ${fmt(bt.score / n)})"
              if (below(t, n, bt, n)) {
                under += 1
                out(s"floor FAIL ${c.id.key}  $per: ${DeclaredWork.belowFloorText}")
              } else out(s"floor ok  ${c.id.key}  $per")
          }
      }
    }
    under
  }

  private def fmt(x: Double): String = effectbench.stats.Format.num(x)
}
