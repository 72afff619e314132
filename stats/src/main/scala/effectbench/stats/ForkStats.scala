package effectbench.stats

import org.apache.commons.statistics.distribution.{NormalDistribution, TDistribution}

/** One fork's iterations with its warm-up judged: the first `dropped` iterations were still
  * trending; `settled` is false when the ceiling was reached and the rest still trends. */
final case class ForkSteady(fork: Int, all: Vector[Double], dropped: Int, settled: Boolean) {
  def steady: Vector[Double] = all.drop(dropped)
  def mean: Double = Describe.mean(steady)
}

/** One state of a multi-modal cell: its median, the share of the steady iterations in it, and the
  * forks (numbered from 1) those iterations came from. */
final case class IterationMode(center: Double, share: Double, iterations: Int, forks: Vector[Int])

/** One launch state of a cell: the forks (numbered from 1) whose means fall in it, their mean, and
  * the share of launches that landed in it. A cell has several when its fork means split into
  * groups with a gap between them much wider than the spread inside each (analysis's LaunchStates). */
final case class LaunchState(mean: Double, forks: Vector[Int], share: Double)

/** The launch-to-launch spread inside the states of a multi-state cell, pooled over its states (the
  * residual of a one-way analysis of variance of the log fork means by state): `variance` of one
  * fork's log mean around its state's mean, with `df` = forks − states. A state seen in one or two
  * launches has no spread of its own worth the name (none at all with one fork, a t with one degree
  * of freedom at two), so its interval borrows the cell's pooled one: the states of one cell are one
  * program on one machine, and inside a state its launches are as tight as in any other. */
final case class PooledSpread(variance: Double, df: Int)

/** A cell's score from its fork means: mean of the forks' steady means and the half-width of its
  * t-interval (forks − 1 degrees of freedom); NaN with fewer than two forks. */
final case class CellEstimate(
    mean: Double,
    halfWidth: Double,
    confidence: Double,
    forks: Vector[ForkSteady],
    /** Clusters of iterations more than `ModeGap` apart: a state that can change inside one fork. */
    modes: Vector[IterationMode],
    /** The round each fork was measured in (paired rounds), empty when the cell was run whole. */
    rounds: Vector[Int],
    /** The launch states of the fork means (one when the forks agree), as `ForkStats.StateRule` found them. */
    states: Vector[LaunchState] = Vector.empty,
    /** For the forks of one state of a multi-state cell (`ofState`): the spread pooled over the cell's
      * states, which its interval and its ratios use instead of its own forks' spread. */
    pooled: Option[PooledSpread] = None,
    /** Measured in relay rounds: the forks of one round took turns with the other cells' forks of
      * that round, iteration for iteration, so a ratio pairs them turn against turn. */
    cycles: Boolean = false,
    /** The launch prior of the cell's table (LaunchPrior.ofTable): a relayed ratio with this cell weighs
      * its launch variance with the table's (LaunchPrior.moderated). None: the ratio stands on its own rounds. */
    prior: Option[LaunchPrior] = None
) {
  def forkMeans: Vector[Double] = forks.map(_.mean)
  def n: Int = forks.size
  def low: Double = mean - halfWidth
  def high: Double = mean + halfWidth
  /** Half-width as a fraction of the score: the precision the cell reached. */
  def relHalfWidth: Double = if (mean == 0) Double.NaN else halfWidth / math.abs(mean)
  /** Several states: among the forks (launch states) or inside one (iteration modes). Such a cell's
    * single mean describes none of them, so none of its whole-cell ratios is decided. */
  def bimodal: Boolean = modes.size > 1 || states.size > 1
  /** Whether the cell's forks landed in several launch states (each reported with its own score and
    * ratios, see `ofState`). */
  def multiState: Boolean = states.size > 1
  /** The cell restricted to the forks of one launch state: its own mean and rounds, and an interval
    * from the launch spread pooled over the cell's states (`PooledSpread`), so a state seen in one
    * launch still has one when the others have forks to spare. */
  def ofState(s: LaunchState): CellEstimate = ForkStats.fromForks(forks.filter(f => s.forks.contains(f.fork)), confidence,
    forks.zip(if (rounds.size == forks.size) rounds else Vector.fill(forks.size)(-1)).collect {
      case (f, r) if s.forks.contains(f.fork) && r >= 0 => r
    }, states = None, pooled = if (multiState) ForkStats.pooledSpread(this) else None)
  def unsettled: Vector[Int] = forks.filterNot(_.settled).map(_.fork)
}

