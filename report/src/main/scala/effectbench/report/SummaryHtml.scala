package effectbench.report

import effectbench.stats.{Decision, Format}
import effectbench.store.CellStatus

/** The summary the HTML report opens with: one grid of runtime × table, each entry the ratio to
  * the table's fastest row, coloured by that ratio, marked when it is a tie, has no interval, or
  * comes from a cell with several modes or launch states. Tables are columns while they fit (up to
  * `MaxColumns`); beyond that the grid turns, one row per table, so that it never scrolls sideways. */
object SummaryHtml {
  import Html.esc

  val MaxColumns = 10

  /** The marks after a ratio, and what each means (the legend under the grid). */
  val TieMark = "≈"
  val NoIntervalMark = "?"
  val ModesMark = "~"
  val StatesMark = "◆"

  val legend: String =
    "× the fastest row of each table (1.00× = fastest), coloured from green (fastest) to red (10× slower or more); " +
      s"$TieMark tie: the ratio's own interval contains 1, the run cannot tell the two apart; $NoIntervalMark no interval (one fork); " +
      s"$ModesMark bimodal: a fork's iterations change state, the ratio decides nothing; " +
      s"$StatesMark launch states: the cell's forks landed in several states, the ratio is its most frequent state's (hover for each state's); " +
      "n/a: the runtime cannot express the program; a column (or row) links to its table."

  /** Background colour of a ratio: hue from 120 (green, 1×) to 0 (red, 10× and beyond), on the log scale. */
  def colour(ratio: Double): String = {
    val t = if (ratio.isNaN || ratio <= 1) 0.0 else math.min(1.0, math.log(ratio) / math.log(10))
    f"hsl(${120 * (1 - t)}%.0f, 65%%, 82%%)"
  }

  /** The marks of a measured row's ratio to the fastest. */
  def marks(r: Row): String = {
    val e = r.estimate
    val states = if (e.exists(_.multiState)) StatesMark else ""
    val decision = r.vsFastest.map(_.decision) match {
      case Some(Decision.Tie) => TieMark
      case Some(Decision.Undecided) => NoIntervalMark
      case _ => ""
    }
    // Iteration modes only: a cell with launch states already has its own mark.
    val modes = if (states.isEmpty && e.exists(_.bimodal)) ModesMark else ""
    decision + modes + states
  }

  def cell(runtime: String, e: Option[SummaryEntry]): String = e match {
    case None => "<td class=\"none\"></td>"
    case Some(SummaryEntry.NotRun(st)) =>
      val word = st match {
        case CellStatus.NotApplicable(_) => "n/a"
        case _ => "skipped"
      }
      s"<td class=\"none\" title=\"${esc(s"$runtime: ${st.text}")}\">$word</td>"
    case Some(SummaryEntry.NotMeasured(status, reason)) =>
      s"<td class=\"bad\" title=\"${esc(s"$runtime: $reason")}\">${esc(status.id)}</td>"
    case Some(SummaryEntry.Measured(r)) =>
      r.slowdown match {
        case None => s"<td class=\"none\" title=\"${esc(s"$runtime: no fork data, no ratio")}\">—</td>"
        case Some(sd) =>
          val m = marks(r)
          val cls = Vector("r") ++ (if (r.isFastest) Vector("best") else Vector.empty) ++ (if (r.tie) Vector("tie") else Vector.empty)
          s"<td class=\"${cls.mkString(" ")}\" style=\"background:${colour(sd)}\" title=\"${esc(s"$runtime: ${RowText.vsFastest(r)}")}\">" +
            s"${esc(Format.ratio(sd))}${if (m.isEmpty) "" else s"<span class=\"mark\">${esc(m)}</span>"}</td>"
      }
  }

  private def tableHead(t: SummaryTable): String =
    s"<a href=\"#table-${t.block}\" title=\"${esc(t.title)}\">${esc(t.label)}</a>"

  def section(s: Summary): String = {
    val sb = new StringBuilder
    sb.append("<section id=\"summary\"><h2>Summary: how many times slower than the fastest</h2>\n")
    if (s.tables.isEmpty) sb.append("<p>No cells recorded.</p>\n")
    else {
      sb.append("<div class=\"grid-wrap\"><table class=\"summary\" id=\"summary-grid\">")
      if (s.tables.size <= MaxColumns) {
        sb.append(s"<tr><th>runtime</th>${s.tables.map(t => s"<th class=\"t\">${tableHead(t)}</th>").mkString}</tr>")
        s.runtimes.foreach { rt =>
          sb.append(s"<tr><th>${esc(rt)}</th>${s.tables.map(t => cell(rt, t.entries.get(rt))).mkString}</tr>")
        }
      } else {
        sb.append(s"<tr><th>table</th>${s.runtimes.map(rt => s"<th class=\"t\">${esc(rt)}</th>").mkString}</tr>")
        s.tables.foreach { t =>
          sb.append(s"<tr><th class=\"t\">${tableHead(t)}</th>${s.runtimes.map(rt => cell(rt, t.entries.get(rt))).mkString}</tr>")
        }
      }
      sb.append("</table></div>\n")
      sb.append(s"<p class=\"dim legend\">${esc(legend)}</p>\n")
    }
    sb.append("</section>\n")
    sb.toString
  }
}
