package effectbench.report

import effectbench.stats.ForkStats
import effectbench.store.RunData

/** The end-of-run and `report --format terminal` table: a header with the run's settings, then
  * one block per scenario/variant/params/mode/JVM, one row per runtime. The error family's style
  * scenarios show as their style blocks instead of generic tables. */
object TerminalTable {
  /** Kept for the runner's progress lines. */
  def reasonText(status: effectbench.Outcome, reason: String): String = ReportModel.reasonText(status, reason)

  def render(run: RunData, confidence: Double = ForkStats.DefaultConfidence): String = {
    val m = ReportModel.build(run, confidence)
    val sb = new StringBuilder
    val w = m.header.map(_._1.length).max
    m.header.foreach { case (k, v) => sb.append(k.padTo(w, ' ')).append("  ").append(v).append('\n') }
    if (m.readBack.nonEmpty) {
      sb.append("read back".padTo(w, ' ')).append("  ").append(m.readBack.head._1).append('\n')
      m.readBack.tail.foreach { case (l, _) => sb.append(" " * w).append("  ").append(l).append('\n') }
    }
    m.warnings.foreach(n => sb.append("note: ").append(n).append('\n'))
    sb.append(styles(m.styles))
    // The error family's style blocks have their own layout: the flags of their tables follow them, by table.
    m.blocks.filter(_.styled).foreach(b => b.flags.foreach(n => sb.append(s"! ${b.title}: $n\n")))
    val plain = m.blocks.filterNot(_.styled)
    plain.foreach { b =>
      val g = b.group
      sb.append('\n').append(g.title).append(if (m.oneJvm) "" else s" @ ${g.jvm}").append(
        if (g.machine.isEmpty) "" else s"  [measured on ${g.machine}]"
      ).append('\n')
      sb.append(table(ReportModel.columns, b.rows.map(RowText.cells)))
      b.flags.foreach(n => sb.append("! ").append(n).append('\n'))
      b.notes.foreach(n => sb.append("note: ").append(n).append('\n'))
      VersionTable.of(b, run).foreach { t =>
        val tt = VersionTable.text(t)
        sb.append('\n').append(VersionTable.caption(t)).append(":\n").append(table(tt.head, tt.rows))
      }
      m.sweeps.filter(_.after == g.key).foreach(s => sb.append(sweep(s, m)))
    }
    // A sweep whose last table is shown as a style block follows the plain tables.
    m.sweeps.filterNot(s => plain.exists(_.group.key == s.after)).foreach(s => sb.append(sweep(s, m)))
    sb.append(LatencyTables.terminal(run, confidence))
    sb.append(CapacityText.terminal(run))
    if (plain.isEmpty && m.styles.isEmpty) sb.append("\n(no cells recorded)\n")
    if (m.planned.nonEmpty) {
      sb.append(s"\n${m.planned.size} planned cells not measured:\n")
      val shown = m.planned.take(30)
      shown.foreach { case (cell, jvm, st) => sb.append(s"  $cell${if (m.oneJvm) "" else s" @ $jvm"}  $st\n") }
      if (m.planned.size > shown.size) sb.append(s"  ... and ${m.planned.size - shown.size} more (see --format html)\n")
    }
    sb.append('\n')
    m.legends.foreach(l => sb.append(l).append('\n'))
    if (VersionTable.all(m, run).nonEmpty) sb.append(VersionTable.legend).append('\n')
    m.profileDiff.foreach(d => sb.append(s"profile diff: ${run.dir.resolve(d)}\n"))
    sb.toString
  }

  /** A sweep's param sets against its first, as a table with its line under it. */
  def sweep(s: Sweep, m: Report): String = {
    val t = Sweeps.table(s)
    s"\n${s.title}${if (m.oneJvm) "" else s" @ ${s.jvm}"}\n" + table(t.head, t.rows) + s"note: ${m.sweepNote}\n"
  }

  /** The style blocks as text: a title line, the tables apart by a blank line, the notes indented. */
  def styles(blocks: Vector[StyleBlock]): String =
    blocks.map { b =>
      "\n" + b.title + "\n" + b.tables.map(StyleText.table).map(t => table(t.head, t.rows)).mkString("\n") + b.notes.map(n =>
        s"  $n\n"
      ).mkString
    }.mkString

  /** A plain aligned text table. */
  def table(head: Vector[String], rows: Vector[Vector[String]]): String = {
    val all = head +: rows
    val widths = head.indices.map(i => all.map(r => if (i < r.length) r(i).length else 0).max)
    def line(r: Vector[String]) = r.zipWithIndex.map { case (c, i) => c.padTo(widths(i), ' ') }.mkString("  ").replaceAll("\\s+$", "")
    (line(head) +: widths.map("-" * _).mkString("  ") +: rows.map(line)).mkString("", "\n", "\n")
  }
}