/** A ratio B/A of two cells' means with its own interval; `bimodal` when either cell has several
  * modes or launch states. What it decides (tie, decided) is analysis's Decision. */
final case class RatioEstimate(ratio: Double, low: Double, high: Double, confidence: Double, paired: Boolean, bimodal: Boolean) {
  def known: Boolean = !low.isNaN && !high.isNaN
  def inverse: RatioEstimate = copy(ratio = 1 / ratio, low = 1 / high, high = 1 / low)
  /** The larger distance of either end from the ratio, as a fraction of it. */
  def relHalfWidth: Double = if (!known) Double.NaN else math.max(high / ratio - 1, 1 - low / ratio)
}

/** The statistics of the measuring engine: the fork is the unit (iterations inside one JVM are not
  * independent samples), warm-up is judged per fork from the data, and multi-modal cells are found
  * before anyone reads a mean. */
object ForkStats {
  val DefaultConfidence = 0.95

  /** A leading stretch whose first and second halves differ by more than this fraction of the
    * median is still trending (warm-up, or a drift the fork never leaves). */
  val TrendTolerance = 0.05
  /** Steady iterations kept at least, and the share of a fork warm-up may take at most. */
  val MinSteady = 2
  val MaxWarmupShare = 0.5

  /** Two clusters of iterations whose adjacent values are more than this factor apart are modes:
    * an iteration is an average over hundreds of milliseconds, so noise does not move it 3×. */
  val ModeGap = 3.0
  /** A cluster smaller than this share of iterations (and not a whole fork) is merged back. */
  val MinModeShare = 0.10

  import Describe.{mean, median, variance}

  /** Whether a stretch of iterations still trends: its first and second halves differ by more than
    * the tolerance and, when there are enough iterations for a test (six or more), the Mann–Kendall
    * trend test rejects "no trend" at 5% (a rank test: one slow iteration does not make a trend, a
    * steady decline does). Fewer than three iterations carry no evidence either way. */
  def trends(xs: Vector[Double]): Boolean = xs.size >= 3 && {
    val h = xs.size / 2
    val med = math.abs(median(xs))
    val rel = math.abs(mean(xs.take(h)) - mean(xs.takeRight(h))) / med
    // Noisy iterations move the halves apart by chance: the bar rises with the later half's spread
    // (two standard errors of a difference of half-means), so noise alone is not taken for warm-up.
    val later = xs.takeRight(h)
    val noiseBar = if (later.size < 2) 0.0 else 2 * math.sqrt(2 * variance(later) / h) / med
    rel > math.max(TrendTolerance, noiseBar) && (xs.size < 6 || mannKendallP(xs) < 0.05)
  }

  /** Two-sided p-value of the Mann–Kendall test of a monotone trend (normal approximation with
    * continuity correction; ties count zero). By hand: Commons Statistics 1.1 has no trend test
    * (its inference package holds t, ANOVA, chi-square, G, binomial, Fisher, Kolmogorov–Smirnov,
    * Mann–Whitney and Wilcoxon tests), and S is a six-line double loop. */
  def mannKendallP(xs: Vector[Double]): Double = {
    val n = xs.size
    var s = 0
    for (i <- 0 until n; j <- i + 1 until n) s += java.lang.Double.compare(xs(j), xs(i)).sign
    val sd = math.sqrt(n * (n - 1) * (2.0 * n + 5) / 18)
    val z = if (s == 0) 0.0 else (math.abs(s) - 1) / sd
    2 * StandardNormal.survivalProbability(z)
  }

