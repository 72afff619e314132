package effectbench.analysis

import effectbench.stats.{CellEstimate, Describe, ForkStats, ForkSteady, Format, LaunchState, Stat, Stats}
import effectbench.CellId
import effectbench.store.{CanaryLog, CellResult, RunData}
import org.apache.commons.statistics.inference.UnconditionedExactTest

/** One cell measured in both runs. `ratio` is mean(B) / mean(A) of the raw iterations. */
final case class CellDiff(
    key: String,
    jvm: String,
    unit: String,
    a: Stat,
    b: Stat,
    samplesA: Int,
    samplesB: Int,
    ratio: Double,
    ciLow: Double,
    ciHigh: Double,
    p: Double,
    verdict: Verdict,
    allocA: Option[Double],
    allocB: Option[Double],
    allocChanged: Boolean,
    replicates: Array[Double],
    /** A relayed cell's B/A in its table (InTable), with its interval: the verdict's, when present. */
    inTable: Option[(Double, Double, Double)] = None
) {
  def higherIsBetter: Boolean = a.higherIsBetter
}

final case class RunComparison(
    a: RunData,
    b: RunData,
    threshold: Double,
    rows: Vector[CellDiff],
    /** Geometric mean of the cost ratio B/A (time per op; throughput ratios inverted) over the
      * compared cells but the unstable ones, with its bootstrap 95% interval: > 1 means B is slower overall. */
    geomean: Option[(Double, Double, Double)],
    warnings: Vector[String],
    /** The threshold of latency cells' scores (hog time per step, time per request), as of their p99s (see `RunComparison.compare`). */
    tailThreshold: Double = LatencyCompare.DefaultTailThreshold,
    /** Per table (RunComparison.tableOf) of at least `MinTableCells` counted cells, the geometric
      * mean of its cells' cost ratios with its bootstrap 95% interval, as `geomean` is of the run. */
    tableGeomeans: Map[(String, String), (Double, Double, Double)] = Map.empty,
    /** Over the cells judged in their tables, when enough were (InTable.MinCellsForSpread): how far
      * their places moved between the runs beyond their rounds' own spread (τ, log scale;
      * InTable.betweenRuns), which each one's interval includes, and how many cells gave it. */
    inTableSpread: Option[(Double, Int)] = None,
    /** Relayed tables whose own cells moved further apart between the runs than `inTableSpread` says
      * (InTable.MinTableCellsForSpread cells at least), with that spread (τ, log scale), which their
      * cells' intervals include instead. */
    tableSpreads: Map[(String, String), Double] = Map.empty
) {
  def regressed: Vector[CellDiff] = rows.filter(_.verdict == Verdict.Regressed)
  def improved: Vector[CellDiff] = rows.filter(_.verdict == Verdict.Improved)
  /** Cells whose two runs sat in launch states chosen per JVM launch, in shares the forks cannot tell
    * apart (Verdict.Unstable, Verdict.StateShares): shown, never counted. */
  def unstable: Vector[CellDiff] = rows.filter(_.verdict.uncounted)
  def allocFlagged: Vector[CellDiff] = rows.filter(_.allocChanged)

  /** The whole run's shift, when its interval excludes no change: the geometric mean (as cost) and its interval. */
  def shift: Option[(Double, Double, Double)] = geomean.filter { case (_, lo, hi) => lo > 1 || hi < 1 }

  /** Flagged cells that moved no further than the whole run did: improved or regressed in the
    * direction of the run's shift, with an interval that holds the shift (the cell's own B/A, as
    * cost, against the geometric mean). Two runs measured apart have nothing pairing them, and the
    * machine's speed moves between them (docs/lessons/machine-between-runs.md). Such a cell keeps its
    * verdict, marked: its change cannot be told from the machine's. */
  lazy val withShift: Vector[CellDiff] =
    rows.filter(d => d.inTable.isEmpty && (shift.toVector ++ tableShift(d).toVector).exists { case (g, _, _) => movedWith(d, g) })

  /** The flagged cells that moved no further than the whole run did. */
  lazy val runShifted: Vector[CellDiff] = shift.toVector.flatMap { case (g, _, _) =>
    rows.filter(d => d.inTable.isEmpty && movedWith(d, g))
  }

  /** Relayed tables whose cells were judged in their table (CellDiff.inTable) and that moved as a
    * whole (their cells' geometric mean, whose interval excludes no change), with the move. */
  lazy val inTableShifts: Vector[((String, String), (Double, Double, Double))] =
    rows.filter(_.inTable.nonEmpty).map(RunComparison.tableOf).distinct.flatMap(t =>
      tableGeomeans.get(t).filter { case (_, lo, hi) => lo > 1 || hi < 1 }.map(t -> _)
    )

  /** Whether flagged `d` moved no further than a shift of `g` (as cost): RunComparison.movedWithRun on its interval. */
  private def movedWith(d: CellDiff, g: Double): Boolean = {
    def cost(x: Double) = if (d.higherIsBetter) 1 / x else x
    RunComparison.movedWithRun(d.verdict, math.min(cost(d.ciLow), cost(d.ciHigh)), math.max(cost(d.ciLow), cost(d.ciHigh)), g)
  }

  /** The shift of the table `d` belongs to, when its interval excludes no change. A table's cells are
    * measured together (in relay rounds, turn against turn within seconds), so the machine's speed
    * between two runs moves a whole table as it moves a whole run; a flagged cell that moved no
    * further than its table is marked, as one that moved with the run is. */
  def tableShift(d: CellDiff): Option[(Double, Double, Double)] =
    tableGeomeans.get(RunComparison.tableOf(d)).filter { case (_, lo, hi) => lo > 1 || hi < 1 }

  /** Tables whose shift marks at least one flagged cell, with the shift. */
  lazy val tableShifts: Vector[((String, String), (Double, Double, Double))] =
    withShift.flatMap(d => tableShift(d).map(RunComparison.tableOf(d) -> _)).distinct

  /** The (key, JVM) of each cell in `withShift`. */
  lazy val shiftedKeys: Set[(String, String)] = withShift.map(d => (d.key, d.jvm)).toSet
}

