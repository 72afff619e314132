package effectbench.analysis

import effectbench.stats.{CellEstimate, ForkStats, ForkSteady, LaunchState, RatioEstimate}
import org.apache.commons.statistics.inference.UnconditionedExactTest
import CellVerdicts.Alpha

/** Whether two runs' forks sat in launch states chosen per JVM launch rather than moved by a change:
  * the split of their fork means into two modes, the share tests of the states both runs' forks fall
  * in, each state's own ratio, and Holm's adjustment of those tests over the cells of a compare
  * (docs/lessons/launch-states.md). */
object LaunchShares {
  /** Fork means of the two runs this far apart (as a factor) are two modes. Lower than the
    * iteration-level ModeGap (3×) on purpose: an iteration is noisy, a fork mean is an average of
    * a whole JVM; and the launch-chosen states this suite has shown are as close as 1.6× (future
    * deep-bind fork: forks of one run at 4,440 and 4,560 µs, of the next at 2,870 and 2,680 µs). */
  val BetweenRunGap = 1.5

  /** Whether the fork means of A and B together form two modes (ForkStats.modes over the fork
    * means, `BetweenRunGap` apart) with every fork of A in one and every fork of B in the other, and
    * that split is likely enough to be a state chosen per JVM launch: if each launch picks a state
    * with probability p, all nA forks of A in one state and all nB of B in the other happens with
    * probability at most 2·max_p pⁿᴬ(1−p)ⁿᴮ = 2·(nA/n)ⁿᴬ(nB/n)ⁿᴮ (12.5% at 2 forks a side, 3.1% at 3).
    * Below `Alpha` the split is evidence of a change, and the usual verdict stands. */
  def betweenRunModes(ea: CellEstimate, eb: CellEstimate): Boolean = {
    val na = ea.n
    val nb = eb.n
    if (na < 1 || nb < 1) false
    else {
      val pseudo = (ea.forkMeans ++ eb.forkMeans).zipWithIndex.map { case (m, i) => ForkSteady(i + 1, Vector(m), 0, settled = true) }
      val ms = ForkStats.modes(pseudo, BetweenRunGap)
      val sideA = ms.filter(_.forks.exists(_ <= na))
      val sideB = ms.filter(_.forks.exists(_ > na))
      ms.size == 2 && sideA.size == 1 && sideB.size == 1 && sideA != sideB && launchSplitChance(na, nb) >= Alpha
    }
  }

  def launchSplitChance(na: Int, nb: Int): Double = {
    val n = (na + nb).toDouble
    2 * math.pow(na / n, na) * math.pow(nb / n, nb)
  }

  /** How likely two runs whose launches pick a state alike put `xa` of `na` forks and `xb` of `nb`
    * in one state, or shares further apart: Barnard's unconditional test of two binomial shares
    * (Commons Statistics' `UnconditionedExactTest`, two-sided, its pooled z statistic), Xa and Xb
    * binomial with one chance π of the state per launch, the p-value at its largest over π (a grid
    * refined around its peaks). `launchSplitChance` is its case xa = na, xb = 0 (every fork of A in
    * the state, none of B). The test's table holds one run a column, as Commons reads it: A's forks
    * in the state and out of it, then B's. Boschloo's statistic, the library's other choice, puts a
    * measured A/A pair of fork-many Monix at 0.020 instead of 0.039 (BetweenRunModesSuite). */
  def shareChance(xa: Int, na: Int, xb: Int, nb: Int): Double =
    if (na < 1 || nb < 1) 1.0
    else {
      require(xa >= 0 && xa <= na && xb >= 0 && xb <= nb, s"forks in a state: $xa of $na and $xb of $nb")
      Barnard.test(Array(Array(xa, xb), Array(na - xa, nb - xb))).getPValue
    }

  private val Barnard = UnconditionedExactTest.withDefaults().`with`(UnconditionedExactTest.Method.Z_POOLED)

  /** The share test over several launch states (`forks`: A's and B's forks per state, in the states'
    * order): each cut between neighbouring states makes two groups, `shareChance` tests each, and the
    * least is multiplied by the number of cuts (Bonferroni), at most 1. */
  def sharesChance(forks: Vector[(Int, Int)]): Double = {
    val (na, nb) = (forks.map(_._1).sum, forks.map(_._2).sum)
    val cuts = (1 until forks.size).map { c =>
      val lower = forks.take(c)
      shareChance(lower.map(_._1).sum, na, lower.map(_._2).sum, nb)
    }
    if (cuts.isEmpty) 1.0 else math.min(1.0, cuts.min * cuts.size)
  }

  /** The forks of two runs as one cell, A's numbered first: its launch states are the two runs' states
    * found together (LaunchStates.of), on which `statesOfBoth` reads each run's share. */
  def bothRuns(ea: CellEstimate, eb: CellEstimate): CellEstimate =
    LaunchStates.fromForks((ea.forks ++ eb.forks).zipWithIndex.map { case (f, i) => f.copy(fork = i + 1) }, ea.confidence, Vector.empty)

  /** Per launch state of the two runs' forks taken together (fastest first): A's forks in it, B's. */
  def statesOfBoth(both: CellEstimate, na: Int): Vector[(Int, Int)] =
    both.states.map(s => (s.forks.count(_ <= na), s.forks.count(_ > na)))

  /** For each launch state of both runs with two forks of each run in it: B/A of the state's forks
    * (Welch, each run's spread from its own forks in the state: a spread pooled over both runs would
    * count the very move it is to judge). */
  def stateRatios(both: CellEstimate, na: Int): Vector[(LaunchState, effectbench.stats.RatioEstimate)] =
    both.states.flatMap { s =>
      val (fa, fb) = both.forks.filter(f => s.forks.contains(f.fork)).partition(_.fork <= na)
      if (fa.size < 2 || fb.size < 2) None
      else {
        def side(fs: Vector[ForkSteady]) = ForkStats.fromForks(fs, both.confidence, Vector.empty, states = None)
        Some(s -> ForkStats.ratio(side(fa), side(fb)))
      }
    }

  /** Holm's step-down adjustment of the chances of several tests (NaN: no test, left NaN): each
    * chance, smallest first, times the number of tests not yet passed, never below the one before it,
    * at most 1. Judged at `Alpha`, the chance that any of the tests flags when none of their cells
    * changed is at most `Alpha`, whatever the tests' dependence. */
  def holm(ps: Vector[Double]): Vector[Double] = {
    val tested = ps.zipWithIndex.filterNot(_._1.isNaN).sortBy(_._1)
    val m = tested.size
    val adjusted = tested.zipWithIndex.scanLeft((-1, 0.0)) { case ((_, prev), ((p, i), k)) =>
      (i, math.max(prev, math.min(1.0, (m - k) * p)))
    }
      .drop(1).toMap
    ps.indices.map(i => adjusted.getOrElse(i, Double.NaN)).toVector
  }
}