  /** The first iteration lies beyond every later one by more than the tolerance: the usual shape
    * of a fork whose JIT was still at work when measurement began, which a rank test over a long
    * steady tail is too weak to see. */
  def leadingOutlier(xs: Vector[Double]): Boolean = xs.size >= 3 && {
    val rest = xs.tail
    xs.head > rest.max * (1 + TrendTolerance) || xs.head < rest.min * (1 - TrendTolerance)
  }

  private def warming(xs: Vector[Double]): Boolean = trends(xs) || leadingOutlier(xs)

  /** Drops leading iterations while the rest trends (or starts with an outlier), up to the ceiling (half the fork, keeping at
    * least `MinSteady`); a fork still trending at the ceiling is not settled. */
  def judgeWarmup(fork: Int, xs: Vector[Double]): ForkSteady = {
    val ceiling = math.max(0, math.min(xs.size - MinSteady, (xs.size * MaxWarmupShare).toInt))
    var k = 0
    while (k < ceiling && warming(xs.drop(k))) k += 1
    ForkSteady(fork, xs, k, !warming(xs.drop(k)))
  }

  /** The modes of a cell, from every steady iteration of every fork (with the fork each came from):
    * sorted values split wherever neighbours are more than `ModeGap` apart; a cluster below
    * `MinModeShare` of the iterations that is not a whole fork joins its nearer neighbour. */
  def modes(forks: Vector[ForkSteady], gap: Double = ModeGap): Vector[IterationMode] = {
    val pts = forks.flatMap(f => f.steady.map(x => (x, f.fork))).filter(p => p._1 > 0 && !p._1.isNaN).sortBy(_._1)
    if (pts.isEmpty) return Vector.empty
    var clusters: Vector[Vector[(Double, Int)]] = {
      val b = Vector.newBuilder[Vector[(Double, Int)]]
      var cur = Vector(pts.head)
      pts.tail.foreach { p =>
        if (p._1 / cur.last._1 > gap) { b += cur; cur = Vector(p) }
        else cur :+= p
      }
      b += cur
      b.result()
    }
    def wholeFork(c: Vector[(Double, Int)]): Boolean =
      forks.exists(f => f.steady.nonEmpty && c.count(_._2 == f.fork) == f.steady.size)
    def small(c: Vector[(Double, Int)]) = c.size.toDouble / pts.size < MinModeShare && !wholeFork(c)
    var i = clusters.indexWhere(small)
    while (clusters.size > 1 && i >= 0) {
      // Join the neighbour across the smaller gap.
      val left = if (i > 0) clusters(i).head._1 / clusters(i - 1).last._1 else Double.PositiveInfinity
      val right = if (i < clusters.size - 1) clusters(i + 1).head._1 / clusters(i).last._1 else Double.PositiveInfinity
      val j = if (left <= right) i - 1 else i + 1
      val (a, b) = (math.min(i, j), math.max(i, j))
      clusters = clusters.take(a) ++ Vector(clusters(a) ++ clusters(b)) ++ clusters.drop(b + 1)
      i = clusters.indexWhere(small)
    }
    clusters.map(c => IterationMode(median(c.map(_._1)), c.size.toDouble / pts.size, c.size, c.map(_._2).distinct.sorted))
  }

  /** How a cell's forks fall into launch states. Which forks make a state is a decision, analysis's
    * (`LaunchStates`): stats carries the states it is given and computes each one's figures. */
  type StateRule = Vector[ForkSteady] => Vector[LaunchState]

