package effectbench.report

import effectbench.stats.ForkStats
import effectbench.store.RunData

/** `report --format markdown`: the report model as GitHub pipe tables, for a pull request. */
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
    val m = ReportModel.build(run, confidence)
    val sb = new StringBuilder
    sb.append(s"### effect-bench run ${cell(m.id)}\n\n")
    sb.append(table(Vector("setting", "value"), m.header.map { case (k, v) => Vector(k, v) })).append('\n')
    if (m.readBack.nonEmpty) {
      sb.append("**read back from the live runtimes:**\n\n")
      m.readBack.foreach { case (l, bad) => sb.append(s"- ${if (bad) "⚠ " else ""}${cell(l)}\n") }
      sb.append('\n')
    }
    m.warnings.foreach(w => sb.append(s"> **note:** ${cell(w)}\n\n"))
    m.styles.foreach { b =>
      sb.append(s"#### ${cell(b.title)}\n\n")
      b.tables.map(StyleText.table).foreach(t => sb.append(table(t.head, t.rows)).append('\n'))
      if (b.notes.nonEmpty) sb.append(b.notes.map(n => s"- ${cell(n)}\n").mkString).append('\n')
    }
    m.blocks.foreach { b =>
      val g = b.group
      sb.append(s"#### ${cell(g.title)}${if (m.oneJvm) "" else s" @ ${cell(g.jvm)}"}\n\n")
      if (g.machine.nonEmpty) sb.append(s"_measured on ${cell(g.machine)}_\n\n")
      sb.append(table(ReportModel.columns, b.rows.map(RowText.cells(_).padTo(ReportModel.columns.size, "")))).append('\n')
      b.flags.foreach(n => sb.append(s"> ⚠ ${cell(n)}\n\n"))
      b.notes.foreach(n => sb.append(s"> **note:** ${cell(n)}\n\n"))
      VersionTable.of(b, run).foreach { t =>
        val tt = VersionTable.text(t)
        sb.append(s"**${cell(VersionTable.caption(t))}**\n\n").append(table(tt.head, tt.rows)).append('\n')
      }
      m.sweeps.filter(_.after == g.key).foreach { s =>
        val t = Sweeps.table(s)
        sb.append(s"#### ${cell(s.title)}${if (m.oneJvm) "" else s" @ ${cell(s.jvm)}"}\n\n").append(table(t.head, t.rows)).append('\n')
        sb.append(s"> **note:** ${cell(m.sweepNote)}\n\n")
      }
    }
    sb.append(LatencyTables.markdown(run, confidence))
    sb.append(CapacityText.markdown(run))
    if (m.planned.nonEmpty) {
      sb.append(s"<details><summary>${m.planned.size} planned cells not measured</summary>\n\n")
      sb.append(table(Vector("cell", "JVM", "why"), m.planned.map { case (c, j, s) => Vector(c, j, s) }))
      sb.append("\n</details>\n\n")
    }
    m.legends.foreach(l => sb.append(s"_${cell(l)}._\n"))
    if (VersionTable.all(m, run).nonEmpty) sb.append(s"_${cell(VersionTable.legend)}._\n")
    m.profileDiff.foreach(d => sb.append(s"\nprofile diff: `${d.replace("`", "")}`\n"))
    sb.toString
  }
}
