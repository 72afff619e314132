package effectbench.stats

import org.apache.commons.statistics.descriptive.{GeometricMean, Mean, Median, Quantile, StandardDeviation, Variance}

/** The descriptive statistics every stage takes: one definition each, computed by Commons Statistics
  * Descriptive 1.1 (whose sums are compensated: a mean may differ from a plain sum over n in its
  * last bits). Empty input, or too little for the statistic, gives NaN, never an exception. */
object Describe {
  def mean(xs: Seq[Double]): Double = if (xs.isEmpty) Double.NaN else Mean.of(xs.toArray*).getAsDouble

  /** The geometric mean (the mean on the log scale, as every ratio here is averaged); NaN when
    * empty or when a value is negative, 0 when one is 0. */
  def geometricMean(xs: Seq[Double]): Double = if (xs.isEmpty) Double.NaN else GeometricMean.of(xs.toArray*).getAsDouble

  /** The sample variance (n − 1); NaN under two values. */
  def variance(xs: Seq[Double]): Double = if (xs.size < 2) Double.NaN else Variance.of(xs.toArray*).getAsDouble

  /** The sample standard deviation (n − 1), as every spread here is taken; NaN under two values. */
  def sd(xs: Seq[Double]): Double = if (xs.size < 2) Double.NaN else StandardDeviation.of(xs.toArray*).getAsDouble

  /** The middle value, or the mean of the two middle ones; NaN values are left out. The one median
    * rule of the project (Commons' `Median`, the textbook definition): no caller takes an upper middle. */
  def median(xs: Seq[Double]): Double = {
    val v = xs.filterNot(_.isNaN).toArray
    if (v.isEmpty) Double.NaN else Median.withDefaults().withCopy(false).evaluate(v)
  }

  /** Which order statistic a quantile is read from, on n sorted values (0-based positions). */
  enum QuantileRule {
    /** Linear interpolation between the order statistics around q·(n − 1) (Hyndman–Fan 7, R's
      * default): compare's bootstrap interval and the studies' tables. */
    case Interpolated
    /** The order statistic at ⌈q·n⌉ − 1, no interpolation (Hyndman–Fan 1, the inverse of the
      * empirical distribution): a reading that is one of the values read. */
    case Lower
    /** The order statistic nearest q·(n − 1), halves up: the machine probe's columns, each one of
      * its readings (no Hyndman–Fan method reads this one). */
    case Nearest
  }

  private val hf7 = Quantile.withDefaults().`with`(Quantile.EstimationMethod.HF7).withCopy(false)
  private val hf1 = Quantile.withDefaults().`with`(Quantile.EstimationMethod.HF1).withCopy(false)

  /** The q-quantile (0..1) of `xs` by `rule`; NaN values are left out, NaN when none is left. */
  def quantile(xs: Seq[Double], q: Double, rule: QuantileRule = QuantileRule.Interpolated): Double = {
    require(q >= 0 && q <= 1, s"a quantile is between 0 and 1, not $q")
    val v = xs.filterNot(_.isNaN).toArray
    if (v.isEmpty) Double.NaN
    else rule match {
      case QuantileRule.Interpolated => hf7.evaluate(v, q)
      case QuantileRule.Lower => hf1.evaluate(v, q)
      case QuantileRule.Nearest =>
        java.util.Arrays.sort(v)
        v(math.min(v.length - 1, math.max(0, math.round(q * (v.length - 1)).toInt)))
    }
  }
}