  /** A cell's estimate from JMH's raw data (per fork, per iteration), its launch states by `states`. */
  def estimate(
      raw: Vector[Vector[Double]], states: StateRule, confidence: Double = DefaultConfidence, rounds: Vector[Int] = Vector.empty,
      cycles: Boolean = false
  ): CellEstimate =
    fromForks(raw.filter(_.nonEmpty).zipWithIndex.map { case (xs, i) => judgeWarmup(i + 1, xs) }, confidence, rounds, Some(states))
      .copy(cycles = cycles)

  /** A cell's estimate from forks whose warm-up is already judged: with `states`, its launch states
    * by that rule and its iteration modes; without, the forks of one state (one state by
    * construction, and no modes looked for). */
  def fromForks(
      forks: Vector[ForkSteady], confidence: Double, rounds: Vector[Int], states: Option[StateRule],
      pooled: Option[PooledSpread] = None
  ): CellEstimate = {
    val means = forks.map(_.mean)
    val m = mean(means)
    val hw = pooled match {
      // The pooled spread is of log means: the half-width of the mean is its relative one times the mean.
      case Some(p) if means.size >= 2 => tQuantile(confidence, p.df) * math.sqrt(p.variance / means.size) * math.abs(m)
      case Some(_) => Double.NaN
      case None => MeanInterval.halfWidth(means, confidence)
    }
    val found = states.fold(Vector(LaunchState(m, forks.map(_.fork), 1.0)))(_(forks))
    CellEstimate(m, hw, confidence, forks, if (states.isDefined) modes(forks) else Vector.empty,
      if (rounds.size == forks.size) rounds else Vector.empty,
      found, pooled)
  }

  /** The launch spread inside the states of a multi-state cell, pooled over them (see `PooledSpread`);
    * None when every fork is a state of its own (no degree of freedom left). */
  def pooledSpread(e: CellEstimate): Option[PooledSpread] = {
    val byFork = e.forks.map(f => f.fork -> f.mean).toMap
    val groups = e.states.map(_.forks.flatMap(byFork.get).filter(_ > 0).map(math.log))
    val df = groups.map(_.size).sum - groups.count(_.nonEmpty)
    if (df <= 0) None
    else {
      val ss = groups.filter(_.nonEmpty).map { g =>
        val m = mean(g); g.map(x => (x - m) * (x - m)).sum
      }.sum
      Some(PooledSpread(ss / df, df))
    }
  }

  /** A cell's fork means by round; a round in which the cell had several forks (the rounds engine
    * gives the reference of a table two) counts once, at the geometric mean of its forks. */
  def perRound(e: CellEstimate): Map[Int, Double] =
    e.rounds.zip(e.forkMeans).groupMap(_._1)(_._2).map { case (r, ms) => r -> Describe.geometricMean(ms) }

  /** The ratio mean(B) / mean(A) with an interval on the log scale. When both cells were measured in
    * the same rounds, per round: the mean log of B's fork over A's fork (a round's forks of one cell
    * taken together, perRound), t with rounds − 1 df (machine drift between rounds cancels). Otherwise Welch's interval on log means (delta method), with
    * Welch–Satterthwaite degrees of freedom; a side that is one launch state of its cell takes the
    * spread pooled over its cell's states (`welchRatio`). */
  def ratio(a: CellEstimate, b: CellEstimate): RatioEstimate = {
    val conf = a.confidence
    val bimodal = a.bimodal || b.bimodal
    val turns = if (a.pooled.isEmpty && b.pooled.isEmpty) turnRatios(a, b) else Vector.empty
    if (turns.size >= 2) {
      // Relay rounds: per round, the Hodges–Lehmann centre of B's turns over A's neighbouring turns; the
      // interval over rounds (launches), t with rounds − 1 df; the point is their mean.
      val d = turns.map(_.logRatio)
      val c = mean(d)
      val half = relayHalfWidth(turns, conf, a.prior.orElse(b.prior))
      return RatioEstimate(math.exp(c), math.exp(c - half), math.exp(c + half), conf, paired = true, bimodal)
    }
    val r = b.mean / a.mean
    val pairs: Vector[(Double, Double)] =
      if (a.rounds.isEmpty || b.rounds.isEmpty) Vector.empty
      else {
        val (am, bm) = (perRound(a), perRound(b))
        am.keys.toVector.sorted.flatMap(round => bm.get(round).map(y => (am(round), y)))
      }
    if (a.pooled.nonEmpty || b.pooled.nonEmpty) welchRatio(a, b, r, bimodal)
    else if (pairs.size >= 2 && pairs.size >= math.min(a.rounds.distinct.size, b.rounds.distinct.size)) {
      val d = pairs.map { case (x, y) => math.log(y / x) }
      val half = MeanInterval.halfWidth(d, conf)
      val c = mean(d)
      // The point estimate stays the ratio of means, the interval is the paired one around it.
      val shift = math.log(r) - c
      RatioEstimate(r, math.exp(c - half + shift), math.exp(c + half + shift), conf, paired = true, bimodal)
    } else welchRatio(a, b, r, bimodal)
  }

