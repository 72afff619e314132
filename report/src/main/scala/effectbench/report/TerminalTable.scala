package effectbench.report

/** The end-of-run and `report --format terminal` table: one block per scenario/variant/params/
  * mode/JVM, one row per runtime. */
object TerminalTable {
  def groupKey(c: CellResult): String = c.id match {
    case Some(id) => s"${id.group} @ ${c.jvm}"
    case None => c.key
  }

  def render(run: RunData): String = {
    val sb = new StringBuilder
    val header = s"run ${run.id} · settings ${run.settings} · profile ${run.profile}"
    sb.append(header).append('\n')
    val (styleTables, cells) = StyleTable.render(run) // family E's styles side by side
    sb.append(styleTables)
    val groups = cells.groupBy(groupKey).toVector.sortBy { case (_, cs) => cells.indexWhere(c => cs.contains(c)) }
    groups.foreach { case (g, cells) =>
      val fastest = Comparison.fastest(cells)
      val baseline = cells.find(c => c.id.exists(_.runtime == "baseline") && c.ok)
      val rows = cells.map { c =>
        val rt = c.id.map(_.runtime).getOrElse(c.key)
        if (c.ok) Vector(rt, Format.stat(c.score.get), c.score.get.unit, Comparison.ratioText(c, fastest),
          Comparison.ratioText(c, baseline), Format.bytes(c.alloc))
        else Vector(rt, c.status, "", c.reason, "", "")
      }
      sb.append('\n').append(g).append('\n')
      sb.append(table(Vector("runtime", "score ± error", "unit", "vs fastest", "vs baseline", "B/op"), rows))
    }
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
