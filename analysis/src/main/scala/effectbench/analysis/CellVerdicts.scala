package effectbench.analysis

import effectbench.stats.{ForkStats, Stat, Stats}
import effectbench.store.{CanaryLog, CellResult, RunData}
import LaunchShares.{betweenRunModes, bothRuns, launchSplitChance, sharesChance, stateRatios, statesOfBoth}

/** Compare's verdict on one cell measured in both runs: its B/A from the forks of both, the launch
  * states that keep it from a verdict, and its allocation. */
object CellVerdicts {
  /** Forks fewer than this a side get the low-fork warning: a state chosen per JVM launch cannot be
    * told from a code change (see betweenRunModes). */
  val MinForks = 3
  /** The level of every test of compare: a p-value or a chance of the launches' draw at or above it decides nothing. */
  val Alpha = 0.05
  /** Allocation per op is deterministic for most cells: a change beyond 1% (and above half a byte)
    * is flagged when the runs' intervals part (allocChanged). */
  val AllocTolerance = 0.01
  /** Samples a side a verdict wants at least (a note says so when there are fewer). */
  val MinSamples = 5
  /** A JMH error above this fraction of the score marks a cell as noisy. */
  val NoisyError = 0.5
  /** The verdict for a ratio B/A with its interval and p-value, given the unit's direction. */
  def verdict(lo: Double, hi: Double, p: Double, higherIsBetter: Boolean, threshold: Double): Verdict =
    if (p.isNaN || lo.isNaN || hi.isNaN || p >= Alpha) Verdict.Same
    else if (lo > 1 + threshold) { if (higherIsBetter) Verdict.Improved else Verdict.Regressed }
    else if (hi < 1 - threshold) { if (higherIsBetter) Verdict.Regressed else Verdict.Improved }
    else Verdict.Same

  /** B/op changed: beyond the tolerance, and the two runs' allocation intervals (JMH's, over
    * iterations) do not overlap. Allocation is deterministic for most cells (a real change moves
    * every iteration), but not for all: measured on two runs of one build, a baseline cell's
    * iterations spread over 251–274 B/op, and a scalaz fork-mode cell allocated 961,549 B/op in one
    * JVM and 1,361,842 in the others (a state chosen per launch) — neither is a change. */
  def allocChanged(a: Stat, b: Stat): Boolean = {
    val d = math.abs(b.score - a.score)
    d > 0.5 && d > AllocTolerance * math.max(math.abs(a.score), math.abs(b.score)) && !a.overlaps(b)
  }

  private def seedOf(key: String): Long = 0x5eedL * 31 + key.hashCode.toLong
  /** A cell compared in two steps: the chance of its launch-state test (NaN when its forks fall in no
    * states), and its comparison given that chance adjusted over every cell tested (`holm`) and the
    * number of cells tested. */
  private[analysis] final case class Prepared(chance: Double, finish: (Double, Int) => (Vector[CompareNote], Option[CellDiff]))

