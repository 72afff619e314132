package effectbench.report

/** `report --format markdown`: the terminal tables as GitHub pipe tables, for a pull request. */
object Markdown {
  /** Text from results inside a table cell: no pipes, no raw HTML, no line breaks. */
  def cell(s: String): String =
    s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|").replace("\n", " ").replace("`", "\\`")

  def table(head: Vector[String], rows: Vector[Vector[String]]): String = {
    val sb = new StringBuilder
    sb.append(head.map(cell).mkString("| ", " | ", " |\n"))
    sb.append(head.map(_ => "---").mkString("|", "|", "|\n"))
    rows.foreach(r => sb.append(r.map(cell).mkString("| ", " | ", " |\n")))
    sb.toString
  }

  def render(run: RunData, confidence: Double = ForkStats.DefaultConfidence): String = {
    val sb = new StringBuilder
    sb.append(s"### effect-bench run ${cell(run.id)}\n\n")
    sb.append(table(Vector("setting", "value"), ReportModel.header(run).map { case (k, v) => Vector(k, v) })).append('\n')
    val rbs = ReportModel.readBackSummary(run)
    if (rbs.nonEmpty) {
      sb.append("**read back from the live runtimes:**\n\n")
      rbs.foreach { case (l, bad) => sb.append(s"- ${if (bad) "⚠ " else ""}${cell(l)}\n") }
      sb.append('\n')
    }
    ReportModel.mixWarnings(run).foreach(m => sb.append(s"> **note:** ${cell(m)}\n\n"))
    val oneJvm = run.jvmLabels.size <= 1
    ReportModel.groups(run, confidence).foreach { g =>
      sb.append(s"#### ${cell(g.title)}${if (oneJvm) "" else s" @ ${cell(g.jvm)}"}\n\n")
      if (g.machine.nonEmpty) sb.append(s"_measured on ${cell(g.machine)}_\n\n")
      sb.append(table(Vector("runtime", "score ± error", "unit", "vs fastest", "vs baseline", "B/op", "precision") ++ Counters.heads, g.rows.map { r =>
        val c = r.cell
        if (c.ok) Vector(r.runtime, r.scoreText, c.score.get.unit, r.vsFastest, r.vsBaseline, Format.bytes(c.alloc), r.precisionText) ++ Counters.cells(Counters.of(run.dir, c))
        else Vector(r.runtime, c.status.id, "", TerminalTable.reasonText(c.status, c.reason), "", "", "")
      })).append('\n')
      ReportModel.tableNotes(run, g).foreach(n => sb.append(s"> ⚠ ${cell(n)}\n\n"))
      g.notes.foreach(n => sb.append(s"> **note:** ${cell(n)}\n\n"))
    }
    val na = run.plan.filterNot(_.status.runnable).map(p => (p.cell, p.jvm, p.status.text))
    if (na.nonEmpty) {
      sb.append(s"<details><summary>${na.size} planned cells not measured</summary>\n\n")
      sb.append(table(Vector("cell", "JVM", "why"), na.map { case (c, j, s) => Vector(c, j, s) }))
      sb.append("\n</details>\n\n")
    }
    sb.append(s"_${cell(CellStats.legend(confidence))}._\n")
    sb.append(s"_${cell(Counters.legend)}._\n")
    sb.toString
  }
}