  /** One relay round's ratio B/A from its turns: `logRatio`, the Hodges–Lehmann estimate over the
    * round's cycles of log(B's turn / A's turn) (`hodgesLehmann`), `withinSd`, their standard
    * deviation (the spread inside a launch), and `withinSe`, the standard error that spread alone
    * gives `logRatio` (`centreError`). */
  final case class TurnRatio(round: Int, logRatio: Double, withinSd: Double, cycles: Int, withinSe: Double = Double.NaN)

  /** The half-width of a relayed ratio over its rounds: t times the rounds' spread over √rounds, never
    * less than the spread the rounds' own turns give each round's centre (the root mean square of
    * their `withinSe`). A round's centre carries its turns' noise whatever its launch did, so rounds
    * that agree more closely than that agreed by chance; taken at face value, three degrees of freedom
    * let such rounds decide ratios of a program against itself (the modified Hartung–Knapp interval of
    * random-effects meta-analysis, the between-launch variance never below the within's; Röver, Knapp
    * and Friede 2015). Without a `prior`, t has rounds − 1 df; with the table's (LaunchPrior), the
    * rounds' variance is drawn up towards the table's when smaller (LaunchPrior.moderated) and t has the prior's df besides. */
  def relayHalfWidth(turns: Vector[TurnRatio], confidence: Double, prior: Option[LaunchPrior] = None): Double = {
    val d = turns.map(_.logRatio)
    if (d.size < 2) Double.NaN
    else {
      val within = turns.map(_.withinSe).filterNot(_.isNaN)
      val floor = if (within.isEmpty) 0.0 else within.map(x => x * x).sum / within.size
      val (v, df) = prior.fold((variance(d), (d.size - 1).toDouble))(_.moderated(variance(d), d.size - 1))
      tQuantile(confidence, df) * math.sqrt(math.max(v, floor) / d.size)
    }
  }

  /** The standard error of the Hodges–Lehmann centre of `xs` from their own spread, robustly: the
    * median absolute deviation scaled to a standard deviation (× 1.4826), times √(π/3) (the centre's
    * variance against the mean's on normal data) over √n. A turn the machine took away moves it no
    * more than it moves the centre. NaN under three values. */
  def centreError(xs: Vector[Double]): Double =
    if (xs.size < 3) Double.NaN
    else {
      val m = median(xs)
      1.4826 * median(xs.map(x => math.abs(x - m))) * math.sqrt(math.Pi / 3) / math.sqrt(xs.size.toDouble)
    }

