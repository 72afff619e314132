package effectbench.stats

import java.util.SplittableRandom
import org.apache.commons.statistics.inference.{AlternativeHypothesis, MannWhitneyUTest}

/** The statistics behind `bench compare`: a hierarchical bootstrap of the ratio of means
  * (resampling forks, then iterations within each drawn fork) and the Mann–Whitney U test. */
object Stats {
  val DefaultResamples = 2000

  def mean(xs: Array[Double]): Double = Describe.mean(xs.toSeq)

  /** Every iteration of every fork, pooled. */
  def pooled(raw: Vector[Vector[Double]]): Array[Double] = raw.iterator.flatten.toArray

  /** One bootstrap replicate of the mean: draw as many forks as there are, with replacement, then
    * within each drawn fork as many iterations as it has, with replacement. */
  def resampleMean(forks: Array[Array[Double]], rnd: SplittableRandom): Double = {
    var sum = 0.0
    var n = 0
    var f = 0
    while (f < forks.length) {
      val fork = forks(rnd.nextInt(forks.length))
      var i = 0
      while (i < fork.length) {
        sum += fork(rnd.nextInt(fork.length))
        i += 1
      }
      n += fork.length
      f += 1
    }
    if (n == 0) Double.NaN else sum / n
  }

  /** Bootstrap replicates of mean(B) / mean(A), reproducible for a given seed. */
  def bootstrapRatios(a: Vector[Vector[Double]], b: Vector[Vector[Double]], resamples: Int, seed: Long): Array[Double] = {
    val fa = a.filter(_.nonEmpty).map(_.toArray).toArray
    val fb = b.filter(_.nonEmpty).map(_.toArray).toArray
    val out = new Array[Double](resamples)
    if (fa.isEmpty || fb.isEmpty) { java.util.Arrays.fill(out, Double.NaN); return out }
    val rnd = new SplittableRandom(seed)
    var i = 0
    while (i < resamples) {
      out(i) = resampleMean(fb, rnd) / resampleMean(fa, rnd)
      i += 1
    }
    out
  }

  /** The q-quantile (0..1) of values, linear interpolation between order statistics (Describe). */
  def quantile(values: Array[Double], q: Double): Double = Describe.quantile(values.toSeq, q, Describe.QuantileRule.Interpolated)

  /** A 95% percentile interval. */
  def interval95(replicates: Array[Double]): (Double, Double) = (quantile(replicates, 0.025), quantile(replicates, 0.975))

  /** Two-sided p-value of the Mann–Whitney U test that A and B come from the same distribution,
    * from Apache Commons Statistics with its defaults (commons-statistics-inference
    * `src/main/java/org/apache/commons/statistics/inference/MannWhitneyUTest.java`, 1.1): exact when
    * both samples hold fewer than 50 values and there are no ties (`AUTO_LIMIT = 50`, R's
    * `wilcox.test` rule), otherwise the normal approximation with tie and continuity corrections.
    * Exact is not forced up to n1·n2 <= 2500 (the earlier hand-written rule): the library keeps one
    * f(m, n, k) table for all calls and grows it to the largest m, n and k seen (`getF`), which for
    * 1 × 2500 then 50 × 50 values is over a gigabyte; below 50 values both rules agree.
    * NaN when either sample is empty; NaN values are left out (the library refuses both). */
  def mannWhitneyP(a: Array[Double], b: Array[Double]): Double = mannWhitney(MannWhitneyU, a, b)

  /** One-sided p-value of the Mann–Whitney U test that A's values lie above B's (A stochastically
    * greater), the library's defaults otherwise (as `mannWhitneyP`). NaN when either sample is empty. */
  def mannWhitneyGreaterP(a: Array[Double], b: Array[Double]): Double = mannWhitney(MannWhitneyGreater, a, b)

  private def mannWhitney(test: MannWhitneyUTest, a: Array[Double], b: Array[Double]): Double = {
    val x = a.filterNot(_.isNaN)
    val y = b.filterNot(_.isNaN)
    if (x.isEmpty || y.isEmpty) Double.NaN else test.test(x, y).getPValue
  }

  private val MannWhitneyU = MannWhitneyUTest.withDefaults()
  private val MannWhitneyGreater = MannWhitneyUTest.withDefaults().`with`(AlternativeHypothesis.GREATER_THAN)
}
