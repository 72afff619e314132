package effectbench.runner

import effectbench.{Outcome, Settings}
import effectbench.report.{LatencyData, LatencyStats}
import effectbench.store.{JmhResult, RunData, RunFiles}
import effectbench.stats.{CellEstimate, CellRatios, ForkShape, ForkStats, RatioEstimate}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import scala.util.Random

/** The paired-rounds engine: the cells of one table (same scenario, variant, params, mode, JVM) are
  * measured one fork each per round, in an order shuffled per round, so that a machine slowing down
  * for a minute slows every runtime of the table alike and ratios can be taken round by round. Rounds
  * are added until every ratio against the table's fastest is decided or as precise as asked, the
  * table's budget is spent, or the round ceiling is reached. */
object Rounds {
  /** @param precision the ratio half-width (fraction) that counts as precise enough
    * @param minRounds forks every cell gets before any stopping decision (three: a t-interval
    *                  with fewer degrees of freedom is too wide to decide anything)
    * @param maxRounds the ceiling that bounds how often the stopping rule is consulted
    * @param budgetSeconds machine time per table
    * @param precisionFirst stop only when every ratio is within the precision: a decided but wide
    *                  ratio does not end the table (the headline run, whose goal is the precision
    *                  of its ratios, not only their direction)
    * @param runBudget a budget shared by every table of the run; when set, each table's budget is
    *                  allotted from what is left of it when the table starts */
  final case class Engine(
      precision: Double, minRounds: Int, maxRounds: Int, budgetSeconds: Option[Double], confidence: Double, seed: Long,
      precisionFirst: Boolean = false, runBudget: Option[RunBudget] = None,
      /** Fork lengths chosen from the cells' variance (ForkShape) from round `ShapeFromRound` on, one
        * length for every cell of a round. */
      adaptForks: Boolean = true,
      /** The machine canary (MachineCanary.Guard): a fork measured while the machine was away from its
        * usual state is set aside, and later rounds measure its cell again. */
      canary: Boolean = false,
      /** Relay rounds (Relay): the throughput cells of a round live at once and measure in turn, one
        * iteration a turn; off, each cell's fork runs alone, one after another. */
      relay: Boolean = false,
      /** The cells of one scenario, variant and mode are one table whatever their params (`--across-params`):
        * a sweep's values take turns in one relay, so a ratio between two sizes is measured turn against turn. */
      acrossParams: Boolean = false,
      /** A relay turn's length when measuring (`--turn`). */
      turnSeconds: Double = RelayTurnSeconds
  ) {
    def tableOf(c: PlannedCell): String =
      if (acrossParams) s"${c.id.scenario}/${c.id.variant}/*/${c.id.mode.id} @ ${c.jvm.label}" else tableKey(c)
  }

  /** A relay turn's length when measuring: a profile's measured iterations are cut into turns this
    * long (at least one), so that a round holds many cycles to pair turn against turn. Each turn costs
    * about 30 ms besides its own time (JMH's bookkeeping of an iteration, the referee's hand-over and
    * the JVM's move between cores), so shorter turns pay more of it for the same measured time. */
  val RelayTurnSeconds = 0.1

  /** The profile a relay round's JVMs measure with: the same warm-up, and the same measured time in
    * turns of about `RelayTurnSeconds`. */
  def relayProfile(p: MeasureProfile, turn: Double = RelayTurnSeconds): MeasureProfile = {
    val k = math.max(1, math.round(p.iterationSeconds / turn).toInt)
    p.copy(iterations = p.iterations * k, iterationSeconds = p.iterationSeconds / k)
  }

  /** The measuring JVMs a relay round holds at most: each has its heap (MeasuringJvm, 2 GiB) and the
    * machine's memory is shared by all of them; a larger table is relayed in groups one after another
    * (a ratio across two groups still has its interval over rounds, but no drift shared by its turns). */
  val RelayMaxJvms = 10

  /** The round from which a cell's forks follow its measured variance: four forks before it, so
    * that the between-launch variance it is chosen from has three degrees of freedom; from two
    * forks the estimate is mostly noise and the shapes swing from round to round
    * (docs/lessons/one-shape-a-round.md). */
  val ShapeFromRound = 5
  /** A measuring JVM's start, setup and exit, and the runner's work around it, in seconds, as fork
    * shapes weigh it (a JVM's start against a longer fork). */
  val ForkOverheadSeconds = 1.0

  /** One cell's result after its rounds: the combined JMH file and the rounds its forks came from. */
  final case class CellOutcome(outcome: JmhCell.Outcome, rounds: Vector[Int], relayed: Boolean = false)

  /** Why a table stopped adding rounds, and the precision its ratios reached. */
  final case class TableSummary(
      rounds: Int, forks: Int, seconds: Double, stopped: String, worstRatioHalfWidth: Double,
      /** Forks behind the widest ratio (the fewer of its two cells'); 0 when not known. */
      worstForks: Int = 0
  )

  def tableKey(c: PlannedCell): String = s"${c.id.group} @ ${c.jvm.label}"

  /** The name of a cell's `nth` fork of `round` (a second one only for the fastest, see loop). */
  private def roundTag(cell: PlannedCell, round: Int, nth: Int): String = s"${cell.id.slug}.round-$round" + (if (nth > 1) s"-$nth" else "")

  def roundFile(dir: RunDir, cell: PlannedCell, round: Int, nth: Int = 1): Path = dir.jmhFile(roundTag(cell, round, nth), cell.jvm)

