package effectbench.report

import effectbench.stats.Format

/** A style table in words, for every renderer: "score ± error (ratio to the reference style)". */
object StyleText {
  def entry(e: StyleEntry): String = e match {
    case StyleEntry.Measured(est, score, vs) =>
      s"${est.map(CellStats.scoreText).getOrElse(Format.stat(score))} (${ratio(vs)})"
    case StyleEntry.Bytes(alloc) => Format.bytes(alloc)
    case StyleEntry.NotMeasured(status) => status.id
    case StyleEntry.NotApplicable => "n/a"
    case StyleEntry.Missing => "—"
    case StyleEntry.Blank => ""
  }

  def ratio(r: StyleRatio): String = r match {
    case StyleRatio.Itself => "1.00×"
    case StyleRatio.Against(x) => CellStats.ratioText(x)
    case StyleRatio.Unknown => "—"
  }

  def table(g: StyleGrid): TextTable = TextTable(g.head, g.rows.map(r => r.labels ++ r.entries.map(entry)))
}
