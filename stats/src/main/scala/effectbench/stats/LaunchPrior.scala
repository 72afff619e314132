package effectbench.stats

import org.apache.commons.numbers.gamma.{Digamma, Trigamma}

/** What the relayed ratios of one table say together about how far launches move a ratio: the
  * variances of their round centres, each on few degrees of freedom (rounds − 1), taken as draws from
  * a scaled inverse χ² with `df` prior degrees of freedom around `variance` (the empirical Bayes
  * model of Smyth 2004, "Linear models and empirical Bayes methods for assessing differential
  * expression in microarray experiments", Stat. Appl. Genet. Mol. Biol. 3(1), §6; limma's
  * `squeezeVar`). A ratio's own variance is then drawn up towards the table's when smaller, and its t gains the
  * prior's degrees of freedom (`moderated`). `df` is infinite when the ratios spread no more than
  * their sampling alone would make them: every ratio then takes the table's variance. `ratios`: how
  * many ratios it was fitted on. */
final case class LaunchPrior(df: Double, variance: Double, ratios: Int) {

  /** A ratio's launch variance `v` on `d` degrees of freedom drawn towards the table's, with the
    * degrees of freedom its t then has: (df · variance + d · v) / (df + d) on df + d, but never below
    * `v` itself. Why: a ratio whose launches spread more than its table's (a runtime whose JIT lands
    * differently from launch to launch) keeps the spread its own rounds show; only one that spread
    * less by chance is drawn up, and both gain the degrees of freedom (wider than Smyth's moderated
    * t, so its coverage is at least theirs). */
  def moderated(v: Double, d: Int): (Double, Double) =
    if (df.isPosInfinity) (math.max(variance, v), LaunchPrior.ManyDf)
    else (math.max(v, (df * variance + d * v) / (df + d)), df + d)
}

object LaunchPrior {

  /** Fewer relayed ratios than this in a table: no prior (each ratio stands on its own rounds). */
  val MinRatios = 3

  /** The degrees of freedom taken for an infinite prior: t is then the normal quantile to 4 digits. */
  val ManyDf: Double = 1e6

  /** The prior from `samples`, each a ratio's variance over its rounds with its degrees of freedom
    * (Smyth's moment estimator on the log variances: their mean and spread, less the spread their
    * own sampling gives, solved for the prior's degrees of freedom). None under `MinRatios` usable
    * samples (a positive, finite variance on at least one degree of freedom). */
  def fit(samples: Vector[(Double, Int)]): Option[LaunchPrior] = {
    val ok = samples.filter { case (v, d) => v > 0 && !v.isInfinite && !v.isNaN && d >= 1 }
    if (ok.size < MinRatios) None
    else {
      val e = ok.map { case (v, d) => math.log(v) - Digamma.value(d / 2.0) + math.log(d / 2.0) }
      val eMean = Describe.mean(e)
      val sampling = Describe.mean(ok.map { case (_, d) => Trigamma.value(d / 2.0) })
      val excess = e.map(x => (x - eMean) * (x - eMean)).sum / (ok.size - 1) - sampling
      if (excess <= 0) Some(LaunchPrior(Double.PositiveInfinity, math.exp(eMean), ok.size))
      else {
        val d0 = 2 * trigammaInverse(excess)
        Some(LaunchPrior(d0, math.exp(eMean + Digamma.value(d0 / 2) - math.log(d0 / 2)), ok.size))
      }
    }
  }

  /** The x > 0 with trigamma(x) = y (trigamma falls from ∞ to 0 over (0, ∞)), by bisection on log x. */
  def trigammaInverse(y: Double): Double = {
    require(y > 0 && !y.isInfinite, s"trigamma takes values in (0, ∞), not $y")
    var (lo, hi) = (math.log(1e-8), math.log(1e8))
    var i = 0
    while (i < 200 && hi - lo > 1e-12) {
      val mid = (lo + hi) / 2
      if (Trigamma.value(math.exp(mid)) > y) lo = mid else hi = mid
      i += 1
    }
    math.exp((lo + hi) / 2)
  }

  /** The prior of a table from the relayed ratios of its other cells (`others`, each its reference
    * estimate) against its fastest: each ratio's round centres (ForkStats.turnRatios), their variance
    * on rounds − 1 degrees of freedom. None when fewer than `MinRatios` of them were relayed over two
    * rounds or more. */
  def ofTable(fastest: CellEstimate, others: Vector[CellEstimate]): Option[LaunchPrior] =
    if (fastest.pooled.nonEmpty) None
    else fit(others.filter(_.pooled.isEmpty).flatMap { e =>
      val d = ForkStats.turnRatios(fastest, e).map(_.logRatio)
      Option.when(d.size >= 2)((Describe.variance(d), d.size - 1))
    })
}