  /** A one-fork JMH file as the round loop sees it, read once. */
  private def forkOf(f: Path, seconds: Double): Fork = {
    val rs = RunFiles.readJmh(f)
    // A family-L fork's latency log, beside its JMH file: its p99's halves shape the table's forks.
    val log = LatencyCell.logOf(f)
    val tail =
      if (!Files.isRegularFile(log)) None
      else
        try LatencyData.tail(log)
        catch { case _: java.io.IOException => None }
    Fork(ok = true, rs.headOption.toVector.flatMap(_.scored.rawData), seconds,
      rs.headOption.exists(_.scored.scoreUnit.startsWith("ops/")), starvedThroughout(rs), tail = tail)
  }

  /** Decided by more than the precision: the ratio's whole interval lies outside the band
    * [1/(1+P), 1+P] around 1. The band is symmetric on the log scale because a ratio and its
    * inverse must decide alike (B is 1.06× slower than A exactly when A is 0.943× of B); "by more
    * than P" is read as the interval's nearer end, not its point, being more than P from 1. A
    * bimodal ratio is never decided. */
  def clearlyDecided(r: RatioEstimate, precision: Double): Boolean =
    r.known && !r.bimodal && (r.low > 1 + precision || r.high < 1 / (1 + precision))

  /** One ratio needs no more rounds: its half-width is within the precision, or (unless the engine
    * wants precision first) it is decided by more than the precision. */
  def ratioSettled(r: RatioEstimate, engine: Engine): Boolean =
    r.known && (r.relHalfWidth <= engine.precision || (!engine.precisionFirst && clearlyDecided(r, engine.precision)))

  /** Whether every ratio against the fastest is settled (ratioSettled), from the cells' estimates;
    * also returns the widest ratio half-width. A table of one cell settles on its own half-width. */
  def settled(est: Vector[(String, CellEstimate)], higher: Boolean, engine: Engine): (Boolean, Double) = {
    val o = unsettled(est, higher, engine)
    (o.pending.isEmpty, o.worst)
  }

