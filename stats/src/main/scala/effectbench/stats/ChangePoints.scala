package effectbench.stats

import java.util.SplittableRandom

/** Change points of a series of runs (a cell's ratio or time, oldest run first): the runs at which
  * its level moved, found by E-divisive means (Matteson & James, "A Nonparametric Approach for
  * Multiple Change Point Analysis of Multivariate Data", JASA 2014), the detector MongoDB's
  * performance CI and Apache Otava (formerly Hunter) run over their benchmark histories.
  *
  * A split of a segment into a left part X (m values) and a right part Y (k values) scores
  * Q = m·k/(m+k) · (2/(m·k) Σ|x−y| − Σ_{i<j}|x_i−x_j| / C(m,2) − Σ_{i<j}|y_i−y_j| / C(k,2)),
  * the energy distance between the parts weighted by their sizes: large when the values on either
  * side sit apart and close among themselves. X runs from the segment's start to the split, Y from
  * the split to any later run (the best end is taken). Bisection: the segment holding the best split is
  * split there when a permutation test says the split is significant (its Q beaten by the best Q
  * of at most a share `alpha` of the segment shuffled); then each part is searched again, until no
  * split is significant. A change point smaller than `minChange` (the relative change of the mean
  * across it) is dropped afterwards, the smallest first, its neighbours' segments merged: a change
  * must be both unlikely under noise and large enough to matter.
  *
  * Deterministic: the shuffles are drawn from a SplittableRandom of the given seed. */
object ChangePoints {

  /** `alpha`: the permutation significance level; `minChange`: the smallest relative change of the
    * mean reported (0.05 = 5%); `permutations`: shuffles per test (at least 1/alpha for the level
    * to be reachable); `minSegment`: the fewest runs on either side of a change. */
  final case class Config(
      alpha: Double = 0.01, minChange: Double = 0.05, permutations: Int = 999, seed: Long = 1L, minSegment: Int = 1
  ) {
    require(alpha > 0 && alpha < 1, s"alpha must lie in (0, 1), got $alpha")
    require(minChange >= 0, s"minChange must be 0 or more, got $minChange")
    require(permutations >= 1, s"permutations must be positive, got $permutations")
    require(minSegment >= 1, s"minSegment must be positive, got $minSegment")
  }

  /** A change at `index`: the first value of the new level. `before` and `after` are the means of
    * the segments on either side (after every change point is placed), `pValue` the permutation
    * test's when the split was made. */
  final case class Change(index: Int, before: Double, after: Double, pValue: Double, q: Double) {
    /** The relative change of the mean: after / before − 1. */
    def relative: Double = after / before - 1
  }

  /** The best split of xs(from until to) and its Q; None when no split leaves `minSegment` a side.
    * As in Matteson & James, the right part Y is searched over every end (Y = [τ, κ) for each κ),
    * so that a change that is undone later in the segment (a bump) scores as high as a lasting one.
    * With prefix sums of the distance matrix each (τ, κ) costs O(1): O(n²) per segment. */
  private[stats] def bestSplit(xs: Array[Double], from: Int, to: Int, minSegment: Int): Option[(Int, Double)] = {
    val n = to - from
    if (n < 2 * minSegment) None
    else {
      // p(i)(j) = Σ_{a<i, b<j} |x_a − x_b| over the segment.
      val p = Array.ofDim[Double](n + 1, n + 1)
      var i = 1
      while (i <= n) {
        var j = 1
        var row = 0.0
        while (j <= n) {
          row += math.abs(xs(from + i - 1) - xs(from + j - 1))
          p(i)(j) = p(i - 1)(j) + row
          j += 1
        }
        i += 1
      }
      // Σ over unordered pairs inside [a, b), and over X = [a, b) against Y = [b, c).
      def within(a: Int, b: Int): Double = (p(b)(b) - p(a)(b) - p(b)(a) + p(a)(a)) / 2
      def across(a: Int, b: Int, c: Int): Double = p(b)(c) - p(a)(c) - p(b)(b) + p(a)(b)
      var best = -1
      var bestQ = Double.NegativeInfinity
      var t = minSegment
      while (t <= n - minSegment) {
        val m = t.toDouble
        val wx = if (t > 1) within(0, t) / (m * (m - 1) / 2) else 0.0
        var k = t + minSegment
        while (k <= n) {
          val r = (k - t).toDouble
          val wy = if (k - t > 1) within(t, k) / (r * (r - 1) / 2) else 0.0
          val q = m * r / (m + r) * (2 * across(0, t, k) / (m * r) - wx - wy)
          if (q > bestQ) { bestQ = q; best = from + t }
          k += 1
        }
        t += 1
      }
      if (best < 0) None else Some(best -> bestQ)
    }
  }