  /** The rounds in which both cells were measured in relay turns, one fork each: each round's turns
    * paired by cycle (the i-th measured iteration of each JVM is the i-th cycle's turn), from the
    * first iteration both forks count as steady. Empty unless both cells were relayed. */
  def turnRatios(a: CellEstimate, b: CellEstimate): Vector[TurnRatio] =
    if (!a.cycles || !b.cycles || a.rounds.size != a.n || b.rounds.size != b.n) Vector.empty
    else {
      def byRound(e: CellEstimate): Map[Int, ForkSteady] =
        e.rounds.zip(e.forks).groupBy(_._1).collect { case (r, Vector((_, f))) => r -> f }
      val (fa, fb) = (byRound(a), byRound(b))
      fa.keys.toVector.sorted.flatMap { r =>
        fb.get(r).flatMap { gb =>
          val ga = fa(r)
          val from = math.max(ga.dropped, gb.dropped)
          val pairs = ga.all.zip(gb.all).drop(from).filter { case (x, y) => x > 0 && y > 0 }
          if (pairs.isEmpty) None
          else {
            val ls = pairs.map { case (x, y) => math.log(y / x) }
            Some(TurnRatio(r, hodgesLehmann(ls), if (ls.size < 2) Double.NaN else math.sqrt(variance(ls)), ls.size, centreError(ls)))
          }
        }
      }
    }

  /** The Hodges–Lehmann estimate of a sample's centre: the median of the means of every pair of its
    * values, each value with itself included (Hollander, Wolfe & Chicco, Nonparametric Statistical
    * Methods, 3rd ed., §3.2). A relay turn that the machine took away for a moment is one slow value
    * among many; the mean of a round's turn ratios follows it, this estimate hardly moves, and on
    * normal data it is nearly as precise as the mean (95% asymptotic efficiency). On the 2-core guest
    * it narrowed relayed ratio intervals over rounds 1.1–1.6× against the mean (docs/lessons/relay.md). */
  def hodgesLehmann(xs: Vector[Double]): Double = {
    val n = xs.size
    if (n == 0) Double.NaN
    else {
      val walsh = new Array[Double](n * (n + 1) / 2)
      var k = 0
      var i = 0
      while (i < n) {
        var j = i
        while (j < n) { walsh(k) = (xs(i) + xs(j)) / 2; k += 1; j += 1 }
        i += 1
      }
      median(walsh.toSeq)
    }
  }

  /** Welch's interval on the log means of two cells (delta method), with Welch–Satterthwaite degrees
    * of freedom. A side that is one state of a multi-state cell takes the launch variance pooled over
    * its cell's states (forks − states df), the other its own forks' (forks − 1 df); no interval for
    * a side of one fork. Never paired by round for a state: its forks are the rounds it happened to
    * land in, and two or three pairs would leave a t with one or two df. */
  private def welchRatio(a: CellEstimate, b: CellEstimate, r: Double, bimodal: Boolean): RatioEstimate = {
    def side(e: CellEstimate): Option[(Double, Double)] =
      if (e.n < 2) None
      else e.pooled match {
        case Some(p) => Some((p.variance / e.n, p.df.toDouble))
        case None => Some((variance(e.forkMeans) / e.n / (e.mean * e.mean), e.n - 1.0))
      }
    (side(a), side(b)) match {
      case (Some((va, da)), Some((vb, db))) =>
        val half = MeanInterval.welchHalfWidth(va, da, vb, db, a.confidence)
        RatioEstimate(r, r * math.exp(-half), r * math.exp(half), a.confidence, paired = false, bimodal)
      case _ => RatioEstimate(r, Double.NaN, Double.NaN, a.confidence, paired = false, bimodal)
    }
  }

  private val StandardNormal = NormalDistribution.of(0, 1)

  /** The two-sided critical value of Student's t with df degrees of freedom: P(|T| <= q) = confidence
    * (`TDistribution.inverseSurvivalProbability`, commons-statistics-distribution 1.1; df need not be
    * whole, as Welch–Satterthwaite's is not). */
  def tQuantile(confidence: Double, df: Double): Double =
    if (df.isNaN || df <= 0 || !(confidence > 0 && confidence < 1)) Double.NaN
    else TDistribution.of(df).inverseSurvivalProbability((1 - confidence) / 2)
}
