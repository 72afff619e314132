package effectbench.analysis

import effectbench.analysis.Stopping.{MinStateForks, Open, OpenRatio}
import effectbench.stats.ForkStats

/** The next round of a table from what its rounds so far measured: which cells are still open
  * (Stopping), how many forks an open ratio still needs, which of them the seconds left pay for, and
  * why the table stops. Pure: forks and seconds in, a typed round out; the runner's round loop
  * (Rounds.loop) runs the forks it names and words its stops. */
object RoundPlanner {
  /** A table after a round (analysis's RoundState, which the loop's other rules read too). */
  type State = RoundState
  val State: RoundState.type = RoundState

  /** The engine's limits on a table: its stopping rule, the rounds before any stopping decision, its
    * budget, whether what the budget leaves would be lost (`spendAll`) and whether rounds are relayed. */
  final case class Limits(
      rule: Stopping.Rule, minRounds: Int, confidence: Double, budgetSeconds: Option[Double], spendAll: Boolean = false,
      relay: Boolean = false
  )

  /** The next round: `next`, the cells it measures (the fastest first, twice when two ratios or more
    * are open and the round is not relayed); `stop`, why the table stops (None when it goes on);
    * `open`, the stopping rule's reading once the minimum rounds are done; `outOfReach`, the cells
    * newly found out of the budget's reach with the forks each would need, `left` the seconds left
    * when they were; `partial`, a round that holds only some of the open ratios. */
  final case class Next(
      next: Vector[String], stop: Option[RoundStop], open: Option[Open], outOfReach: Vector[(String, Int)], left: Double,
      partial: Option[PartialRound]
  ) {
    /** The table stopped because its ratios settled: the round rules may still bring it back. */
    def settledStop: Boolean = stop.exists {
      case _: RoundStop.Settled => true
      case _ => false
    }
  }

  /** The ratio rule's next round after round `s.round` of a table (before the loop adds back cells
    * whose every fork was set aside, or whose p99 has not reached its target). */
  def afterRound(s: State, l: Limits): Next = {
    val alive = s.keys.filterNot(s.failed.contains)
    val base = alive.filterNot(s.starved.contains)
    if (s.round < l.minRounds || base.isEmpty) Next(base, None, None, Vector.empty, Double.NaN, None)
    else {
      // Every cell with forks takes part in the stopping rule, a starving one too: the report gives
      // its hog throughput a ratio and takes it as the fastest when it is, so the engine settles
      // what the report prints (left out, the report would take a starving cell of two forks as the
      // fastest and every ratio against it would rest on one degree of freedom).
      val est = s.forks.toVector.filterNot(x => s.failed.contains(x._1)).map { case (k, fs) =>
        k -> LaunchStates.estimate(fs.flatMap(_._2), l.confidence, fs.map(_._1), cycles = l.relay)
      }
      val o = Stopping.unsettled(est, s.higher, l.rule)
      val pending = o.pending
      // A table whose other cells all failed has no ratio left that more forks could narrow: its
      // last cell's own precision is not what a table of several cells is run for.
      if (s.keys.size >= 2 && est.size < 2)
        Next(base, Some(RoundStop.NoRatioLeft), Some(o), Vector.empty, Double.NaN, None)
      else if (pending.isEmpty)
        Next(base, Some(RoundStop.Settled(l.rule.precisionFirst, o.bimodal)), Some(o), Vector.empty, Double.NaN, None)
      else {
        // A starving cell measures again only while a ratio it is in is open (its own, or one
        // against it as the fastest).
        val open = alive.filter(pending.contains)
        // The fastest's noise enters every open ratio: while two or more are open it gets two forks
        // a round (each ratio's round then compares with the mean of both, ForkStats.perRound).
        val next = if (pending.size >= 3 && !l.relay) open :+ pending.head else open
        // Under a budget, the round holds the open ratios it can still settle, nearest first.
        l.budgetSeconds.filter(_ => o.widths.nonEmpty && s.keys.size >= 2) match {
          case None => Next(next, None, Some(o), Vector.empty, Double.NaN, None)
          case Some(b) =>
            val left = b - s.seconds
            val candidates = o.widths.filter(w => !s.failed.contains(w._1) && !s.outOfReach.contains(w._1))
            val (plan, out) = planRound(pending.head, candidates, s.perFork, left, l.rule.precision, l.confidence, l.spendAll, l.relay)
            val reachable = candidates.size - out.size
            val planned = plan.distinct.count(_ != pending.head)
            if (plan.isEmpty)
              Next(plan, Some(RoundStop.BudgetSpent(b, openOutOfReach = candidates.isEmpty)), Some(o), Vector.empty, left, None)
            else
              Next(plan, None, Some(o), out, left,
                Option.when(planned < reachable)(PartialRound(planned, reachable, left)))
        }
      }
    }
  }

