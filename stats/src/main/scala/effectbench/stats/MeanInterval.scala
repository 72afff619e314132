package effectbench.stats

/** The t-intervals every mean, ratio and percentile here is given with: of one mean (a paired ratio
  * is the mean of its log differences), and Welch's of a difference of two (an unpaired ratio on the
  * log scale). Student's t is ForkStats.tQuantile's. */
object MeanInterval {
  /** The half-width of the mean of `xs`: t(confidence, n − 1) · s / √n; NaN under two values. */
  def halfWidth(xs: Seq[Double], confidence: Double): Double =
    if (xs.size < 2) Double.NaN else ForkStats.tQuantile(confidence, xs.size - 1) * math.sqrt(Describe.variance(xs) / xs.size)

  /** The half-width of a difference of two means whose squared standard errors are `va` and `vb`,
    * on `da` and `db` degrees of freedom: t · √(va + vb) with Welch–Satterthwaite's degrees of
    * freedom, never below the smaller side's (their floor, lost only to rounding); 0 when both
    * standard errors are 0. */
  def welchHalfWidth(va: Double, da: Double, vb: Double, db: Double, confidence: Double): Double = {
    val se = math.sqrt(va + vb)
    if (se == 0) 0.0 else ForkStats.tQuantile(confidence, welchDf(va, da, vb, db)) * se
  }

  /** Welch–Satterthwaite's degrees of freedom of a difference of two means (squared standard errors
    * `va`, `vb` on `da`, `db` degrees of freedom), never below the smaller side's; `da + db` when
    * both standard errors are 0. */
  def welchDf(va: Double, da: Double, vb: Double, db: Double): Double =
    if (va + vb == 0) da + db
    else math.max((va + vb) * (va + vb) / (va * va / da + vb * vb / db), math.min(da, db))
}