/** What compare says of one cell (the report's CompareReport words it). */
enum Verdict {
  case Improved
  case Regressed
  /** No change beyond the threshold can be told (or the cell is multi-modal). */
  case Same
  /** The forks of A and B sat in different modes, too few to tell a launch-chosen state from a
    * change: the forks of each side. */
  case Unstable(forksA: Int, forksB: Int)
  /** The forks of both runs together fall in launch states (ForkStats.launchStates; `forks`: for each
    * state, fastest first, A's forks in it and B's), at least one run holds forks of two states, the
    * runs' shares of the states do not differ beyond chance (`p`, RunComparison.sharesChance adjusted
    * over every cell of the compare tested for launch states, RunComparison.holm) and no
    * state's own score moved: the two means differ by the launches' draw, not by the code.
    * `factor`: the slowest state's mean over the fastest's. */
  case StateShares(forks: Vector[(Int, Int)], factor: Double, p: Double)

  /** Shown, never counted (nor in the geometric mean, nor by --fail-on-regression). */
  def uncounted: Boolean = this match {
    case Unstable(_, _) | StateShares(_, _, _) => true
    case _ => false
  }
}

object RunComparison {
  /** "A 2+1, B 1+2 forks": each launch state's forks in each run. */
  def sharesText(fs: Vector[(Int, Int)]): String = s"A ${fs.map(_._1).mkString("+")}, B ${fs.map(_._2).mkString("+")} forks"

  /** "2 forks each" or "A 2, B 3 forks". */
  def forksText(a: Int, b: Int): String = if (a == b) s"$a forks each" else s"A $a, B $b forks"

