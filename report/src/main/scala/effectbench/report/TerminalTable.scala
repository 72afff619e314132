package effectbench.report

/** The end-of-run and `report --format terminal` table: a header with the run's settings, then
  * one block per scenario/variant/params/mode/JVM, one row per runtime. */
object TerminalTable {
  def groupKey(c: CellResult): String = c.id match {
    // A merged run's shard is part of the key: a table (and its ratios) never spans two machines.
    case Some(id) => s"${id.group} @ ${c.jvm}" + c.record.shard.fold("")(k => s" # shard $k")
    case None => c.key
  }

  def reasonText(status: effectbench.Outcome, reason: String): String =
    if (reason.startsWith(status.id)) reason else if (reason.isEmpty) status.id else s"${status.id}: $reason"

  def render(run: RunData, confidence: Double = ForkStats.DefaultConfidence): String = {
    val sb = new StringBuilder
    val head = ReportModel.header(run)
    val w = head.map(_._1.length).max
    head.foreach { case (k, v) => sb.append(k.padTo(w, ' ')).append("  ").append(v).append('\n') }
    val rbs = ReportModel.readBackSummary(run)
    if (rbs.nonEmpty) {
      sb.append("read back".padTo(w, ' ')).append("  ").append(rbs.head._1).append('\n')
      rbs.tail.foreach { case (l, _) => sb.append(" " * w).append("  ").append(l).append('\n') }
    }
    ReportModel.mixWarnings(run).foreach(m => sb.append("note: ").append(m).append('\n'))
    val (styleTables, plainCells) = StyleTable.render(run) // family E: styles side by side per runtime
    sb.append(styleTables)
    // Family E's style tables have their own layout: their notes follow them, by table.
    ReportModel.groups(run, confidence).filter(g => g.rows.forall(r => !plainCells.exists(_ eq r.cell)))
      .foreach(g => ReportModel.tableNotes(run, g).foreach(n => sb.append(s"! ${g.title}: $n\n")))
    val groups = ReportModel.groups(run, confidence).filter(g => g.rows.exists(r => plainCells.exists(_ eq r.cell)))
    val oneJvm = run.jvmLabels.size <= 1
    groups.foreach { g =>
      val rows = g.rows.map { r =>
        val c = r.cell
        if (c.ok) Vector(r.runtime, r.scoreText, c.score.get.unit, r.vsFastest, r.vsBaseline, Format.bytes(c.alloc), r.precisionText) ++ Counters.cells(Counters.of(run.dir, c))
        else Vector(r.runtime, c.status.id, "", reasonText(c.status, c.reason), "", "")
      }
      sb.append('\n').append(g.title).append(if (oneJvm) "" else s" @ ${g.jvm}").append(if (g.machine.isEmpty) "" else s"  [measured on ${g.machine}]").append('\n')
      sb.append(table(Vector("runtime", "score ± error", "unit", "vs fastest", "vs baseline", "B/op", "precision") ++ Counters.heads, rows))
      ReportModel.tableNotes(run, g).foreach(n => sb.append("! ").append(n).append('\n'))
      g.notes.foreach(n => sb.append("note: ").append(n).append('\n'))
    }
    if (groups.isEmpty && styleTables.isEmpty) sb.append("\n(no cells recorded)\n")
    val na = run.plan.filterNot(_.status.runnable).map(p => (p.cell, p.jvm, p.status.text))
    if (na.nonEmpty) {
      sb.append(s"\n${na.size} planned cells not measured:\n")
      val shown = na.take(30)
      shown.foreach { case (cell, jvm, st) => sb.append(s"  $cell${if (oneJvm) "" else s" @ $jvm"}  $st\n") }
      if (na.size > shown.size) sb.append(s"  ... and ${na.size - shown.size} more (see --format html)\n")
    }
    sb.append('\n').append(CellStats.legend(confidence)).append('\n')
    sb.append(Counters.legend).append('\n')
    ProfileLinks.diff(run).foreach(d => sb.append(s"profile diff: ${run.dir.resolve(d)}\n"))
    sb.toString
  }

  /** A plain aligned text table. */
  def table(head: Vector[String], rows: Vector[Vector[String]]): String = {
    val all = head +: rows
    val widths = head.indices.map(i => all.map(r => if (i < r.length) r(i).length else 0).max)
    def line(r: Vector[String]) = r.zipWithIndex.map { case (c, i) => c.padTo(widths(i), ' ') }.mkString("  ").replaceAll("\\s+$", "")
    (line(head) +: widths.map("-" * _).mkString("  ") +: rows.map(line)).mkString("", "\n", "\n")
  }
}
