package effectbench.report

/** Ratios within one comparable group of cells (same scenario, variant, params, mode, JVM). */
object Comparison {
  /** The best cell of the group: lowest time/op or highest throughput. */
  def fastest(cells: Vector[CellResult]): Option[CellResult] = {
    val ok = cells.filter(_.ok)
    if (ok.isEmpty) None
    else if (ok.head.score.get.higherIsBetter) Some(ok.maxBy(_.score.get.score))
    else Some(ok.minBy(_.score.get.score))
  }

  /** How many times slower than the reference (1.0 = as fast; always >= 1 against the fastest). */
  def slowdown(c: Stat, ref: Stat): Double =
    if (c.higherIsBetter) ref.score / c.score else c.score / ref.score

  /** "tie" when the intervals overlap, as DESIGN.md requires; otherwise the ratio. */
  def ratioText(c: CellResult, ref: Option[CellResult]): String = (c.score, ref.flatMap(_.score)) match {
    case (Some(s), Some(r)) =>
      if (ref.exists(_.key == c.key)) "1.00×"
      else if (s.overlaps(r)) s"tie (${Format.ratio(slowdown(s, r))})"
      else Format.ratio(slowdown(s, r))
    case _ => "—"
  }
}