  /** More forks than this for one ratio are past counting in any table's budget (forksToSettle's cap). */
  val SettleCap = 200

  /** Forks more that a ratio of relative half-width `w` on `n` forks needs to come within
    * `precision`, if the spread of its forks stays as measured: on the log scale (where the ratio's
    * interval is symmetric, ln(1 + w)) the half-width goes as t(n + m − 1) · √(n / (n + m)) / t(n − 1).
    * One when it cannot be told (no interval yet); `cap` + 1 when even `cap` more would not do. */
  def forksToSettle(w: Double, n: Int, precision: Double, confidence: Double, cap: Int = SettleCap): Int =
    if (w.isNaN || n < 2) 1
    else if (w <= precision) 0
    else {
      val (h, target) = (math.log1p(w), math.log1p(precision))
      val t0 = ForkStats.tQuantile(confidence, n - 1)
      def enough(m: Int) = h * ForkStats.tQuantile(confidence, n + m - 1) / t0 * math.sqrt(n.toDouble / (n + m)) <= target
      if (!enough(cap)) cap + 1
      else {
        // The half-width falls as m grows: the least m that is enough, by bisection.
        var (lo, hi) = (0, cap)
        while (hi - lo > 1) { val mid = (lo + hi) / 2; if (enough(mid)) hi = mid else lo = mid }
        hi
      }
    }

  /** The next round of a table after its minimum rounds, within the `left` seconds of its budget.
    * Of the open cells, one whose ratio would need more forks (each with a fork of the fastest, the
    * ratios pair by round) than the whole of `left` pays for is out of reach: it keeps the interval it
    * has and gets no more forks in this table, so that the time goes to ratios it can settle
    * (docs/lessons/out-of-reach.md).
    * The others are taken nearest to settling first, as many as fit in `left`, with the fastest once,
    * or twice when two ratios or more are open; when not even one fits, the round is empty. With
    * `spendAll` (the run's last table, or a budget no later table shares: what is left would be lost)
    * no ratio is out of reach: a ratio that cannot settle still narrows.
    * @param open the open cells with their widest open ratio
    * @param perFork a cell's seconds per fork so far
    * @return the cells of the next round (the fastest first) and the cells out of reach with the
    *         forks each would need */
  def planRound(
      fastest: String, open: Map[String, OpenRatio], perFork: String => Double, left: Double, precision: Double, confidence: Double,
      spendAll: Boolean = false, relay: Boolean = false
  ): (Vector[String], Vector[(String, Int)]) = {
    val need = open.map { case (k, o) =>
      k -> (if (o.halfWidth.isNaN) math.max(1, MinStateForks - o.forks) else forksToSettle(o.halfWidth, o.forks, precision, confidence))
    }
    val (reach, out) =
      if (spendAll) (open.keys.toVector.sorted, Vector.empty)
      else open.keys.toVector.sorted.partition(k => need(k) * (perFork(k) + perFork(fastest)) <= left)
    val ordered = reach.sortBy(k => (need(k), -open(k).halfWidth))
    var chosen = Vector.empty[String]
    var cost = perFork(fastest)
    ordered.foreach { k =>
      // The fastest's second fork comes with the second ratio of the round.
      // (Not in a relay round: each ratio pairs the turns of one JVM of each cell.)
      val extra = perFork(k) + (if (chosen.size == 1 && !relay) perFork(fastest) else 0.0)
      if (cost + extra <= left) { chosen :+= k; cost += extra }
    }
    val round =
      if (chosen.isEmpty) Vector.empty else (fastest +: chosen) ++ (if (chosen.size >= 2 && !relay) Vector(fastest) else Vector.empty)
    (round, out.map(k => k -> need(k)))
  }
}
