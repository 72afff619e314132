package effectbench.analysis

import effectbench.stats.{CellEstimate, Describe, ForkStats, ForkSteady, LaunchState}

/** Which of a cell's launches make a launch state: the gap test, its thresholds, and the estimate
  * every reader of a cell takes (`estimate`, `fromForks`: stats' estimate with this rule's states). */
object LaunchStates {
  import Describe.{mean, variance}

  /** A cell's estimate from JMH's raw data (per fork, per iteration), its launch states by `of`. */
  def estimate(
      raw: Vector[Vector[Double]], confidence: Double = ForkStats.DefaultConfidence, rounds: Vector[Int] = Vector.empty,
      cycles: Boolean = false
  ): CellEstimate = ForkStats.estimate(raw, of(_), confidence, rounds, cycles)

  /** A cell's estimate from forks whose warm-up is already judged, its launch states by `of`. */
  def fromForks(forks: Vector[ForkSteady], confidence: Double, rounds: Vector[Int]): CellEstimate =
    ForkStats.fromForks(forks, confidence, rounds, Some(of(_)))

  /** Launch states split only where neighbouring fork means are at least this factor apart: the
    * states seen on 2 cores were 1.5–3.3× apart (ping-pong monix 3.3 vs 5.1 ms, future 0.37 vs
    * 0.77, loom 1.1 vs 3.2, fork-many cats-effect 0.89 vs 2.93), and fork-to-fork noise of a few
    * per cent must never make one. */
  val MinStateGap = 1.25
  /** ... and the gap (on the log scale) must be this many times the spread of the fork means inside
    * the two groups. Chosen by simulation of normal fork means with no states (a split is a false
    * alarm): at 10% fork-to-fork spread, 4% of 4-fork cells, 1.3% of 6-fork and 0.1% of 10-fork
    * cells split; at 3% spread none do. Two states 2× apart (30% of launches) are found whenever
    * both appear at 3% spread, and in about half the 6-fork cells at 10%. */
  val StateGapSpreads = 6.0
  /** The least spread assumed inside a group (log scale): a fork mean is never steadier than 1%. */
  val MinStateSpread = 0.01

  /** A state is seen in this many launches at least; a lone launch off the others is not one (see
    * `of`). */
  val MinStateLaunches = 2

  /** The launch states of a cell: its forks' means (log scale) sorted and split at the widest gap
    * between neighbours when that gap is at least `MinStateGap` as a factor and `StateGapSpreads`
    * times the spread inside the two sides (pooled standard deviation of the fork means around their
    * side's mean, at least each fork's own standard error of its mean and `MinStateSpread`); each
    * side is split again the same way. A test for a gap between clusters rather than a fixed
    * factor: states 1.5× apart are states when each is tight, and forks 3× apart are not when the
    * cell scatters that widely anyway. Every state is a share of launches.
    *
    * A group of fewer than `minLaunches` forks joins its nearer neighbour: one launch off the others
    * is a second state or an outlier, and one launch cannot tell which. Given an interval of its own
    * (from the spread of the other states' launches) it would be taken for a state far too often: on
    * the recorded ping-pong loom launches, a wide single-state cell, a lone launch of a 4-fork draw
    * printed as a state missed the true ratio in 11% of draws (ForkCoverageSuite). So it stays in
    * its cell, whose interval widens to hold it, and is named (`lone`); the rounds engine
    * then measures the open cell again. `bench states`, with 20 launches or more, counts a lone slow
    * launch as the state it is (`minLaunches` 1). */
  def of(forks: Vector[ForkSteady], minLaunches: Int = MinStateLaunches): Vector[LaunchState] = {
    val groups = gapGroups(forks)
    if (groups.isEmpty) return Vector.empty
    var gs = groups
    var i = gs.indexWhere(_.size < minLaunches)
    while (gs.size > 1 && i >= 0) {
      // Join the neighbour across the smaller gap (log scale).
      def lg(g: Vector[ForkSteady], first: Boolean) = math.log(if (first) g.head.mean else g.last.mean)
      val left = if (i > 0) lg(gs(i), true) - lg(gs(i - 1), false) else Double.PositiveInfinity
      val right = if (i < gs.size - 1) lg(gs(i + 1), true) - lg(gs(i), false) else Double.PositiveInfinity
      val j = if (left <= right) i - 1 else i + 1
      val (a, b) = (math.min(i, j), math.max(i, j))
      gs = gs.take(a) ++ Vector(gs(a) ++ gs(b)) ++ gs.drop(b + 1)
      i = gs.indexWhere(_.size < minLaunches)
    }
    val n = forks.count(f => f.mean > 0 && !f.mean.isNaN).toDouble
    gs.map(g => LaunchState(mean(g.map(_.mean)), g.map(_.fork).sorted, g.size / n))
  }

  /** The forks that the gap test sets apart on their own, when they are not all the cell: launches
    * off the others that `of` keeps in a state all the same (one launch is no state). */
  def lone(forks: Vector[ForkSteady]): Vector[Int] = {
    val groups = gapGroups(forks)
    // Lone against the others: a cell of lone forks only (two forks apart) has none to be lone against.
    if (groups.size < 2 || !groups.exists(_.size >= 2)) Vector.empty else groups.filter(_.size == 1).map(_.head.fork).sorted
  }

  /** The groups of fork means (sorted by mean) the gap test splits a cell into, before any is
    * merged: see `of`. */
  private def gapGroups(forks: Vector[ForkSteady]): Vector[Vector[ForkSteady]] = {
    val pts = forks.filter(f => f.mean > 0 && !f.mean.isNaN).map(f => (math.log(f.mean), f)).sortBy(_._1)
    if (pts.isEmpty) return Vector.empty
    // The squared standard error of a fork's mean, on the log scale, from its own steady iterations.
    def se2(f: ForkSteady): Double = {
      val ys = f.steady.filter(_ > 0).map(math.log)
      if (ys.size < 2) 0.0 else variance(ys) / ys.size
    }
    def split(seg: Vector[(Double, ForkSteady)]): Vector[Vector[(Double, ForkSteady)]] =
      if (seg.size < 2) Vector(seg)
      else {
        val k = (0 until seg.size - 1).maxBy(i => seg(i + 1)._1 - seg(i)._1)
        val gap = seg(k + 1)._1 - seg(k)._1
        val (l, r) = seg.splitAt(k + 1)
        def ss(side: Vector[(Double, ForkSteady)]) = { val m = mean(side.map(_._1)); side.map(p => (p._1 - m) * (p._1 - m)).sum }
        val df = seg.size - 2
        val pooled = if (df > 0) (ss(l) + ss(r)) / df else 0.0
        val own = seg.map(p => se2(p._2)).sum / seg.size
        val spread = math.sqrt(Seq(pooled, own, MinStateSpread * MinStateSpread).max)
        if (gap >= math.log(MinStateGap) && gap >= StateGapSpreads * spread) split(l) ++ split(r) else Vector(seg)
      }
    split(pts).map(_.map(_._2))
  }

}