  /** What a table still needs after a round: `pending`, the cells to measure again (the fastest
    * first); `worst`, the widest half-width among the ratios that are not bimodal; `bimodal`, the
    * cells whose ratio is. */
  final case class Open(
      pending: Vector[String], worst: Double, bimodal: Vector[String], widths: Map[String, OpenRatio] = Map.empty, worstForks: Int = 0
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
  def unsettled(est: Vector[(String, CellEstimate)], higher: Boolean, engine: Engine): Open =
    if (est.size < 2) {
      val w = est.headOption.map(_._2.relHalfWidth).getOrElse(Double.NaN)
      Open(if (!w.isNaN && w <= engine.precision) Vector.empty else est.map(_._1), w, Vector.empty)
    } else {
      // Ratios are taken against each cell's reference: itself, or its most frequent launch state.
      val refs = est.map { case (k, e) => k -> CellRatios.reference(e) }
      val fastest = if (higher) refs.maxBy(_._2.mean) else refs.minBy(_._2.mean)
      val others = est.filterNot(_._1 == fastest._1)
      // A cell whose iterations change state inside a fork has no number to refine: not open.
      val (bimodal, rest) = others.partition { case (_, e) => e.bimodal && !e.multiState }
      // A cell with launch states is open while a state has fewer than MinStateForks forks (no
      // interval worth the name) or a state's own ratio is not settled.
      val (states, single) = rest.partition(_._2.multiState)
      val stateOpen = states.flatMap { case (k, e) =>
        val short = e.states.filter(_.forks.size < MinStateForks)
        val wide = CellRatios.stateSlowdowns(e, fastest._2, higher).filterNot(r => ratioSettled(r.ratio, engine))
        if (short.nonEmpty) Some(k -> OpenRatio(Double.NaN, short.map(_.forks.size).min))
        else wide.maxByOption(_.ratio.relHalfWidth).map(r => k -> OpenRatio(r.ratio.relHalfWidth, r.state.forks.size))
      }
      val ratios = single.map { case (k, e) => (k, e, CellRatios.slowdown(e, fastest._2, higher)) }
      val widths = ratios.map(_._3.relHalfWidth)
      val worst = if (widths.isEmpty || widths.exists(_.isNaN)) Double.NaN else widths.max
      val worstForks = if (worst.isNaN) 0 else ratios.maxBy(_._3.relHalfWidth)._2.n.min(fastest._2.n)
      val open = ratios.filterNot(r => ratioSettled(r._3, engine)).map(r => r._1 -> OpenRatio(r._3.relHalfWidth, r._2.n)) ++ stateOpen
      Open(if (open.isEmpty) Vector.empty else fastest._1 +: open.map(_._1), worst, bimodal.map(_._1), open.toMap, worstForks)
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

  /** A fork the machine canary set aside: its round, its number in the round, where its JMH file
    * went, and how far the machine was from its usual state around it (MachineCanary.Guard.fork). */
  final case class Aside(round: Int, nth: Int, file: Path, away: Double)

  /** The kept forks a cell ends a table with at least, when the canary set aside enough of them:
    * below three, a cell's interval rests on one degree of freedom (t = 12.7 at 95%, against 4.3 on
    * two). Forks set aside read only a little slower than their cells' clean forks, while a cell with
    * one or two forks left has an interval too wide to read (docs/lessons/machine-away.md). Such
    * forks count toward no compare verdict (report's RunComparison.away). */
  val MinKeptForks = 3

  /** The forks set aside that a cell with `kept` kept forks keeps after all: up to `MinKeptForks`
    * in all, the least away first (the canary's reading, never the fork's score; ties in round
    * order). */
  def restore(kept: Int, aside: Vector[Aside]): Vector[Aside] =
    aside.zipWithIndex.sortBy { case (a, i) => (if (a.away.isNaN) Double.MaxValue else a.away, i) }.map(_._1)
      .take(math.max(0, MinKeptForks - kept)).sortBy(a => (a.round, a.nth))

  /** Forks a launch state needs before its own ratio is worth reporting (a t-interval on 2 df). */
  val MinStateForks = 3

  /** One fork of one cell, as the round loop sees it; `starving`: a family-L fork whose every event
    * in every measured window starved (none answered within 1 s while the load ran). */
  final case class Fork(
      ok: Boolean, raw: Vector[Vector[Double]], seconds: Double, higherIsBetter: Boolean, starving: Boolean = false,
      /** Measured, and set aside by the machine canary: its time counts, its score is in no estimate. */
      setAside: Boolean = false,
      /** A family-L fork's p99 and its halves (LatencyData.tail): the table's fork shape follows them. */
      tail: Option[ForkShape.TailFork] = None
  )

  /** The p99 reach a family-L cell's forks aim at: two runs of as many forks within compare's tail
    * threshold of each other (95% of pairs with nothing changed). */
  val TailTarget: Double = effectbench.report.LatencyCompare.DefaultTailThreshold

  /** The forks with a p99 a family-L cell has before its p99 may count as within `TailTarget`: a
    * spread from four forks reads tight by chance too often (at a true 0.2, one time in twelve it reads
    * under the 0.081 that ±20% on four forks asks, χ² on 3 df), and the rule would stop there. At
    * eight the spread ±20% asks (0.154) is within a third of the true one (docs/lessons/tails-need-forks.md). */
  val TailMinForks = 8

  /** How far apart two runs of as many forks as these would put a family-L cell's p99 (95% of pairs):
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
      val m = logs.sum / n
      val sd = math.sqrt(logs.map(x => (x - m) * (x - m)).sum / (n - 1))
      def half(k: Int) = math.exp(ForkStats.tQuantile(0.95, k - 1) * sd * math.sqrt(2.0 / k)) - 1
      val need = Iterator.from(math.max(2, LatencyStats.MinReachForks)).find(k => half(k) <= TailTarget || k >= 1000).get
      Some(LatencyStats.RunToRun(half(n), sd, n, need, TailTarget))
    }
  }

  /** Forks after which a cell whose every fork starved gets no more in the table's first rounds: it has
    * no latency for more forks to refine, and it is the costliest cell of its table (each measured
    * window waits a second past its schedule to count the starved). After the minimum rounds it
    * measures again only while its hogs' throughput ratio, or one against it, is open. */
  val StarvingForks = 2

  /** Whether a JMH file's measured windows, with events in each, answered fewer events in all than a
    * percentile needs (LatencyStats.MinRecorded; the rest starved): a family-L fork of a runtime that
    * never, or all but never, let a probe through, and that the report gives no percentile. */
  def starvedThroughout(results: Vector[JmhResult]): Boolean =
    results.headOption.exists { r =>
      (r.secondaryMetrics.get("events"), r.secondaryMetrics.get("starved")) match {
        case (Some(e), Some(st)) =>
          val (ev, sv) = (e.rawData.flatten, st.rawData.flatten)
          ev.nonEmpty && ev.size == sv.size && ev.forall(_ > 0) && (ev.sum - sv.sum) < LatencyStats.MinRecorded
        case _ => false
      }
    }

  final case class LoopResult(
      forks: Map[String, Vector[(Int, Vector[Vector[Double]])]], failed: Set[String], cellSeconds: Map[String, Double],
      summary: TableSummary
  )

  /** How a table's fork length follows its variance (ForkShape): the profile's shape, and the
    * seconds a fork spends outside its iterations, per warm-up and per iteration. */
  final case class ShapeRule(base: ForkShape.Shape, overheadSeconds: Double, warmupSeconds: Double, iterationSeconds: Double)

  /** The round loop of one table, apart from JMH: `fork(key, round, shape)` measures one fork. Every cell
    * gets a fork in each of the first `minRounds` rounds; after that a round measures only the cells
    * whose ratios are still open (`unsettled`). Rounds go on until every ratio is settled, the
    * ceiling, or the budget: another round is not started when its cost (the forks it would run, at
    * each cell's seconds per fork so far) would overrun it. With a `shapes` rule (and the engine's
    * `adaptForks`), from round `ShapeFromRound` on every fork of a round has the table's one shape
    * (ForkShape.common of what each cell's variance asks), so that each round compares like with
    * like; without one, every fork has the profile's shape. */
  def loop(
      keys: Vector[String], engine: Engine, budgetSeconds: Option[Double], rnd: Random, fork: (String, Int, ForkShape.Shape) => Fork,
      note: String => Unit, label: String, shapes: Option[ShapeRule] = None, spendAll: Boolean = false,
      relayRound: Option[(Vector[String], Int, ForkShape.Shape) => Map[String, Fork]] = None
  ): LoopResult = {
    var forks = Map.empty[String, Vector[(Int, Vector[Vector[Double]])]]
    var tails = Map.empty[String, Vector[ForkShape.TailFork]]
    var failed = Set.empty[String]
    var seconds = 0.0
    var cellSeconds = Map.empty[String, Double]
    var forksRun = Map.empty[String, Int]
    var higher = false
    var round = 0
    var stopped = ""
    var worst = Double.NaN
    var worstForks = 0
    var bimodal = Vector.empty[String]
    var next = keys
    val base = shapes.map(_.base).getOrElse(ForkShape.Shape(0, 0))
    var shape = base
    var asked = Map.empty[String, ForkShape.Shape]
    // Cells whose every fork starved, with their forks so far (see StarvingForks).
    var starvingForks = Map.empty[String, Int]
    // Cells whose open ratio the table's budget cannot settle (planRound): no more forks here.
    var outOfReach = Set.empty[String]
    var partial = ""
    var tailNoted = Set.empty[String]
    def perFork(k: String) = cellSeconds.getOrElse(k, 0.0) / math.max(1, forksRun.getOrElse(k, 0))
    // Judged on its kept forks: a fork the machine canary set aside says nothing of starving (counted,
    // a starving cell with one fork set aside would run every round).
    def starved(k: String) =
      starvingForks.getOrElse(k, 0) >= StarvingForks && starvingForks(k) == forks.getOrElse(k, Vector.empty).size
    while (stopped.isEmpty) {
      round += 1
      val alive = next.filterNot(failed.contains)
      shapes.filter(_ => engine.adaptForks && round >= ShapeFromRound).foreach { rule =>
        val proposals = keys.filterNot(failed.contains).flatMap { k =>
          forks.get(k).filter(_.nonEmpty).map { fs =>
            // A family-L cell's measured windows follow its p99's variance, and its fork costs what its
            // forks took besides their windows (JVM start, warm-up, the JIT gate and the canary's readings,
            // well above the profile's nominal fork).
            val ts = tails.getOrElse(k, Vector.empty)
            val tail = ForkShape.tailComponents(ts).map { c =>
              val windows = ts.map(_.windows.toDouble).sum / ts.size
              (c, math.max(rule.overheadSeconds, perFork(k) - windows * rule.iterationSeconds))
            }
            val (s, why) = ForkShape.next(ForkStats.estimate(fs.flatMap(_._2)).forks, rule.base, rule.overheadSeconds,
              rule.warmupSeconds, rule.iterationSeconds, tail)
            if (asked.get(k).forall(_ != s) && why.nonEmpty) note(s"$k: $why")
            asked = asked.updated(k, s)
            s
          }
        }
        val wanted = ForkShape.common(proposals, rule.base)
        // Under a time budget a fork keeps the profile's length (ForkShape.within).
        val common = if (budgetSeconds.isDefined) ForkShape.within(wanted, rule.base, rule.warmupSeconds, rule.iterationSeconds) else wanted
        if (common != shape)
          note(s"table $label: from round $round every fork runs ${common.warmups} warm-up + ${common.iterations} iterations " +
            "(the most warm-up a cell asks, the median of the iterations they ask: each round compares forks of one shape" +
            (if (common != wanted) s"; ${wanted.warmups} + ${wanted.iterations} asked, kept within the profile's fork length by the budget"
             else "") + ")")
        shape = common
      }
      if (keys.forall(failed.contains)) stopped = "every cell failed"
      else {
        def record(k: String, f: Fork): Unit = {
          seconds += f.seconds
          cellSeconds = cellSeconds.updated(k, cellSeconds.getOrElse(k, 0.0) + f.seconds)
          forksRun = forksRun.updated(k, forksRun.getOrElse(k, 0) + 1)
          if (!f.ok) failed += k
          else if (!f.setAside) {
            forks = forks.updated(k, forks.getOrElse(k, Vector.empty) :+ (round -> f.raw)); higher = f.higherIsBetter
            f.tail.foreach(t => tails = tails.updated(k, tails.getOrElse(k, Vector.empty) :+ t))
          }
          if (f.ok && !f.setAside && f.starving) {
            starvingForks = starvingForks.updated(k, starvingForks.getOrElse(k, 0) + 1)
            if (starved(k) && starvingForks(k) == StarvingForks)
              note(
                s"$k: every event starved, or all but fewer than ${LatencyStats.MinRecorded}, in each of its first $StarvingForks forks: no latency for more forks to refine, " +
                  "more forks only while its hog throughput's ratio (or one against it) is open"
              )
          }
        }
        relayRound match {
          // A relay round: every cell once, all at once, taking turns.
          case Some(relay) =>
            val order = rnd.shuffle(alive.distinct)
            val got = relay(order, round, shape)
            order.foreach(k => record(k, got(k)))
          case None => rnd.shuffle(alive).foreach(k => record(k, fork(k, round, shape)))
        }
        next = keys.filterNot(failed.contains).filterNot(starved)
        partial = ""
        var settledStop = false
        if (round >= engine.minRounds && next.nonEmpty) {
          // Every cell with forks takes part in the stopping rule, a starving one too: the report gives
          // its hog throughput a ratio and takes it as the fastest when it is, so the engine settles
          // what the report prints (left out, the report would take a starving cell of two forks as the
          // fastest and every ratio against it would rest on one degree of freedom).
          val est = forks.toVector.filterNot(x => failed.contains(x._1)).map { case (k, fs) =>
            k -> ForkStats.estimate(fs.flatMap(_._2), engine.confidence, fs.map(_._1), cycles = relayRound.isDefined)
          }
          val o = unsettled(est, higher, engine)
          val pending = o.pending
          worst = o.worst
          worstForks = o.worstForks
          bimodal = o.bimodal
          // A table whose other cells all failed has no ratio left that more forks could narrow: its
          // last cell's own precision is not what a table of several cells is run for.
          if (keys.size >= 2 && est.size < 2) stopped = "no ratio left to refine (the table's other cells failed)"
          else if (pending.isEmpty) {
            settledStop = true
            stopped =
              (if (engine.precisionFirst) "every ratio within precision"
               else "every ratio decided by more than the precision or within it") +
                (if (bimodal.nonEmpty) s" or bimodal (${bimodal.mkString(", ")})" else "")
          } else {
            // A starving cell measures again only while a ratio it is in is open (its own, or one
            // against it as the fastest).
            next = keys.filterNot(failed.contains).filter(pending.contains)
            // The fastest's noise enters every open ratio: while two or more are open it gets two forks
            // a round (each ratio's round then compares with the mean of both, ForkStats.perRound).
            if (pending.size >= 3 && relayRound.isEmpty) next = next :+ pending.head
            // Under a budget, the round holds the open ratios it can still settle, nearest first.
            budgetSeconds.filter(_ => o.widths.nonEmpty && keys.size >= 2).foreach { b =>
              val left = b - seconds
              val candidates = o.widths.filter(w => !failed.contains(w._1) && !outOfReach.contains(w._1))
              val (plan, out) = planRound(pending.head, candidates, perFork, left, engine.precision, engine.confidence, spendAll,
                relayRound.isDefined)
              val reachable = candidates.size - out.size
              val planned = plan.distinct.count(_ != pending.head)
              if (plan.isEmpty)
                stopped = f"budget spent (${b}%.0f s)" + (if (candidates.isEmpty) "; its open ratios are out of its reach" else "")
              else {
                out.foreach { case (k, m) =>
                  outOfReach += k
                  val w = o.widths(k)
                  note(
                    f"$k: its ratio ±${w.halfWidth * 100}%.1f%% on ${w.forks} forks would need " +
                      (if (m > SettleCap) s"over $SettleCap forks" else if (m == 1) "one fork" else s"about $m forks") +
                      f" more, each with one of the fastest's; the table has ${left}%.0f s left: no more forks for it here " +
                      "(its interval stands as measured; the run's last line sizes the shards that would settle it)"
                  )
                }
                if (planned < reachable)
                  partial = s"; $planned of $reachable open ratios fit the ${math.round(left)} s left, the nearest to settling first"
              }
              next = plan
            }
          }
        }
        // A cell whose every fork so far the machine canary set aside has no estimate for the rule above
        // to settle: it comes back, with the table's fastest to pair with, while the budget lasts.
        val bare = keys.filter(k => !failed.contains(k) && !starved(k) && forks.getOrElse(k, Vector.empty).isEmpty)
        if (round >= engine.minRounds && bare.nonEmpty && (stopped.isEmpty || settledStop)) {
          val ref = forks.toVector.filter(_._2.nonEmpty).map(_._1).filterNot(failed.contains)
            .sortBy(k => ForkStats.estimate(forks(k).flatMap(_._2)).mean * (if (higher) -1 else 1)).headOption
          val add = (bare ++ ref.toVector).filterNot(next.contains)
          if (budgetSeconds.forall(b => seconds + (next ++ add).map(perFork).sum <= b)) {
            stopped = ""
            next = next ++ add
            note(s"table $label: ${bare.mkString(", ")}: every fork so far set aside by the machine canary; measured again")
          }
        }
        // A family-L cell whose p99 two runs of as many forks would still put further apart than compare's
        // threshold (tailReach) measures again, while the budget lasts: its report's p99 is what the cell
        // is read for, and its ratios may have settled on the hogs' time long before.
        // Not in a run whose tables share one budget (the headline): its time goes to its ratios.
        val tailOpen =
          if (engine.runBudget.isDefined) Vector.empty
          else keys.filter(k => !failed.contains(k) && !starved(k)).flatMap(k =>
            tailReach(tails.getOrElse(k, Vector.empty)).filter(r => !r.within || r.forks < TailMinForks).map(k -> _)
          )
        if (round >= engine.minRounds && tailOpen.nonEmpty && (stopped.isEmpty || settledStop)) {
          // A table stopped as settled measures only these (its `next` still names every cell).
          val before = if (stopped.nonEmpty) Vector.empty else next
          val add = tailOpen.map(_._1).filterNot(before.contains)
          if (add.nonEmpty && budgetSeconds.forall(b => seconds + (before ++ add).map(perFork).sum <= b)) {
            stopped = ""
            next = before ++ add
            tailOpen.filter(t => add.contains(t._1) && !tailNoted.contains(t._1)).foreach { case (k, r) =>
              tailNoted += k
              note(f"$k: its p99 ±${r.halfWidth * 100}%.0f%% from run to run on ${r.forks} forks (about " +
                f"${math.max(r.forksFor, TailMinForks)} for ±${TailTarget * 100}%.0f%%, $TailMinForks at least): measured again for its p99" +
                (if (r.forksFor > engine.maxRounds) s", up to the round ceiling (${engine.maxRounds})" else ""))
            }
          }
        }
        if (next.isEmpty && stopped.isEmpty)
          stopped = if (keys.exists(k => !failed.contains(k))) "every cell starved or failed" else "every cell failed"
        if (stopped.isEmpty && round >= engine.maxRounds) stopped = s"round ceiling (${engine.maxRounds})"
        // The next round's cost: each cell it would measure at that cell's seconds per fork so far.
        val nextCost = next.map(perFork).sum
        if (stopped.isEmpty && round >= engine.minRounds && budgetSeconds.exists(b => seconds + nextCost > b))
          stopped = f"budget spent (${budgetSeconds.get}%.0f s)"
      }
      val open = keys.count(k => !failed.contains(k) && !starved(k))
      note(f"table $label: round $round done (${seconds}%.0f s)" + (if (worst.isNaN) "" else f", widest ratio ±${worst * 100}%.1f%%") +
        (if (bimodal.isEmpty) "" else s" (${bimodal.size} bimodal, no more rounds for them)") +
        (if (stopped.isEmpty && next.distinct.size < open)
           s"; next round measures ${next.distinct.size} of $open cells (the others' ratios are settled" +
             (if (outOfReach.nonEmpty) s" or out of the budget's reach: ${outOfReach.toVector.sorted.mkString(", ")})" else ")")
         else "") + (if (stopped.isEmpty && next.distinct.size < next.size) "; the fastest twice (its noise is in every open ratio)"
                     else "") + (if (stopped.isEmpty) partial else ""))
    }
    LoopResult(forks, failed, cellSeconds, TableSummary(round, forksRun.values.sum, seconds, stopped, worst, worstForks))
  }

  /** Measures one table in rounds; per-round JMH files are combined per cell into `dir.jmhFile`. */
  def measure(
      cells: Vector[PlannedCell], settings: Settings, profile: MeasureProfile, modules: Modules, dir: RunDir,
      timeout: Long, engine: Engine, note: String => Unit
  ): (Map[String, CellOutcome], TableSummary) = {
    val oneFork = profile.copy(forks = 1)
    val key = engine.tableOf(cells.head)
    val byKey = cells.map(c => c.id.key -> c).toMap
    var files = Map.empty[String, Vector[(Int, Path)]]
    // Forks set aside by the machine canary, per cell and round (their files' numbers).
    var asideCount = Map.empty[(String, Int), Int]
    var asideFiles = Map.empty[String, Vector[Aside]]
    var failed = Map.empty[String, JmhCell.Outcome]
    // What this table leaves of its budget is lost unless a table after it shares the run's budget.
    val spendAll = engine.runBudget.forall(_.tablesLeft <= 1)
    val budget = engine.runBudget match {
      case Some(rb) =>
        val b = rb.allot(key, cells.size)
        note(f"table $key: budget $b%.0f s of the run's ${rb.remaining}%.0f s left (${rb.tablesLeft} tables to go)")
        Some(b)
      case None => engine.budgetSeconds
    }
    val rnd = new Random(engine.seed ^ key.hashCode.toLong)
    def latency(c: PlannedCell) = effectbench.Catalog.get(c.id.scenario, includeTestOnly = true).exists(LatencyCell.isLatency)
    // Relay rounds for a table of throughput cells (a latency window is no turn: it holds its load's
    // own timing, and its hogs would run on in the other cells' turns).
    val relayed = engine.relay && cells.size >= 2 && !cells.exists(latency)
    val turns = relayProfile(oneFork, engine.turnSeconds)
    val shaped = if (relayed) turns else oneFork
    val rule = ShapeRule(ForkShape.Shape(shaped.warmups, shaped.iterations), ForkOverheadSeconds, shaped.warmupSeconds,
      shaped.iterationSeconds)
    if (relayed)
      note(f"table $key: relay rounds (each round's JVMs live at once and take turns, one iteration a turn: " +
        f"${turns.warmups} warm-up turns of ${turns.warmupSeconds}%.2f s, ${turns.iterations} measured of ${turns.iterationSeconds}%.2f s)")
    val relayRound = if (!relayed) None
    else Some { (ks: Vector[String], round: Int, shape: ForkShape.Shape) =>
      val prof = turns.copy(warmups = shape.warmups, iterations = shape.iterations)
      ks.grouped(RelayMaxJvms).toVector.zipWithIndex.flatMap { case (group, g) =>
        val planned = group.map { k =>
          val cell = byKey(k)
          val out = roundFile(dir, cell, round)
          val log = dir.logFile(s"${cell.jvm.label}--${roundTag(cell, round, 1)}")
          (k, out, log, JmhCell.relayMember(cell, settings, prof, modules, out, log))
        }
        val members = planned.collect { case (_, _, _, Right(m)) => m }
        // Each turn's cycle, cell, start and end, beside the round's JVM logs.
        val turnLog = dir.logDir.resolve(RunDir.safe(s"relay--$key--round-$round" + (if (g > 0) s"-${g + 1}" else "")) + ".tsv")
        val r = MeasureLock.holding(note)(Relay.run(members, timeout * math.max(1, members.size), rnd, turnLog = Some(turnLog),
            turnLimitSeconds = timeout))
        val each = r.seconds / math.max(1, members.size)
        planned.map {
          case (k, _, _, Left(why)) =>
            failed = failed.updated(k, JmhCell.Outcome(Outcome.Failed, "failed: " + why, None, 0))
            k -> Fork(ok = false, Vector.empty, 0.0, higherIsBetter = false)
          case (k, out, log, Right(_)) =>
            val o = JmhCell.outcome(r.finished(k), out, log, timeout * members.size)
            if (o.status.ok) {
              files = files.updated(k, files.getOrElse(k, Vector.empty) :+ (round -> out))
              k -> forkOf(out, each)
            } else {
              failed = failed.updated(k, o.copy(seconds = each))
              k -> Fork(ok = false, Vector.empty, each, higherIsBetter = false)
            }
        }
      }.toMap
    }
    val res = loop(cells.map(_.id.key), engine, budget, rnd,
      { (k, round, shape) =>
        val cell = byKey(k)
        // A cell's second fork in one round (the fastest's, see loop) gets files of its own.
        val nth = files.getOrElse(k, Vector.empty).count(_._1 == round) + 1
        val out = roundFile(dir, cell, round, nth)
        val log = dir.logFile(s"${cell.jvm.label}--${roundTag(cell, round, nth)}")
        def once(): JmhCell.Outcome =
          JmhCell.run(cell, settings, oneFork.copy(warmups = shape.warmups, iterations = shape.iterations), modules, out, log, timeout,
            note)
        // A fork set aside keeps its files beside the kept ones, numbered per round, for a reader who wants to see it.
        def setAside(away: Double): String = {
          val n = asideCount.getOrElse((k, round), 0) + 1
          asideCount = asideCount.updated((k, round), n)
          def aside(f: Path): Path = {
            val name = f.getFileName.toString
            val dot = name.lastIndexOf('.')
            f.resolveSibling(s"${name.take(dot)}.set-aside-$n${name.drop(dot)}")
          }
          Seq(out, LatencyCell.logOf(out)).filter(Files.isRegularFile(_)).foreach { f =>
            Files.move(f, aside(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING)
          }
          asideFiles = asideFiles.updated(k, asideFiles.getOrElse(k, Vector.empty) :+ Aside(round, nth, aside(out), away))
          dir.dir.relativize(aside(out)).toString
        }
        val (o, kept) =
          if (engine.canary)
            MachineCanary.guardFor(dir.dir, note)
              .fork(key, k, round, nth, dir.dir.relativize(out).toString, setsAside = !latency(cell))(once)(setAside)
          else (once(), true)
        if (o.status.ok && kept) {
          files = files.updated(k, files.getOrElse(k, Vector.empty) :+ (round -> out))
          forkOf(out, o.seconds)
        } else if (o.status.ok) Fork(ok = true, Vector.empty, o.seconds, higherIsBetter = false, setAside = true)
        else {
          failed = failed.updated(k, o)
          Fork(ok = false, Vector.empty, o.seconds, higherIsBetter = false)
        }
      }, note, key, Some(rule), spendAll, relayRound)
    engine.runBudget.foreach(_.record(key, res.summary.forks, res.summary.seconds))
    val outcomes = cells.map { cell =>
      val k = cell.id.key
      // A cell left with fewer than MinKeptForks kept forks keeps some it had set aside, the least away
      // first, said so: the canary log records each as kept on a slow machine (restore).
      val kept = files.getOrElse(k, Vector.empty)
      val back = if (failed.contains(k)) Vector.empty else restore(kept.size, asideFiles.getOrElse(k, Vector.empty))
      if (back.nonEmpty) {
        note(s"$k: ${kept.size} fork${if (kept.size == 1) "" else "s"} measured with the machine in its usual state; " +
          s"${back.size} of those set aside kept as measured, the least away first, for an interval on ${MinKeptForks - 1} df")
        MachineCanary.guardFor(dir.dir, note).restored(key, k, back.map(a => (a.round, a.nth, a.file)))
      }
      val fs = (kept ++ back.map(a => (a.round, a.file))).sortBy(_._1)
      val o = failed.get(k) match {
        case Some(f) => f // a failed round fails the cell: its reason is the round's
        case None if fs.isEmpty => JmhCell.Outcome(Outcome.Failed, "failed: no round produced a result", None, 0)
        case None =>
          val target = dir.jmhFile(cell.id.slug, cell.jvm)
          combine(fs.map(_._2), target)
          JmhCell.Outcome(Outcome.Ok, "", Some(target), res.cellSeconds.getOrElse(k, 0.0))
      }
      k -> CellOutcome(o, fs.map(_._1), relayed)
    }.toMap
    (outcomes, res.summary)
  }

  /** One JMH result from several one-fork files: the forks' raw data side by side (in round order),
    * JMH's own score and 99.9% interval of the metric the cell is scored by recomputed over every
    * iteration as JMH would, the other metrics' scores averaged over the rounds (their raw data side
    * by side too); and, for a family-L cell, its forks' latency logs one after the other. */
  def combine(files: Vector[Path], target: Path): Unit = {
    // Read as JSON trees (ujson), not as the typed summary: the combined file keeps every field JMH wrote.
    val typed = files.map(f => RunFiles.readJmh(f).head)
    val results = files.map(f => ujson.read(RunData.read(f)).arr.head)
    val first = results.head
    def put(o: ujson.Value, entries: (String, ujson.Value)*): ujson.Value = {
      val c = ujson.copy(o)
      entries.foreach { case (k, v) => c(k) = v }
      c
    }
    def rawJson(raw: Vector[Vector[Double]]) = ujson.Arr.from(raw.map(f => ujson.Arr.from(f.map(ujson.Num(_)))))
    /** The forks' raw data side by side, with JMH's score and 99.9% interval over every iteration. */
    def pooled(metric: ujson.Value, rawAll: Vector[Vector[Double]]): ujson.Value = {
      val xs = rawAll.flatten
      val n = xs.size
      val m = xs.sum / n
      val err = if (n < 2) Double.NaN else ForkStats.tQuantile(0.999, n - 1) * math.sqrt(xs.map(x => (x - m) * (x - m)).sum / (n - 1) / n)
      put(metric, "score" -> ujson.Num(m), "scoreError" -> (if (err.isNaN) ujson.Str("NaN") else ujson.Num(err)),
        "rawData" -> rawJson(rawAll))
    }
    val pm =
      if (typed.head.scoredName.isDefined) put(first("primaryMetric"), "rawData" -> rawJson(typed.flatMap(_.primaryMetric.rawData)))
      else pooled(first("primaryMetric"), typed.flatMap(_.primaryMetric.rawData))
    // Each secondary metric keeps every fork's iterations, aligned with the primary's forks (an
    // empty fork where a round lacks the metric), so a launch state's counters can be read back.
    val secondary = ujson.Obj.from(typed.head.secondaryMetrics.entries.map { case (name, _) =>
      val raw = typed.flatMap(t =>
        t.secondaryMetrics.get(name).map(_.rawData).filter(_.size == t.primaryMetric.rawData.size)
          .getOrElse(t.primaryMetric.rawData.map(_ => Vector.empty[Double]))
      )
      val metric = first("secondaryMetrics")(name)
      if (typed.head.scoredName.contains(name)) name -> pooled(metric, raw)
      else {
        val scores = typed.flatMap(_.secondaryMetrics.get(name)).map(_.score).filterNot(_.isNaN)
        val withRaw = put(metric, "rawData" -> rawJson(raw))
        name -> (if (scores.isEmpty) withRaw else put(withRaw, "score" -> ujson.Num(scores.sum / scores.size)))
      }
    })
    val combined = put(first, "forks" -> ujson.Num(results.size), "primaryMetric" -> pm, "secondaryMetrics" -> secondary)
    combineLogs(files, target)
    val tmp = target.resolveSibling(target.getFileName.toString + ".tmp")
    Files.write(tmp, ujson.write(ujson.Arr(combined), indent = 2).getBytes(StandardCharsets.UTF_8))
    Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING)
  }

  /** The latency logs of family-L forks (LatencyCell.logOf each JMH file) concatenated in fork order
    * into the log of `target`: each fork's windows carry its tag, and HdrHistogram's log reader
    * takes the repeated header lines as comments. */
  def combineLogs(files: Vector[Path], target: Path): Unit = {
    val logs = files.map(LatencyCell.logOf).filter(Files.isRegularFile(_))
    if (logs.nonEmpty) {
      val out = LatencyCell.logOf(target)
      val tmp = out.resolveSibling(out.getFileName.toString + ".tmp")
      Files.write(tmp, logs.map(l => RunData.read(l)).mkString.getBytes(StandardCharsets.UTF_8))
      Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING)
    }
  }
}

/** A budget of wall-clock time shared by the tables of one run, counted from the moment the run is
  * planned: verification, recording and JVM start-ups are spent from it too, so a run given 15
  * minutes ends near 15 minutes. Each table, when it starts, is allotted what is left of the run in proportion to its expected cost per round (cells × seconds per fork)
  * among the tables still to run; what a table leaves unused (it settled early) therefore goes to
  * the tables after it, and what it overran is taken from them. The seconds per fork are re-planned
  * after each table from the measured cost: the planned figures of the tables still to run are
  * scaled by measured / planned of the tables done.
  *
  * @param plan every table of the run with its cells and planned seconds per fork, in run order */
final class RunBudget(val totalSeconds: Double, plan: Vector[(String, Int, Double)], clock: () => Double = RunBudget.wallClock) {
  private val start = clock()
  private var plannedDone = 0.0
  private var measuredDone = 0.0
  private var done = Set.empty[String]

