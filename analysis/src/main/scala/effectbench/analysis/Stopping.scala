package effectbench.analysis

import effectbench.stats.{CellEstimate, CellRatios, Describe, ForkShape, ForkStats, RatioEstimate}

/** The rounds engine's stopping rules: when a ratio is settled, which cells of a table are still
  * open, and how far a latency cell's p99 would reach from run to run. The runner consults them
  * between rounds; they read only estimates, so they are tested without a JVM. */
object Stopping {
  /** What a table's stopping rule asks of its ratios.
    * @param precision the ratio half-width (fraction) that counts as precise enough
    * @param precisionFirst stop only when every ratio is within the precision: a decided but wide
    *                  ratio does not end the table */
  final case class Rule(precision: Double, precisionFirst: Boolean = false)

  /** Decided by more than the precision: the ratio's whole interval lies outside the band
    * [1/(1+P), 1+P] around 1. The band is symmetric on the log scale because a ratio and its
    * inverse must decide alike (B is 1.06× slower than A exactly when A is 0.943× of B); "by more
    * than P" is read as the interval's nearer end, not its point, being more than P from 1. A
    * bimodal ratio is never decided. */
  def clearlyDecided(r: RatioEstimate, precision: Double): Boolean =
    r.known && !r.bimodal && (r.low > 1 + precision || r.high < 1 / (1 + precision))

  /** One ratio needs no more rounds: its half-width is within the precision, or (unless the engine
    * wants precision first) it is decided by more than the precision. */
  def ratioSettled(r: RatioEstimate, rule: Rule): Boolean =
    r.known && (r.relHalfWidth <= rule.precision || (!rule.precisionFirst && clearlyDecided(r, rule.precision)))

  /** Whether every ratio against the fastest is settled (ratioSettled), from the cells' estimates;
    * also returns the widest ratio half-width. A table of one cell settles on its own half-width. */
  def settled(est: Vector[(String, CellEstimate)], higher: Boolean, rule: Rule): (Boolean, Double) = {
    val o = unsettled(est, higher, rule)
    (o.pending.isEmpty, o.worst)
  }

  /** What a table still needs after a round: `pending`, the cells to measure again (the fastest
    * first); `worst`, the widest half-width among the ratios that are not bimodal; `bimodal`, the
    * cells whose ratio is; `median`, the median half-width of the ratios `worst` is taken over (NaN
    * while none has an interval). */
  final case class Open(
      pending: Vector[String], worst: Double, bimodal: Vector[String], widths: Map[String, OpenRatio] = Map.empty, worstForks: Int = 0,
      median: Double = Double.NaN
  )

  /** An open cell's widest unsettled ratio: its half-width (NaN while a launch state lacks the forks
    * for an interval) on `forks` forks of the cell. */
  final case class OpenRatio(halfWidth: Double, forks: Int)