  /** The permutation p-value of a segment's best split: the share of shuffles (the observed order
    * counted as one) whose best Q reaches the observed one. */
  private def pValue(xs: Array[Double], from: Int, to: Int, observed: Double, cfg: Config, rnd: SplittableRandom): Double = {
    val seg = java.util.Arrays.copyOfRange(xs, from, to)
    var reached = 0
    var p = 0
    while (p < cfg.permutations) {
      var i = seg.length - 1
      while (i > 0) { val j = rnd.nextInt(i + 1); val t = seg(i); seg(i) = seg(j); seg(j) = t; i -= 1 }
      if (bestSplit(seg, 0, seg.length, cfg.minSegment).exists(_._2 >= observed)) reached += 1
      p += 1
    }
    (reached + 1).toDouble / (cfg.permutations + 1)
  }

  /** The change points of `series`, in order. NaN values are not allowed (leave the run out). */
  def detect(series: Vector[Double], cfg: Config = Config()): Vector[Change] = {
    require(series.forall(x => !x.isNaN && !x.isInfinite), "a change-point series holds only finite numbers")
    val xs = series.toArray
    val rnd = new SplittableRandom(cfg.seed)
    // Significant splits found so far (index -> (p, q)), and the segments still to search.
    val found = scala.collection.mutable.TreeMap.empty[Int, (Double, Double)]
    var open = Vector(0 -> xs.length)
    var going = true
    while (going) {
      val candidates = open.flatMap { case (f, t) => bestSplit(xs, f, t, cfg.minSegment).map { case (i, q) => (f, t, i, q) } }
      if (candidates.isEmpty) going = false
      else {
        val (f, t, i, q) = candidates.maxBy(_._4)
        val p = pValue(xs, f, t, q, cfg, rnd)
        if (p > cfg.alpha) going = false
        else {
          found(i) = (p, q)
          open = open.filterNot(_ == (f -> t)) ++ Vector(f -> i, i -> t)
        }
      }
    }
    // Drop the changes smaller than minChange, the smallest first, merging the segments around each.
    def mean(f: Int, t: Int): Double = { var s = 0.0; var i = f; while (i < t) { s += xs(i); i += 1 }; s / (t - f) }
    def changes(points: Vector[Int]): Vector[Change] = {
      val bounds = (0 +: points) :+ xs.length
      points.zipWithIndex.map { case (i, k) =>
        val (p, q) = found(i)
        Change(i, mean(bounds(k), i), mean(i, bounds(k + 2)), p, q)
      }
    }
    var points = found.keys.toVector
    var done = false
    while (!done && points.nonEmpty) {
      val cs = changes(points)
      val smallest = cs.minBy(c => math.abs(c.relative))
      if (math.abs(smallest.relative) < cfg.minChange) points = points.filterNot(_ == smallest.index)
      else done = true
    }
    changes(points)
  }

  /** A fraction or a percentage as typed (`0.05`, `5%`), or None when it is neither. */
  def parseShare(s: String): Option[Double] = {
    val t = s.trim
    if (t.endsWith("%")) t.dropRight(1).trim.toDoubleOption.map(_ / 100) else t.toDoubleOption
  }
}
