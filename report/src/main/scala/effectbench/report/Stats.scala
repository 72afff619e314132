package effectbench.report

import java.util.SplittableRandom

/** The statistics behind `bench compare`: a hierarchical bootstrap of the ratio of means
  * (resampling forks, then iterations within each drawn fork) and the Mann–Whitney U test. */
object Stats {
  val DefaultResamples = 2000

  def mean(xs: Array[Double]): Double =
    if (xs.isEmpty) Double.NaN
    else { var s = 0.0; var i = 0; while (i < xs.length) { s += xs(i); i += 1 }; s / xs.length }

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

  /** The q-quantile (0..1) of values, linear interpolation between order statistics. */
  def quantile(values: Array[Double], q: Double): Double = {
    val xs = values.filterNot(_.isNaN) // a copy, sorted in place without boxing
    java.util.Arrays.sort(xs)
    if (xs.isEmpty) Double.NaN
    else {
      val pos = q * (xs.length - 1)
      val lo = math.floor(pos).toInt
      val hi = math.min(lo + 1, xs.length - 1)
      xs(lo) + (pos - lo) * (xs(hi) - xs(lo))
    }
  }

  /** A 95% percentile interval. */
  def interval95(replicates: Array[Double]): (Double, Double) = {
    val xs = replicates.filterNot(_.isNaN)
    java.util.Arrays.sort(xs)
    (quantile(xs, 0.025), quantile(xs, 0.975))
  }

  /** Two-sided p-value of the Mann–Whitney U test that A and B come from the same distribution.
    * Exact (by counting rank arrangements) for small samples without ties; otherwise the normal
    * approximation with tie and continuity corrections. */
  def mannWhitneyP(a: Array[Double], b: Array[Double]): Double = {
    val n1 = a.length
    val n2 = b.length
    if (n1 == 0 || n2 == 0) return Double.NaN
    val all = (a.map(x => (x, 0)) ++ b.map(x => (x, 1))).sortBy(_._1)
    val ranks = new Array[Double](all.length)
    var i = 0
    var tieTerm = 0.0
    var ties = false
    while (i < all.length) {
      var j = i
      while (j + 1 < all.length && all(j + 1)._1 == all(i)._1) j += 1
      val r = (i + j) / 2.0 + 1
      var k = i
      while (k <= j) { ranks(k) = r; k += 1 }
      val t = (j - i + 1).toDouble
      if (t > 1) { ties = true; tieTerm += t * t * t - t }
      i = j + 1
    }
    var r1 = 0.0
    i = 0
    while (i < all.length) { if (all(i)._2 == 0) r1 += ranks(i); i += 1 }
    val u1 = r1 - n1 * (n1 + 1) / 2.0
    val u = math.min(u1, n1.toDouble * n2 - u1)
    if (!ties && n1 * n2 <= 2500) {
      val dist = exactU(n1, n2)
      var total = 0.0
      var cum = 0.0
      var k = 0
      while (k < dist.length) { total += dist(k); if (k <= u.toInt) cum += dist(k); k += 1 }
      math.min(1.0, 2 * cum / total)
    } else {
      val n = (n1 + n2).toDouble
      val mu = n1.toDouble * n2 / 2
      val sigma = math.sqrt(n1.toDouble * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1))))
      val z = if (sigma == 0) 0.0 else (math.abs(u - mu) - 0.5) / sigma
      if (z <= 0) 1.0 else math.min(1.0, 2 * (1 - normalCdf(z)))
    }
  }

  private val exactCache = new java.util.concurrent.ConcurrentHashMap[(Int, Int), Array[Double]]()

  /** Number of arrangements giving each U = 0..n1*n2 (no ties); the same sizes recur for every cell. */
  private def exactU(n1: Int, n2: Int): Array[Double] = exactCache.computeIfAbsent((n1, n2), _ => countU(n1, n2))

  private def countU(n1: Int, n2: Int): Array[Double] = {
    // f(m, n)(u) = f(m-1, n)(u - n) + f(m, n-1)(u), built up over m with a row per n.
    val max = n1 * n2
    var prev = Array.tabulate(n2 + 1)(_ => { val a = new Array[Double](max + 1); a(0) = 1; a }) // m = 0
    var m = 1
    while (m <= n1) {
      val cur = new Array[Array[Double]](n2 + 1)
      cur(0) = { val a = new Array[Double](max + 1); a(0) = 1; a }
      var n = 1
      while (n <= n2) {
        val a = new Array[Double](max + 1)
        var u = 0
        while (u <= m * n) {
          a(u) = cur(n - 1)(u) + (if (u >= n) prev(n)(u - n) else 0.0)
          u += 1
        }
        cur(n) = a
        n += 1
      }
      prev = cur
      m += 1
    }
    prev(n2)
  }

  /** Standard normal CDF (Abramowitz–Stegun 7.1.26 on erf, error < 1.5e-7). */
  def normalCdf(z: Double): Double = {
    val x = math.abs(z) / math.sqrt(2)
    val t = 1 / (1 + 0.3275911 * x)
    val y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * math.exp(-x * x)
    if (z >= 0) 0.5 * (1 + y) else 0.5 * (1 - y)
  }

  def geomean(xs: Seq[Double]): Double = if (xs.isEmpty) Double.NaN else math.exp(xs.map(math.log).sum / xs.size)
}
