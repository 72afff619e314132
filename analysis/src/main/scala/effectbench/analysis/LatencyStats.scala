package effectbench.analysis

import effectbench.stats.{CellEstimate, ForkStats, MeanInterval}
import effectbench.store.{CellResult, RunData}

/** One fork's latency percentiles (µs), from the histogram of its measured windows, and its events
  * and starved events. A fork that answered fewer than `LatencyStats.MinRecorded` events (every one
  * starved, or nearly) has no percentile (NaN): its starved count says what happened, and nothing is
  * averaged into a percentile for it. */
final case class ForkPercentiles(
    p50: Double, p99: Double, p999: Double, max: Double, recorded: Long, events: Long, starved: Long,
    /** service: the fork's late timeouts (fast backends that lost to the timeout), when recorded. */
    lateTimeouts: Option[Long] = None
) {
  def values: Vector[Double] = Vector(p50, p99, p999, max)
  def hasPercentiles: Boolean = recorded >= LatencyStats.MinRecorded
}

/** A percentile over forks with its interval, the fork as the unit: `mean` is the geometric mean of
  * the forks' values and [low, high] the t-interval of their logs taken back (so never below zero,
  * and as wide on each side in ratio: a fork's tail latency varies by factors, not by microseconds). */
final case class ForkInterval(mean: Double, low: Double, high: Double, n: Int) {
  def known: Boolean = n >= 2 && !low.isNaN && !high.isNaN
}

/** A ratio of two cells' p99 with its interval: paired round by round when both cells were measured
  * in the engine's rounds, else from the forks of each (Welch), on the log scale either way. */
final case class LatencyRatio(ratio: Double, low: Double, high: Double, paired: Boolean, n: Int) {
  def known: Boolean = !low.isNaN && !high.isNaN
}

/** A latency cell's latency: its forks' percentiles, each percentile's interval over the forks
  * that recorded any, and the starved events per fork (reported, never averaged into a percentile). */
final case class LatencyEstimate(
    forks: Vector[ForkPercentiles], p50: ForkInterval, p99: ForkInterval, p999: ForkInterval, max: ForkInterval, rounds: Vector[Int],
    /** The states of the forks' p99s (LatencyStats.p99States), most frequent first, when there are two
      * or more; `p99` is then the first's. */
    p99States: Vector[P99State] = Vector.empty
) {
  def starved: Vector[Long] = forks.map(_.starved)
  def events: Vector[Long] = forks.map(_.events)
  def totalStarved: Long = starved.sum
  def lateTimeouts: Vector[Option[Long]] = forks.map(_.lateTimeouts)
  def intervals: Vector[(String, ForkInterval)] = Vector("p50" -> p50, "p99" -> p99, "p99.9" -> p999, "max" -> max)
  /** The forks (indices) behind `p99`: its state's when the p99s fall in states, else every fork that recorded one. */
  def p99Forks: Vector[Int] = p99States.headOption.map(_.forks)
    .getOrElse(forks.zipWithIndex.collect { case (f, i) if f.hasPercentiles && f.p99 > 0 => i })
  /** The p99s behind `p99`. */
  def p99s: Vector[Double] = p99Forks.map(forks(_).p99)
  /** Forks with a p99 in any state. */
  def p99Total: Int = forks.count(f => f.hasPercentiles && f.p99 > 0)
}

/** One state of a cell's fork p99s: its forks (indices into the estimate's forks), their p99's interval. */
final case class P99State(p99: ForkInterval, forks: Vector[Int])

/** Statistics of the latency family with the fork as the unit (docs/engine.md): percentiles per fork, each
  * percentile's interval over forks, p99 ratios between cells paired by the engine's rounds. */
object LatencyStats {
  import effectbench.stats.Describe.{mean, variance}

  /** The fewest latencies a fork must have recorded for its percentiles: a p99 of fewer than 100 is
    * not the 1% slowest of anything, its slowest event at best; a fork that answered a handful of its
    * probes (ZIO with cooperative yielding off) is starving, as one that answered none. */
  val MinRecorded = 100

  def percentiles(f: ForkLatency): ForkPercentiles = {
    val h = f.histogram
    val n = h.getTotalCount
    def us(v: Long): Double = if (n < MinRecorded) Double.NaN else v / 1000.0
    ForkPercentiles(us(h.getValueAtPercentile(50)), us(h.getValueAtPercentile(99)), us(h.getValueAtPercentile(99.9)), us(h.getMaxValue), n,
      f.events, f.starved, f.lateTimeouts)
  }

  /** The geometric mean of the forks' values with the t-interval of their logs over forks, taken
    * back; NaN bounds with one fork. The p99 ratios are taken on the same log scale. A symmetric
    * interval of the values themselves goes below zero whenever one fork's tail is far out, and puts
    * the point at the mean that the one far fork sets. */
  def interval(xs: Vector[Double], confidence: Double): ForkInterval = {
    val v = xs.filter(x => !x.isNaN && x > 0)
    val logs = v.map(math.log)
    val m = mean(logs)
    if (v.size < 2) ForkInterval(v.headOption.getOrElse(Double.NaN), Double.NaN, Double.NaN, v.size)
    else {
      val hw = MeanInterval.halfWidth(logs, confidence)
      ForkInterval(math.exp(m), math.exp(m - hw), math.exp(m + hw), v.size)
    }
  }

  def estimate(forks: Vector[ForkLatency], confidence: Double, rounds: Vector[Int] = Vector.empty): LatencyEstimate = {
    val ps = forks.map(percentiles)
    def over(f: ForkPercentiles => Double) = interval(ps.filter(_.hasPercentiles).map(f), confidence)
    val states =
      p99States(ps.map(p => if (p.hasPercentiles) p.p99 else Double.NaN)).map(is => P99State(interval(is.map(ps(_).p99), confidence), is))
    if (states.size < 2) LatencyEstimate(ps, over(_.p50), over(_.p99), over(_.p999), over(_.max), rounds)
    else LatencyEstimate(ps, over(_.p50), states.head.p99, over(_.p999), over(_.max), rounds, states)
  }