  /** One cell in both runs: notes about it, and its comparison unless units differ. */
  private[analysis] def diff(
      ca: CellResult, cb: CellResult, cellThreshold: Double, tailThreshold: Double, resamples: Int, confidence: Double,
      awayA: Int = 0, awayB: Int = 0
  ): Prepared = {
    val latency = LatencyData.isLatency(ca)
    val threshold = if (latency) tailThreshold else cellThreshold
    val sa = ca.score.get
    val sb = cb.score.get
    if (sa.unit != sb.unit)
      Prepared(Double.NaN, (_, _) => (Vector(CompareNote.UnitsDiffer(ca.key, sa.unit, sb.unit)), None))
    else {
      val pa = Stats.pooled(ca.raw)
      val pb = Stats.pooled(cb.raw)
      val ws =
        if (pa.length < MinSamples || pb.length < MinSamples)
          Vector(CompareNote.TooFewSamples(ca.key, pa.length, pb.length, MinSamples))
        else Vector.empty
      // The fork is the unit: B/A and its interval from the forks' steady means (ForkStats.ratio), and
      // the geometric mean's replicates resample forks, never iterations as if they were independent.
      val ea = LaunchStates.estimate(ca.raw, confidence)
      val eb = LaunchStates.estimate(cb.raw, confidence)
      val r = ForkStats.ratio(ea, eb)
      val reps = Stats.bootstrapRatios(ea.forkMeans.map(Vector(_)), eb.forkMeans.map(Vector(_)), resamples, seedOf(ca.key + "|" + ca.jvm))
      val (lo, hi) = if (r.known) (r.low, r.high) else (Double.NaN, Double.NaN)
      val ratio = if (pa.nonEmpty && pb.nonEmpty) r.ratio else sb.score / sa.score
      // The fork is the unit here too: one sample per fork (iterations of one fork are not independent).
      val p = Stats.mannWhitneyP(ea.forkMeans.toArray, eb.forkMeans.toArray)
      val split = !r.bimodal && betweenRunModes(ea, eb)
      // The launch states of both runs' forks together: whether the runs' shares of them differ beyond
      // the launches' draw, and, when not, whether a state's own score moved (Verdict.StateShares).
      val both = if (split || ea.n < 1 || eb.n < 1) None else Some(bothRuns(ea, eb)).filter(_.multiState)
      val shares = both.map(statesOfBoth(_, ea.n)).getOrElse(Vector.empty)
      val rawP = if (both.isEmpty) Double.NaN else sharesChance(shares)
      // The split's own test (launchSplitChance, at least Alpha already) counts among the cells tested.
      Prepared(if (split) launchSplitChance(ea.n, eb.n) else rawP,
        (adjusted, tested) => {
          val shareP = if (both.isEmpty) Double.NaN else adjusted
          val stateMoved = both.filter(_ => shareP >= Alpha && ea.n >= MinForks && eb.n >= MinForks).toVector
            .flatMap(stateRatios(_, ea.n)).map { case (s, q) => (s, q, verdict(q.low, q.high, 0.0, sa.higherIsBetter, threshold)) }
            .find(_._3 != Verdict.Same)
          val factor = both.map(b => b.states.last.mean / b.states.head.mean).getOrElse(Double.NaN)
          val stateNotes = both.toVector.map { _ =>
            val reading =
              if (shareP < Alpha) CompareNote.SharesReading.SharesMoved
              else stateMoved.fold(CompareNote.SharesReading.NotCounted)(m => CompareNote.SharesReading.StateMoved(m._1.mean))
            CompareNote.LaunchStates(ca.key, shares.size, factor, shares, reading, rawP, shareP, tested)
          }
          val modal =
            if (split) Vector(CompareNote.ModesDiffer(ca.key, ea.n, eb.n, MinForks))
            else if (both.nonEmpty) stateNotes
            else if (r.bimodal) Vector(CompareNote.MultiModal(ca.key, ea.bimodal, eb.bimodal))
            else Vector.empty
          val allocA = ca.alloc.map(_.score).filterNot(_.isNaN)
          val allocB = cb.alloc.map(_.score).filterNot(_.isNaN)
          // A latency cell's op is a window of fixed time, and the work in it is the runtime's throughput:
          // its B/op moves with the hog time, so a hog time that moves between runs "changes" it. Shown, never flagged.
          val changed = !latency && ((ca.alloc.filterNot(_.score.isNaN), cb.alloc.filterNot(_.score.isNaN)) match {
            case (Some(x), Some(y)) => allocChanged(x, y)
            case _ => false
          })
          // A state that moved by itself shows its own B/A and interval, the verdict's.
          val (shownRatio, shownLo, shownHi) = stateMoved.map { case (_, q, _) => (q.ratio, q.low, q.high) }.getOrElse((ratio, lo, hi))
          (ws ++ modal,
            Some(CellDiff(ca.key, ca.jvm, sa.unit, sa, sb, pa.length, pb.length, shownRatio, shownLo, shownHi, p,
                if (split) Verdict.Unstable(ea.n, eb.n)
                else if (both.nonEmpty && shareP >= Alpha) stateMoved.map(_._3).getOrElse(Verdict.StateShares(shares, factor, shareP))
                else if (both.nonEmpty && (ea.n - awayA < MinForks || eb.n - awayB < MinForks)) Verdict.Same
                else if (both.nonEmpty) verdict(lo, hi, 0.0, sa.higherIsBetter, threshold)
                else if (r.bimodal) Verdict.Same
                // Two forks a side leave a t-interval on one to two degrees of freedom whose width is
                // itself a guess: over 16 deep-bind cells of two quick runs (2 forks each) one came out
                // "improved" at [-16%, -10%] while its forks spread ±30%. No verdict below MinForks.
                // And forks the rounds engine kept though the machine canary read the machine away around them
                // (Rounds.MinKeptForks) are in the estimates but count toward no verdict: such forks run slower than
                // their cells' others, and three forks decide a verdict (docs/lessons/machine-away.md).
                else if (ea.n - awayA < MinForks || eb.n - awayB < MinForks) Verdict.Same
                else verdict(lo, hi, 0.0, sa.higherIsBetter, threshold), allocA, allocB, changed, reps)))
        })
    }
  }
  /** Forks of a cell that the rounds engine kept though the machine canary read the machine away
    * around them (CanaryLog's `slow`): counted toward no verdict. */
  def away(run: RunData, c: CellResult): Int = run.canary.count(k => k.cell == c.key && k.verdict == CanaryLog.Verdict.Slow)
}
