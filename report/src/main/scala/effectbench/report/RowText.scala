package effectbench.report

import effectbench.stats.Format

/** A results row in words: where the renderers (TerminalTable, Markdown, Html) turn a row's numbers
  * into text, so that every format says the same. */
object RowText {
  /** The fork-level score (per launch state when the cell has several), or JMH's when there is no
    * raw data. */
  def score(r: Row): String =
    r.estimate.map(e => if (e.multiState) CellStats.statesScoreText(e) else CellStats.scoreText(e))
      .orElse(r.cell.score.map(Format.stat)).getOrElse("")

  def precision(r: Row): String = r.estimate.map(CellStats.precisionText).getOrElse("")

  /** "1.00×" for the fastest row ("1.00× bimodal" when it has several modes), the ratio with its
    * interval for the others, each launch state's ratio for a cell with several, "—" without an
    * estimate. */
  def vsFastest(r: Row): String = r.estimate match {
    case None => "—"
    case Some(e) if e.multiState => CellStats.statesText(e, r.statesVsFastest)
    case Some(e) if r.isFastest => "1.00×" + (if (e.bimodal) " bimodal" else "")
    case Some(_) => r.vsFastest.fold("—")(CellStats.ratioText)
  }

  /** As `vsFastest` against the baseline row; "—" in a table without one. */
  def vsBaseline(r: Row): String = r.estimate match {
    case None => "—"
    case Some(_) if !r.hasBaseline => "—"
    case Some(e) if e.multiState => CellStats.statesText(e, r.statesVsBaseline)
    case Some(_) if r.isBaseline => "1.00×"
    case Some(_) => r.vsBaseline.fold("—")(CellStats.ratioText)
  }

  /** "counted: forks 10,000, joins 10,000" or "declared: binds 10,001"; empty when unknown. */
  def work(w: Option[WorkPerOp]): String = w.fold("") { w =>
    (if (w.counted) "counted: " else "declared: ") + w.units.map { case (k, n) => s"$k ${Format.count(n)}" }.mkString(", ")
  }

  /** A row in the columns of `ReportModel.columns` (a cell that was not measured: runtime, status,
    * "", why). */
  def cells(v: RowView): Vector[String] = {
    val r = v.row
    val c = r.cell
    if (!v.measured) Vector(r.runtime, c.status.id, "", v.reason)
    else Vector(r.runtime, score(r), c.score.get.unit, vsFastest(r), vsBaseline(r), Format.bytes(c.alloc), precision(r)) ++
      Counters.cells(v.counters)
  }
}
