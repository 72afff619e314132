package effectbench.report

import effectbench.analysis.Decision
import effectbench.stats.Format
import effectbench.store.CellStatus

/** The summary the HTML report opens with: one grid of runtime × table, each entry the ratio to
  * the table's fastest row, coloured by that ratio, marked when it is a tie, has no interval, or
  * comes from a cell with several modes or launch states. Tables are columns while they fit (up to
  * `MaxColumns`); beyond that the grid turns, one row per table, so that it never scrolls sideways. */
object SummaryHtml {
  import scalatags.Text.all._
  import scalatags.Text.tags2

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
    val decision = r.vsFastest.map(Decision.of) match {
      case Some(Decision.Tie) => TieMark
      case Some(Decision.Undecided) => NoIntervalMark
      case _ => ""
    }
    // Iteration modes only: a cell with launch states already has its own mark.
    val modes = if (states.isEmpty && e.exists(_.bimodal)) ModesMark else ""
    decision + modes + states
  }

  def cell(runtime: String, e: Option[SummaryEntry]): Frag = e match {
    case None => td(cls := "none")
    case Some(SummaryEntry.NotRun(st)) =>
      val word = st match {
        case CellStatus.NotApplicable(_) => "n/a"
        case _ => "skipped"
      }
      td(cls := "none", title := s"$runtime: ${st.text}")(word)
    case Some(SummaryEntry.NotMeasured(status, reason)) =>
      td(cls := (if (status.failure) "bad" else "none"), title := s"$runtime: $reason")(status.id)
    case Some(SummaryEntry.Measured(r)) =>
      r.slowdown match {
        case None => td(cls := "none", title := s"$runtime: no fork data, no ratio")("—")
        case Some(sd) =>
          val m = marks(r)
          val classes = Vector("r") ++ (if (r.isFastest) Vector("best") else Vector.empty) ++ (if (r.tie) Vector("tie") else Vector.empty)
          td(cls := classes.mkString(" "), style := s"background:${colour(sd)}", title := s"$runtime: ${RowText.vsFastest(r)}")(
            Format.ratio(sd),
            Html.when(m.nonEmpty)(span(cls := "mark")(m))
          )
      }
  }

  private def tableHead(t: SummaryTable, link: Int => String): Frag = a(href := link(t.block), title := t.title)(t.label)

  /** The grid; `link` gives the address of a block's table (in the report: its anchor). */
  def section(s: Summary, link: Int => String = i => s"#table-$i"): HtmlSection = HtmlSection(
    "summary", Some("summary"),
    tags2.section(id := "summary")(
      h2("Summary: how many times slower than the fastest"),
      if (s.tables.isEmpty) p("No cells recorded.")
      else
        frag(
          div(cls := "grid-wrap")(
            table(cls := "summary", id := "summary-grid")(
              if (s.tables.size <= MaxColumns)
                frag(
                  tr(th("runtime"), s.tables.map(t => th(cls := "t")(tableHead(t, link)))),
                  s.runtimes.map(rt => tr(th(rt), s.tables.map(t => cell(rt, t.entries.get(rt)))))
                )
              else
                frag(
                  tr(th("table"), s.runtimes.map(rt => th(cls := "t")(rt))),
                  s.tables.map(t => tr(th(cls := "t")(tableHead(t, link)), s.runtimes.map(rt => cell(rt, t.entries.get(rt)))))
                )
            )
          ),
          p(cls := "dim legend")(legend)
        )
    )
  )
}
