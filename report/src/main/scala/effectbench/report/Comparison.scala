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

  /** The slowdown against the reference with its own interval from the forks of both cells; "tie"
    * when that interval contains 1, as docs/architecture.md requires (never from two overlapping intervals). */
  def ratioText(c: CellResult, ref: Option[CellResult], confidence: Double = ForkStats.DefaultConfidence): String =
    (c.score, ref.flatMap(_.score), CellStats.estimate(c, confidence), ref.flatMap(CellStats.estimate(_, confidence))) match {
      case (Some(s), Some(_), Some(e), Some(re)) =>
        if (ref.exists(_.key == c.key)) "1.00×" else CellStats.ratioText(CellStats.slowdown(e, re, s.higherIsBetter))
      case _ => "—"
    }
}