  /** The cells that need another fork: every cell whose ratio against the fastest is not settled,
    * with the fastest itself (the reference of those ratios) while any is. A cell whose ratio is
    * settled gets no more forks: its ratio keeps its paired interval over the rounds it shares with
    * the fastest (ForkStats.ratio pairs by round), and a table's later rounds measure only what is
    * still open. A cell comes back when its ratio reopens (the fastest's mean moved) or it becomes
    * the fastest. A bimodal ratio is not open: no number of rounds makes one number of a two-state
    * cell meaningful, and the report gives its modes from the forks it has (at least the minimum
    * rounds'). A table of one cell is pending until its own half-width is within the precision. */
  def unsettled(est: Vector[(String, CellEstimate)], higher: Boolean, rule: Rule): Open =
    if (est.size < 2) {
      val w = est.headOption.map(_._2.relHalfWidth).getOrElse(Double.NaN)
      Open(if (!w.isNaN && w <= rule.precision) Vector.empty else est.map(_._1), w, Vector.empty, median = w)
    } else {
      // Ratios are taken against each cell's reference: itself, or its most frequent launch state.
      val refs = est.map { case (k, e) => k -> TableJudging.reference(e) }
      val fastest = TableJudging.withPrior(TableJudging.fastest(refs, higher).get, refs)
      val others = est.filterNot(_._1 == fastest._1)
      // A cell whose iterations change state inside a fork has no number to refine: not open.
      val (bimodal, rest) = others.partition { case (_, e) => e.bimodal && !e.multiState }
      // A cell with launch states is open while a state has fewer than MinStateForks forks (no
      // interval worth the name) or a state's own ratio is not settled.
      val (states, single) = rest.partition(_._2.multiState)
      val stateOpen = states.flatMap { case (k, e) =>
        val short = e.states.filter(_.forks.size < MinStateForks)
        val wide = CellRatios.stateSlowdowns(e, fastest._2, higher).filterNot(r => ratioSettled(r.ratio, rule))
        if (short.nonEmpty) Some(k -> OpenRatio(Double.NaN, short.map(_.forks.size).min))
        else wide.maxByOption(_.ratio.relHalfWidth).map(r => k -> OpenRatio(r.ratio.relHalfWidth, r.state.forks.size))
      }
      val ratios = single.map { case (k, e) => (k, e, CellRatios.slowdown(e, fastest._2, higher)) }
      val widths = ratios.map(_._3.relHalfWidth)
      val worst = if (widths.isEmpty || widths.exists(_.isNaN)) Double.NaN else widths.max
      val worstForks = if (worst.isNaN) 0 else ratios.maxBy(_._3.relHalfWidth)._2.n.min(fastest._2.n)
      val open = ratios.filterNot(r => ratioSettled(r._3, rule)).map(r => r._1 -> OpenRatio(r._3.relHalfWidth, r._2.n)) ++ stateOpen
      val known = widths.filterNot(_.isNaN)
      val median = if (known.isEmpty) Double.NaN else effectbench.stats.Describe.median(known)
      Open(if (open.isEmpty) Vector.empty else fastest._1 +: open.map(_._1), worst, bimodal.map(_._1), open.toMap, worstForks, median)
    }

  /** Forks a launch state needs before its own ratio is worth reporting (a t-interval on 2 df). */
  val MinStateForks = 3

  /** The p99 reach a latency cell's forks aim at: two runs of as many forks within compare's tail
    * threshold of each other (95% of pairs with nothing changed). */
  val TailTarget: Double = LatencyCompare.DefaultTailThreshold

  /** The forks with a p99 a latency cell has before its p99 may count as within `TailTarget`: a
    * spread from four forks reads tight by chance too often (at a true 0.2, one time in twelve it reads
    * under the 0.081 that ±20% on four forks asks, χ² on 3 df), and the rule would stop there. At
    * eight the spread ±20% asks (0.154) is within a third of the true one (docs/lessons/tails-need-forks.md). */
  val TailMinForks = 8

  /** The forks with a p99 a latency cell gets in a run whose tables share one budget (the headline),
    * whatever its reach. Two levelled runtimes past their knee put their p99 ratio, paired by round,
    * at a log spread of about 0.17 a round on the nested 2-core guest: ±40% on four forks, about ±19%
    * on six; each such round of two cells costs about 22 s there. */
  val HeadlineTailForks = 6

  /** How far apart two runs of as many forks as these would put a latency cell's p99 (95% of pairs):
    * exp(t·s·√(2/n)) − 1, s the forks' log p99s' standard deviation, t Student's on n − 1 df (the
    * report's "p99 run to run" takes 1.96: here s comes from a few forks, and a t keeps the engine from
    * stopping on a spread that happened to read narrow); `forksFor`: the forks that would reach
    * `TailTarget` at this s. None under LatencyStats.MinReachForks forks with a p99. The forks are those
    * behind the report's p99 (its most frequent state's, LatencyStats.p99States): a runtime's rare stall
    * forks would otherwise keep the cell measuring to the round ceiling. */
  def tailReach(ts: Vector[ForkShape.TailFork]): Option[LatencyStats.RunToRun] = {
    val all = ts.map(_.logP99).filterNot(x => x.isNaN || x.isInfinite)
    // The forks behind the report's p99: its most frequent state's when the p99s fall in states.
    val logs = LatencyStats.p99States(all.map(math.exp)).headOption.fold(all)(_.map(all))
    if (logs.size < LatencyStats.MinReachForks) None
    else {
      val n = logs.size
      val sd = Describe.sd(logs)
      def half(k: Int) = math.exp(ForkStats.tQuantile(0.95, k - 1) * sd * math.sqrt(2.0 / k)) - 1
      val need = Iterator.from(math.max(2, LatencyStats.MinReachForks)).find(k => half(k) <= TailTarget || k >= 1000).get
      Some(LatencyStats.RunToRun(half(n), sd, n, need, TailTarget))
    }
  }
}
