package effectbench.report

import effectbench.CellId
import effectbench.store.CellStatus

/** What one runtime has in one table of the summary. */
enum SummaryEntry {
  /** A recorded cell with a score: its row (ratio to the fastest, decision, launch states). */
  case Measured(row: Row)
  /** A recorded cell without a score: failed, timed out or failed its oracle, and why. */
  case NotMeasured(status: effectbench.Outcome, reason: String)
  /** A planned cell that was not run: n/a or skipped, with the reason. */
  case NotRun(status: CellStatus)
}

/** One table of the run in the summary: the index of its block in `Report.blocks`, a short label
  * (its scenario, and what tells it from the scenario's other tables), its full title, and each
  * runtime's entry. */
final case class SummaryTable(block: Int, label: String, title: String, entries: Map[String, SummaryEntry])

/** The answer first: for every table of the run and every runtime, the ratio to the table's
  * fastest row. */
final case class Summary(runtimes: Vector[String], tables: Vector[SummaryTable])

object Summary {
  /** The summary of a report's tables; `plan` adds the cells that were planned and not run. */
  def of(blocks: Vector[Block], plan: Vector[effectbench.store.PlanEntry], oneJvm: Boolean): Summary = {
    val runtimes = blocks.flatMap(_.rows.map(_.runtime)).distinct
    val byScenario = blocks.map(_.group).groupBy(_.scenario)
    // What tells the tables of one scenario apart: the parts of the title that differ among them.
    val parts = Vector[Group => String](_.variant, _.params, _.mode, _.jvm, _.machine)
    def label(g: Group): String = {
      val same = byScenario(g.scenario)
      if (same.size == 1) g.scenario
      else (g.scenario +: parts.filter(f => same.map(f).distinct.size > 1).map(f => f(g)).filter(_.nonEmpty)).mkString(" · ")
    }
    val notRun: Map[String, Vector[(String, CellStatus)]] = plan.filterNot(_.status.runnable).flatMap { p =>
      CellId.parse(p.cell).toOption.map(id => s"${id.group} @ ${p.jvm}" -> (ReportModel.versionLabel(id.runtime, id.lib, None), p.status))
    }.groupMap(_._1)(_._2)
    val tables = blocks.zipWithIndex.map { case (b, i) =>
      val g = b.group
      val recorded = b.rows.map { v =>
        val c = v.row.cell
        v.runtime -> (if (c.ok) SummaryEntry.Measured(v.row) else SummaryEntry.NotMeasured(c.status, v.reason))
      }
      val planned = notRun.getOrElse(g.key, Vector.empty).collect {
        case (rt, st) if !recorded.exists(_._1 == rt) => rt -> SummaryEntry.NotRun(st)
      }
      SummaryTable(i, label(g), g.title + (if (oneJvm) "" else s" @ ${g.jvm}"), (recorded ++ planned).toMap)
    }
    val more = tables.flatMap(_.entries.keys).distinct.filterNot(runtimes.contains).sorted
    Summary(runtimes ++ more, tables)
  }
}