  /** Forks fewer than this a side get the low-fork warning: a state chosen per JVM launch cannot be
    * told from a code change (see betweenRunModes). */
  val MinForks = 3
  /** Fork means of the two runs this far apart (as a factor) are two modes. Lower than the
    * iteration-level ModeGap (3×) on purpose: an iteration is noisy, a fork mean is an average of
    * a whole JVM; and the launch-chosen states this suite has shown are as close as 1.6× (future
    * deep-bind fork: forks of one run at 4,440 and 4,560 µs, of the next at 2,870 and 2,680 µs). */
  val BetweenRunGap = 1.5
  val Alpha = 0.05
  /** Allocation per op is deterministic for most cells: a change beyond 1% (and above half a byte)
    * is flagged when the runs' intervals part (allocChanged). */
  val AllocTolerance = 0.01
  val MinSamples = 5
  /** A JMH error above this fraction of the score marks a cell as noisy. */
  val NoisyError = 0.5

  /** A table shifts with the machine only when it has this many cells compared: with fewer, one
    * cell's own change would be most of the table's mean. */
  val MinTableCells = 3

  /** The table a compared cell belongs to: its scenario, variant, parameters and entry (CellId.group), and its JVM. */
  def tableOf(d: CellDiff): (String, String) = (CellId.parse(d.key).fold(_ => d.key, _.group), d.jvm)

  /** The geometric mean of `cells`' cost ratios (> 1: B slower) and its bootstrap 95% interval from their replicates. */
  def costGeomean(cells: Vector[CellDiff]): Option[(Double, Double, Double)] =
    if (cells.isEmpty) None
    else {
      // Oriented as cost (time per op): a throughput ratio enters inverted, so > 1 always means slower.
      def cost(r: CellDiff, x: Double) = if (r.higherIsBetter) 1 / x else x
      val g = Describe.geometricMean(cells.map(r => cost(r, r.ratio)))
      val n = cells.map(_.replicates.length).min
      val reps = Array.tabulate(n)(i => Describe.geometricMean(cells.map(r => cost(r, r.replicates(i)))))
      val (lo, hi) = Stats.interval95(reps)
      Some((g, lo, hi))
    }

  /** Whether a cell flagged `v`, whose B/A as cost (> 1: slower or longer) lies in [lo, hi], moved no
    * further than a whole run that moved by `g`: flagged in the run's direction, its interval holding `g`. */
  def movedWithRun(v: Verdict, lo: Double, hi: Double, g: Double): Boolean =
    ((v == Verdict.Regressed && g > 1) || (v == Verdict.Improved && g < 1)) && lo <= g && g <= hi

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

  /** The library version a cell ran: as its live runtime read it back, else (a cell without a
    * `--lib` label, recorded before versions were read back) the run's build version of its runtime. */
  def versionOf(run: RunData, c: CellResult): Option[String] =
    c.record.library.orElse(c.readBack.collectFirst { case (effectbench.LibraryVersion.ReadBackKey, v) => v })
      .orElse(c.id.filter(_.lib.isEmpty).map(id => run.library(id.runtime)))
      .filter(_.nonEmpty)