  def remaining: Double = math.max(0.0, totalSeconds - (clock() - start))
  def tablesLeft: Int = plan.count(t => !done.contains(t._1))
  /** Measured / planned seconds per fork of the tables done (1 before any). */
  def costFactor: Double = if (plannedDone <= 0 || measuredDone <= 0) 1.0 else measuredDone / plannedDone

  /** The budget of `table`, which starts now with `cells` cells (fewer than planned when some
    * failed their oracle). */
  def allot(table: String, cells: Int): Double = synchronized {
    val left = plan.filter(t => !done.contains(t._1))
    def weight(t: (String, Int, Double)) = (if (t._1 == table) cells else t._2) * t._3
    val total = left.map(weight).sum
    val mine = left.find(_._1 == table).map(weight).getOrElse(cells * plan.map(_._3).headOption.getOrElse(1.0))
    if (total <= 0) remaining else remaining * mine / math.max(total, mine)
  }

  /** A table finished: its `forks` forks took `seconds` of JMH time. */
  def record(table: String, forks: Int, seconds: Double): Unit = synchronized {
    plan.find(_._1 == table).foreach(t => { plannedDone += t._3 * forks; measuredDone += seconds })
    done += table
  }

  /** Seconds per fork expected from now on for a table planned at `planned`. */
  def forkSeconds(planned: Double): Double = planned * costFactor
}

object RunBudget {
  val wallClock: () => Double = () => System.nanoTime() / 1e9
}