  /** The states of a cell's fork p99s (indices of `p99s`, NaN or non-positive for a fork without one),
    * most frequent first (the lower p99 first between two as frequent); one state, or none without a
    * p99, when they do not split. The gap test of launch states (LaunchStates.of: neighbouring
    * log p99s at least 1.25× and six spreads apart, a state seen in two forks at least) on the p99s.
    * Why: where a runtime stalls now and then for 50–150 ms, a fork whose windows met a stall has that
    * stall for its p99; the geometric mean then moves with how many stall forks a run happens to draw,
    * and a mean of the two describes neither (docs/lessons/tails-need-forks.md). As with throughput
    * launch states, the p99 is its most frequent state's, and the others are shown beside it with
    * their forks. */
  def p99States(p99s: Vector[Double]): Vector[Vector[Int]] = {
    val fs = p99s.zipWithIndex.collect { case (p, i) if !p.isNaN && p > 0 => effectbench.stats.ForkSteady(i, Vector(p), 0, settled = true) }
    LaunchStates.of(fs).sortBy(s => (-s.forks.size, s.mean)).map(_.forks)
  }

  /** The p99 of `a` over that of `b` (> 1: `a` waits longer), with its interval. Paired when both
    * were measured in rounds and share at least two: each shared round gives the log of the ratio
    * of the two cells' p99 there (a cell with two forks in a round, the fastest's, contributes their
    * geometric mean), and the interval is the t-interval of those logs, so drift of the machine that
    * hits both cells in a round cancels. Otherwise the logs of each cell's forks, with Welch's
    * degrees of freedom. */
  def p99Ratio(a: LatencyEstimate, b: LatencyEstimate, confidence: Double): LatencyRatio =
    percentileRatio(a, b, confidence, _.p99, ofP99State = true)

  /** As `p99Ratio`, for the percentile `pick` reads from each fork; `ofP99State`: only the forks behind
    * each side's `p99` (its most frequent p99 state). */
  def percentileRatio(
      a: LatencyEstimate, b: LatencyEstimate, confidence: Double, pick: ForkPercentiles => Double, ofP99State: Boolean = false
  ): LatencyRatio = {
    def logs(e: LatencyEstimate): Vector[(Int, Double)] = {
      val in = if (ofP99State) e.p99Forks.toSet else e.forks.indices.toSet
      e.forks.zipWithIndex.collect {
        case (f, i) if in(i) && f.hasPercentiles && pick(f) > 0 => (e.rounds.lift(i).getOrElse(-1 - i), math.log(pick(f)))
      }
    }
    val la = logs(a)
    val lb = logs(b)
    def byRound(l: Vector[(Int, Double)]): Map[Int, Double] = l.filter(_._1 >= 0).groupBy(_._1).map { case (r, xs) =>
      r -> mean(xs.map(_._2))
    }
    val ra = byRound(la)
    val rb = byRound(lb)
    val shared = ra.keySet.intersect(rb.keySet).toVector.sorted
    if (shared.size >= 2) {
      val d = shared.map(r => ra(r) - rb(r))
      val m = mean(d)
      val hw = MeanInterval.halfWidth(d, confidence)
      LatencyRatio(math.exp(m), math.exp(m - hw), math.exp(m + hw), paired = true, d.size)
    } else {
      val xa = la.map(_._2)
      val xb = lb.map(_._2)
      val m = mean(xa) - mean(xb)
      if (xa.size < 2 || xb.size < 2) LatencyRatio(math.exp(m), Double.NaN, Double.NaN, paired = false, math.min(xa.size, xb.size))
      else {
        val hw = MeanInterval.welchHalfWidth(variance(xa) / xa.size, xa.size - 1.0, variance(xb) / xb.size, xb.size - 1.0, confidence)
        LatencyRatio(math.exp(m), math.exp(m - hw), math.exp(m + hw), paired = false, math.min(xa.size, xb.size))
      }
    }
  }

  /** Forks with a p99 a cell needs before its run-to-run reach is estimated (a spread from two is a guess). */
  val MinReachForks = 3

  /** How far apart two runs of a cell, each of as many forks as this one, put its p99 with nothing
    * changed, from the spread of its forks' p99s alone: on the log scale the two runs' geometric
    * means differ with a standard deviation of s·√(2/n) (s: the forks' log p99s' standard deviation,
    * n: the forks), so 95% of such pairs fall within exp(±1.96·s·√(2/n)) — the machine moving between
    * runs only adds to it. `forksFor`: the forks a run needs for that to be within ±`target`. On the
    * 2-core KVM guest a Cats Effect p99 spread 0.24–0.64 from launch to launch, ZIO's about 0.1:
    * ±18–56% between runs of 16 forks against ±7–8%. */
  final case class RunToRun(halfWidth: Double, spread: Double, forks: Int, forksFor: Int, target: Double) {
    def within: Boolean = halfWidth <= target
  }

  def runToRun(e: LatencyEstimate, target: Double): Option[RunToRun] = {
    val logs = e.p99s.map(math.log)
    if (logs.size < MinReachForks) None
    else {
      val z = 1.959963984540054
      val sd = math.sqrt(variance(logs))
      val need = math.max(2, math.ceil(2 * math.pow(z * sd / math.log(1 + target), 2)).toInt)
      Some(RunToRun(math.exp(z * sd * math.sqrt(2.0 / logs.size)) - 1, sd, logs.size, need, target))
    }
  }
}