  /** A cell's table, runtime and version (and JVM unless the runs are compared across JVMs): how a
    * `--lib` cell is matched with a cell of the same version without the label. None for a runtime
    * with no library version. */
  private def versionKey(run: RunData, c: CellResult, acrossJvms: Boolean): Option[String] = for {
    id <- c.id
    v <- versionOf(run, c)
  } yield s"${id.group}|${id.runtime}|$v|${if (acrossJvms) "" else c.jvm}"

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
    * found together (ForkStats.launchStates), on which `statesOfBoth` reads each run's share. */
  def bothRuns(ea: CellEstimate, eb: CellEstimate): CellEstimate =
    ForkStats.fromForks((ea.forks ++ eb.forks).zipWithIndex.map { case (f, i) => f.copy(fork = i + 1) }, ea.confidence, Vector.empty)

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
        def side(fs: Vector[ForkSteady]) = ForkStats.fromForks(fs, both.confidence, Vector.empty, split = false)
        Some(s -> ForkStats.ratio(side(fa), side(fb)))
      }
    }

  private def seedOf(key: String): Long = 0x5eedL * 31 + key.hashCode.toLong

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

  /** A cell compared in two steps: the chance of its launch-state test (NaN when its forks fall in no
    * states), and its comparison given that chance adjusted over every cell tested (`holm`) and the
    * number of cells tested. */
  private final case class Prepared(chance: Double, finish: (Double, Int) => (Vector[String], Option[CellDiff]))

  /** One cell in both runs: warnings about it, and its comparison unless units differ. */
  private def diff(
      ca: CellResult, cb: CellResult, cellThreshold: Double, tailThreshold: Double, resamples: Int, confidence: Double,
      awayA: Int = 0, awayB: Int = 0
  ): Prepared = {
    val latency = LatencyData.isLatency(ca)
    val threshold = if (latency) tailThreshold else cellThreshold
    val sa = ca.score.get
    val sb = cb.score.get
    if (sa.unit != sb.unit)
      Prepared(Double.NaN, (_, _) => (Vector(s"${ca.key}: units differ (${sa.unit} vs ${sb.unit}); not compared"), None))
    else {
      val pa = Stats.pooled(ca.raw)
      val pb = Stats.pooled(cb.raw)
      val ws =
        if (pa.length < MinSamples || pb.length < MinSamples)
          Vector(s"${ca.key}: too few samples (A ${pa.length}, B ${pb.length}; want at least $MinSamples a side) for a significant verdict")
        else Vector.empty
      // The fork is the unit: B/A and its interval from the forks' steady means (ForkStats.ratio), and
      // the geometric mean's replicates resample forks, never iterations as if they were independent.
      val ea = ForkStats.estimate(ca.raw, confidence)
      val eb = ForkStats.estimate(cb.raw, confidence)
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
          // "chance 0.039 (0.312 over 8 cells' tests, Holm)": the cell's own test, and as judged.
          def chanceText(digits: Int) =
            s"%.${digits}f".format(rawP) + (if (tested > 1) s" (%.${digits}f over $tested cells' tests, Holm)".format(shareP) else "")
          val stateMoved = both.filter(_ => shareP >= Alpha && ea.n >= MinForks && eb.n >= MinForks).toVector
            .flatMap(stateRatios(_, ea.n)).map { case (s, q) => (s, q, verdict(q.low, q.high, 0.0, sa.higherIsBetter, threshold)) }
            .find(_._3 != Verdict.Same)
          val factor = both.map(b => b.states.last.mean / b.states.head.mean).getOrElse(Double.NaN)
          val stateWs = both.toVector.map { _ =>
            f"${ca.key}: the forks of both runs fall in ${shares.size} launch states (${factor}%.1f× apart; ${sharesText(shares)}); " + (
              if (shareP < Alpha)
                s"shares this far apart arise by the launches' draw with chance ${chanceText(3)} at most: a change in which state launches land in, judged on the means"
              else stateMoved match {
                case Some((s, _, _)) =>
                  s"shares as likely from the launches' draw (chance ${chanceText(2)}); the state at ${Format.num(s.mean)} moved by itself, its B/A is the verdict"
                case None =>
                  s"shares as likely from the launches' draw (chance ${chanceText(2)}) and no state moved on its own: not counted"
              }
            )
          }
          val forksText = RunComparison.forksText(ea.n, eb.n)
          val modal = if (split) Vector(
            s"${ca.key}: A and B sit in different modes (${forksText}): a state chosen per JVM launch cannot be told from a code change; " +
              s"run both with more forks (at least ${MinForks} a side, e.g. --rounds 4) to decide"
          )
          else if (both.nonEmpty) stateWs
          else if (r.bimodal) Vector(
            s"${ca.key}: multi-modal in ${if (ea.bimodal && eb.bimodal) "both runs" else if (ea.bimodal) "A" else "B"}; its ratio is not a verdict"
          )
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

  /** Rows of relayed tables judged in their table: a cell measured in relay rounds in both runs, in
    * one launch state in each, whose table has at least `InTable.MinCells` such cells, gets
    * its B/A in the table (InTable) and the verdict of it; every other row is left as it is. */
  private def judgedInTable(
      a: RunData, b: RunData, pairs: Vector[(CellResult, CellResult)], rows: Vector[CellDiff], threshold: Double, confidence: Double
  ): (Vector[CellDiff], Option[(Double, Int)], Map[(String, String), Double]) = {
    def estimate(c: CellResult) = ForkStats.estimate(c.raw, confidence, c.record.rounds, cycles = c.record.relayed)
    val byKey = rows.map(d => (d.key, d.jvm) -> d).toMap
    val eligible = pairs.flatMap { case (ca, cb) =>
      byKey.get((ca.key, ca.jvm)).filter(d => ca.record.relayed && cb.record.relayed && !d.verdict.uncounted).flatMap { d =>
        val (ea, eb) = (estimate(ca), estimate(cb))
        if (ea.bimodal || eb.bimodal || ea.n - away(a, ca) < MinForks || eb.n - away(b, cb) < MinForks) None
        else Some((d, ea, eb))
      }
    }
    val moves = eligible.groupBy { case (d, _, _) => tableOf(d) }.values.toVector.flatMap { cells =>
      val placesA = InTable.places(cells.map { case (d, ea, _) => InTable.Member(d.key, ea) })
      val placesB = InTable.places(cells.map { case (d, _, eb) => InTable.Member(d.key, eb) })
      val ms = InTable.moves(placesA, placesB, MinForks)
      cells.flatMap { case (d, _, _) => ms.get(d.key).map(d -> _) }
    }
    // The spread between runs over every cell judged in its table, or its own table's when that is wider.
    val tau2 = InTable.betweenRuns(moves.map(_._2))
    val tableTau2 = moves.groupBy { case (d, _) => tableOf(d) }.map { case (t, ms) =>
      t -> InTable.betweenRuns(ms.map(_._2), InTable.MinTableCellsForSpread)
    }
    val judged = moves.map { case (d, m) =>
      val rel = InTable.ratio(m, math.max(tau2, tableTau2(tableOf(d))), confidence)
      (d.key, d.jvm) -> d.copy(inTable = Some(rel), verdict = verdict(rel._2, rel._3, 0.0, d.higherIsBetter, threshold))
    }.toMap
    val wider = tableTau2.collect { case (t, v) if v > tau2 => t -> math.sqrt(v) }
    (rows.map(d => judged.getOrElse((d.key, d.jvm), d)),
      if (moves.size >= InTable.MinCellsForSpread) Some((math.sqrt(tau2), moves.size)) else None, wider)
  }

  /** Forks of a cell that the rounds engine kept though the machine canary read the machine away
    * around them (CanaryLog's `slow`): counted toward no verdict. */
  def away(run: RunData, c: CellResult): Int = run.canary.count(k => k.cell == c.key && k.verdict == CanaryLog.Verdict.Slow)

  /** Two runs' cells compared. A latency cell's score (hog time per step, service's time per
    * request) is the throughput of work run on purpose beside more runnable fibers than cores, where
    * the placement of threads decides, and it moves between two runs measured apart as a tail does,
    * not as a mean (six pairs of runs of one program on the 2-core KVM guest: 49 of 52 hog times within
    * ±20% of the other run's, some decided beyond ±5%). So compare judges them at the tail threshold (`tailThreshold`,
    * `--tail-threshold`, 20% by default), not at the threshold of means (`threshold`); a smaller
    * change is told in paired rounds inside one run. */
  def compare(
      a: RunData, b: RunData, threshold: Double, resamples: Int = Stats.DefaultResamples,
      confidence: Double = ForkStats.DefaultConfidence, tailThreshold: Double = LatencyCompare.DefaultTailThreshold
  ): RunComparison = {
    val warnings = Vector.newBuilder[String]
    val jvmsA = a.cells.map(_.jvm).distinct
    val jvmsB = b.cells.map(_.jvm).distinct
    // Cells are matched by key and JVM; two single-JVM runs on different JVMs are matched by key (a JVM comparison).
    val acrossJvms = jvmsA.size == 1 && jvmsB.size == 1 && jvmsA != jvmsB
    if (acrossJvms)
      warnings += s"the runs used different JVMs (A: ${jvmsA.head}, B: ${jvmsB.head}); cells are matched by key, so differences include the JVM"
    def matchKey(c: CellResult) = if (acrossJvms) (c.key, "") else (c.key, c.jvm)
    // A cell of a `--lib` version is matched by its key (the same label in both runs), else by the
    // version it ran: `cats-effect@3.7.1` of one run is `cats-effect` of a run whose build was 3.7.1.
    val keyedB = b.cells.map(c => matchKey(c) -> c).toMap
    val keysA = a.cells.map(matchKey).toSet
    def unique(run: RunData, cs: Vector[CellResult]): Map[String, CellResult] =
      cs.groupBy(c => versionKey(run, c, acrossJvms)).collect { case (Some(k), Vector(c)) => k -> c }
    val restB = unique(b, b.cells.filterNot(c => keysA.contains(matchKey(c))))
    val byVersion: Map[(String, String), CellResult] = unique(a, a.cells.filterNot(c => keyedB.contains(matchKey(c)))).flatMap {
      case (k, ca) => restB.get(k).map(cb => matchKey(ca) -> cb)
    }
    val pairs = a.cells.flatMap(ca => keyedB.get(matchKey(ca)).orElse(byVersion.get(matchKey(ca))).map(ca -> _))
    val pairedB = pairs.map(p => matchKey(p._2)).toSet
    val onlyA = a.cells.filterNot(c => keyedB.contains(matchKey(c)) || byVersion.contains(matchKey(c)))
    val onlyB = b.cells.filterNot(c => pairedB.contains(matchKey(c)))
    def sample(cs: Vector[CellResult]) = cs.take(3).map(_.key).mkString(", ") + (if (cs.size > 3) ", ..." else "")
    if (onlyA.nonEmpty) warnings += s"${onlyA.size} cells only in A, not compared (${sample(onlyA)})"
    if (onlyB.nonEmpty) warnings += s"${onlyB.size} cells only in B, not compared (${sample(onlyB)})"
    for ((what, f) <- Seq[(String, RunData => String)]("profile" -> (_.profile), "settings" -> (_.settings)))
      if (f(a) != f(b)) warnings += s"the runs differ in $what (A: ${f(a)}, B: ${f(b)})"

    val common = pairs
    common.flatMap { case (ca, cb) =>
      val (va, vb) = (versionOf(a, ca), versionOf(b, cb))
      if (va.nonEmpty && vb.nonEmpty && va != vb) ca.id.map(id => (id.runtime, va.get, vb.get)) else None
    }.distinct.foreach { case (rt, va, vb) =>
      warnings += s"$rt ran $va in A and $vb in B: its differences include the library version"
    }
    // A cell the runner chose not to measure (a stopped service sweep) is said apart: it is no failure.
    def skipped(c: CellResult) = c.status == effectbench.Outcome.NotMeasured
    val (notMeasured, notOk) = common.filter { case (ca, cb) => !ca.ok || !cb.ok }.partition { case (ca, cb) =>
      (ca.ok || skipped(ca)) && (cb.ok || skipped(cb))
    }
    if (notOk.nonEmpty) warnings += s"${notOk.size} common cells lack a score on one side (${sample(notOk.map(_._1))})"
    if (notMeasured.nonEmpty)
      warnings += s"${notMeasured.size} common cells were not measured on one side or both, their service sweep having stopped " +
        s"below their rate (${sample(notMeasured.map(_._1))}); not compared"
    // Each cell is independent (its own seed): computed on the common pool, results kept in order.
    val scored = common.filter { case (ca, cb) => ca.ok && cb.ok }
    val computed: Vector[(Vector[String], Option[CellDiff])] = {
      val threads = math.max(1, math.min(Runtime.getRuntime.availableProcessors, 8))
      val pool = java.util.concurrent.Executors.newFixedThreadPool(threads,
        (r: Runnable) => { val t = new Thread(r, "compare"); t.setDaemon(true); t })
      try {
        val tasks = scored.map { case (ca, cb) =>
          pool.submit(() => diff(ca, cb, threshold, tailThreshold, resamples, confidence, away(a, ca), away(b, cb)))
        }
        val prepared = tasks.map(_.get())
        // The launch-state tests of all cells as one family: at Alpha each, an A/A compare with eight
        // cells in launch states would flag one up to a third of the time (1 − 0.95⁸; docs/lessons/launch-states.md).
        val chances = prepared.map(_.chance)
        val tested = chances.count(!_.isNaN)
        prepared.zip(holm(chances)).map { case (pr, adjusted) => pr.finish(adjusted, tested) }
      } finally pool.shutdown()
    }
    computed.foreach { case (ws, _) => warnings ++= ws }
    val (rows, inTableSpread, tableSpreads) = judgedInTable(a, b, scored, computed.flatMap(_._2), threshold, confidence)
    val fewForks = scored.filter { case (ca, cb) => ca.raw.count(_.nonEmpty) < MinForks || cb.raw.count(_.nonEmpty) < MinForks }
    val fewUsual = scored.filterNot(fewForks.contains).filter { case (ca, cb) =>
      ca.raw.count(_.nonEmpty) - away(a, ca) < MinForks || cb.raw.count(_.nonEmpty) - away(b, cb) < MinForks
    }
    if (fewUsual.nonEmpty)
      warnings += s"${fewUsual.size} cells have fewer than $MinForks forks on a side measured with the machine in its usual state " +
        s"(${sample(fewUsual.map(_._1))}): the others were kept though the machine canary read it away around them (canary.jsonl's 'slow'), " +
        "in the estimates but not enough for a verdict; they get none"
    if (fewForks.nonEmpty)
      warnings += s"${fewForks.size} cells have fewer than $MinForks forks on a side (${sample(fewForks.map(_._1))}): a cell whose state is chosen " +
        s"per JVM launch can put all of one run's forks in one state and all of the other's in the other, which no interval from so few forks can tell from a code change; " +
        s"they get no verdict (measure both with --rounds $MinForks or more, or --profile standard)"
    val noisy = rows.filter(d => Seq(d.a, d.b).exists(s => !s.error.isNaN && s.error > NoisyError * math.abs(s.score)))
    if (noisy.nonEmpty)
      warnings += s"${noisy.size} of ${rows.size} cells are noisy (a 99.9% interval wider than ±${(NoisyError * 100).round}% of the score on at least one side: " +
        s"${noisy.take(3).map(_.key).mkString(", ")}${if (noisy.size > 3) ", ..." else ""}); was the machine busy? Their verdicts reflect the conditions of each run as much as the code"
    // An unstable cell (its runs sat in different launch-chosen states) is shown, never counted: not in the geometric mean either.
    val counted = rows.filterNot(_.verdict.uncounted)
    val tables = counted.groupBy(tableOf).collect { case (t, cs) if cs.size >= MinTableCells => t -> costGeomean(cs) }
      .collect { case (t, Some(g)) => t -> g }
    RunComparison(a, b, threshold, rows, costGeomean(counted), warnings.result(), tailThreshold, tables, inTableSpread, tableSpreads)
  }
}
