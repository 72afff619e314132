package effectbench.runner

import effectbench.{Outcome, Settings}
import effectbench.analysis.{ClientLate, LatencyData, LatencyStats, LaunchStates, RoundPlanner, RoundRules, RoundState, RoundStop, Stopping}
import effectbench.store.{JmhMerge, JmhResult, RunFiles}
import effectbench.stats.{CellEstimate, CellRatios, ForkShape, ForkStats, RatioEstimate}
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
    /** The stopping rule's part of the engine. */
    def rule: Stopping.Rule = Stopping.Rule(precision, precisionFirst)

    def tableOf(c: PlannedCell): String =
      if (acrossParams) s"${c.id.scenario}/${c.id.variant}/*/${c.id.mode.id} @ ${c.jvm.label}" else tableKey(c)
  }

  /** A relay turn's length when measuring: a profile's measured iterations are cut into turns this
    * long (at least one), so that a round holds many cycles to pair turn against turn. Shorter turns
    * pay more for their start: a pool that parked while the others ran wakes in the timed part
    * (Cats Effect's fork-many about 1.8 ms a turn, ZIO's 0.3 ms: their ratio moves 1.3% at the quick
    * profile's 83-ms turns), and each turn costs about 30 ms of hand-over. Longer turns pair fewer
    * cycles: at 250 ms the headline's median ratio half-width went from ±6.9% to ±19.1%
    * (docs/lessons/turn-length.md). */
  val RelayTurnSeconds = 0.1

  /** The profile a relay round's JVMs measure with: the same warm-up, and the same measured time in
    * turns of about `RelayTurnSeconds`. */
  def relayProfile(p: MeasureProfile, turn: Double): MeasureProfile = {
    val k = math.max(1, math.round(p.iterationSeconds / turn).toInt)
    p.copy(iterations = p.iterations * k, iterationSeconds = p.iterationSeconds / k)
  }

  /** The spare measured iterations a relayed throughput JVM is given, as a share of its measured ones:
    * while the machine canary reads the machine away around a cycle, the round measures another
    * cycle in its place (Relay.run's `usualCycles`), and the spares a round did not need run freely at
    * its end, all JVMs at once, in no estimate. Why: the away state comes in spells of seconds to a
    * minute, and a round that lost half its cycles to one was set aside whole and measured again,
    * costing a whole round (its starts and warm-up) where a few more cycles would do: fork-many lost
    * 2, 2 and 3 of its 5 rounds in three headlines (docs/lessons/machine-away.md). */
  val RelaySpareShare = 1.0

  /** Which of a relayed JVM's `iterations` measured ones (indices from 0) it ran freely, after its last
    * turn: it took `turns` turns, the first `warmups` of them its warm-up. */
  def freedIterations(iterations: Int, turns: Int, warmups: Int): Set[Int] =
    (math.max(0, turns - warmups) until iterations).toSet

  /** The measuring JVMs a relay round holds at most: each has its heap (MeasuringJvm, 2 GiB) and the
    * machine's memory is shared by all of them; a larger table is relayed in groups one after another
    * (a ratio across two groups still has its interval over rounds, but no drift shared by its turns). */
  val RelayMaxJvms = 10

  /** The run's budget is its deadline: a relay round takes spare turns in place of cycles read away only
    * while the run can still afford its minimum rounds, those of `table` still to come (`after` more relay
    * groups, each taken as long as this one so far, `elapsed`) and those of the tables after it
    * (RunBudget.ceiling). Why: on a machine away for minutes every cycle is read away, every spare becomes a
    * turn and each round takes twice its time; a headline ran 15:35 against its budget of 14:40 that way.
    * Without a run budget (a table's own, or none) spares are always taken. */
  def sparesAffordable(runBudget: Option[RunBudget], table: String, elapsed: Double, after: Int): Boolean =
    runBudget.forall(b => b.ceiling(table) - after * elapsed > 0)

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
      worstForks: Int = 0,
      /** The median half-width of the table's ratios (Stopping.Open.median). */
      medianRatioHalfWidth: Double = Double.NaN
  )

  export Stopping.{MinStateForks, Open, OpenRatio, TailMinForks, TailTarget, HeadlineTailForks, clearlyDecided, tailReach}
  export RoundPlanner.{SettleCap, forksToSettle, planRound}
  export JmhMerge.{combine, combineLogs}

  /** One ratio needs no more rounds (Stopping.ratioSettled under the engine's rule). */
  def ratioSettled(r: RatioEstimate, engine: Engine): Boolean = Stopping.ratioSettled(r, engine.rule)

  /** Whether every ratio against the fastest is settled, with the widest half-width (Stopping.settled). */
  def settled(est: Vector[(String, CellEstimate)], higher: Boolean, engine: Engine): (Boolean, Double) =
    Stopping.settled(est, higher, engine.rule)

  /** The cells that need another fork (Stopping.unsettled under the engine's rule). */
  def unsettled(est: Vector[(String, CellEstimate)], higher: Boolean, engine: Engine): Stopping.Open =
    Stopping.unsettled(est, higher, engine.rule)

  def tableKey(c: PlannedCell): String = s"${c.id.group} @ ${c.jvm.label}"

  /** The name of a cell's `nth` fork of `round` (a second one only for the fastest, see loop). */
  private def roundTag(cell: PlannedCell, round: Int, nth: Int): String = s"${cell.id.slug}.round-$round" + (if (nth > 1) s"-$nth" else "")

  def roundFile(dir: RunDir, cell: PlannedCell, round: Int, nth: Int = 1): Path = dir.jmhFile(roundTag(cell, round, nth), cell.jvm)

  /** A one-fork JMH file as the round loop sees it, read once. */
  private def forkOf(f: Path, seconds: Double): Fork = {
    val rs = RunFiles.readJmh(f)
    // A latency fork's latency log, beside its JMH file: its p99's halves shape the table's forks.
    val log = LatencyCell.logOf(f)
    val (tail, client) =
      if (!Files.isRegularFile(log)) (None, Vector.empty)
      else
        try (LatencyData.tail(log), ClientLate.windows(log))
        catch { case _: java.io.IOException => (None, Vector.empty) }
    Fork(ok = true, rs.headOption.toVector.flatMap(_.scored.rawData), seconds,
      rs.headOption.exists(_.scored.scoreUnit.startsWith("ops/")), starvedThroughout(rs), tail = tail, client = client)
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

  /** One fork of one cell, as the round loop sees it; `starving`: a latency fork whose every event
    * in every measured window starved (none answered within 1 s while the load ran). */
  final case class Fork(
      ok: Boolean, raw: Vector[Vector[Double]], seconds: Double, higherIsBetter: Boolean, starving: Boolean = false,
      /** Measured, and set aside by the machine canary: its time counts, its score is in no estimate. */
      setAside: Boolean = false,
      /** A latency fork's p99 and its halves (LatencyData.tail): the table's fork shape follows them. */
      tail: Option[ForkShape.TailFork] = None,
      /** A latency fork's windows against its client's wakes (ClientLate.windows). */
      client: Vector[ClientLate.Window] = Vector.empty
  )

  /** Forks after which a cell whose every fork starved gets no more (RoundRules.StarvingForks). */
  val StarvingForks: Int = RoundRules.StarvingForks

  /** Whether a JMH file's measured windows, with events in each, answered fewer events in all than a
    * percentile needs (LatencyStats.MinRecorded; the rest starved): a latency fork of a runtime that
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
      events: EngineEvent.Sink, label: String, shapes: Option[ShapeRule] = None, spendAll: Boolean = false,
      relayRound: Option[(Vector[String], Int, ForkShape.Shape) => Map[String, Fork]] = None,
      /** Under a run's shared budget, what a latency table's p99 forks may spend (RunBudget.ceiling):
        * more than its share, never the later tables' minimum rounds. */
      tailBudgetSeconds: Option[Double] = None
  ): LoopResult = {
    // What the loop says of its table is narrative: the run's log, the terminal with --verbose.
    val note: String => Unit = line => events(EngineEvent.Note(line))
    var forks = Map.empty[String, Vector[(Int, Vector[Vector[Double]])]]
    var tails = Map.empty[String, Vector[ForkShape.TailFork]]
    // Each latency cell's windows against its client's wakes: a p99 they reached is not measured on for.
    var clientWindows = Map.empty[String, Vector[ClientLate.Window]]
    var failed = Set.empty[String]
    var seconds = 0.0
    var cellSeconds = Map.empty[String, Double]
    var forksRun = Map.empty[String, Int]
    var higher = false
    var round = 0
    var stopped = ""
    var worst = Double.NaN
    var worstForks = 0
    var median = Double.NaN
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
    var clientNoted = Set.empty[String]
    def perFork(k: String) = cellSeconds.getOrElse(k, 0.0) / math.max(1, forksRun.getOrElse(k, 0))
    def starved(k: String) = RoundRules.starved(starvingForks.getOrElse(k, 0), forks.getOrElse(k, Vector.empty).size)
    while (stopped.isEmpty) {
      round += 1
      val alive = next.filterNot(failed.contains)
      events(EngineEvent.RoundStarted(label, round, if (relayRound.isDefined) alive.distinct.size else alive.size, relayRound.isDefined))
      shapes.filter(_ => engine.adaptForks && round >= ShapeFromRound).foreach { rule =>
        val proposals = keys.filterNot(failed.contains).flatMap { k =>
          forks.get(k).filter(_.nonEmpty).map { fs =>
            // A latency cell's measured windows follow its p99's variance, and its fork costs what its
            // forks took besides their windows (JVM start, warm-up, the JIT gate and the canary's readings,
            // well above the profile's nominal fork).
            val ts = tails.getOrElse(k, Vector.empty)
            val tail = ForkShape.tailComponents(ts).map { c =>
              val windows = ts.map(_.windows.toDouble).sum / ts.size
              (c, math.max(rule.overheadSeconds, perFork(k) - windows * rule.iterationSeconds))
            }
            val (s, why) = ForkShape.next(LaunchStates.estimate(fs.flatMap(_._2)).forks, rule.base, rule.overheadSeconds,
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
      if (keys.forall(failed.contains)) stopped = RoundWords.stop(RoundStop.EveryCellFailed)
      else {
        def record(k: String, f: Fork): Unit = {
          seconds += f.seconds
          cellSeconds = cellSeconds.updated(k, cellSeconds.getOrElse(k, 0.0) + f.seconds)
          forksRun = forksRun.updated(k, forksRun.getOrElse(k, 0) + 1)
          if (!f.ok) failed += k
          else if (!f.setAside) {
            forks = forks.updated(k, forks.getOrElse(k, Vector.empty) :+ (round -> f.raw)); higher = f.higherIsBetter
            f.tail.foreach(t => tails = tails.updated(k, tails.getOrElse(k, Vector.empty) :+ t))
            if (f.client.nonEmpty) clientWindows = clientWindows.updated(k, clientWindows.getOrElse(k, Vector.empty) ++ f.client)
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
        val state = RoundState(round, keys, forks, higher, failed, keys.filter(starved).toSet, outOfReach, seconds, perFork)
        val plan = RoundPlanner.afterRound(
          state,
          RoundPlanner.Limits(engine.rule, engine.minRounds, engine.confidence, budgetSeconds, spendAll, relayRound.isDefined)
        )
        next = plan.next
        stopped = plan.stop.fold("")(RoundWords.stop)
        partial = plan.partial.fold("")(RoundWords.partial)
        val settledStop = plan.settledStop
        plan.open.foreach { o =>
          worst = o.worst
          worstForks = o.worstForks
          median = o.median
          bimodal = o.bimodal
        }
        plan.outOfReach.foreach { case (k, m) =>
          outOfReach += k
          val w = plan.open.get.widths(k)
          note(
            f"$k: its ratio ±${w.halfWidth * 100}%.1f%% on ${w.forks} forks would need " +
              (if (m > SettleCap) s"over $SettleCap forks" else if (m == 1) "one fork" else s"about $m forks") +
              f" more, each with one of the fastest's; the table has ${plan.left}%.0f s left: no more forks for it here " +
              "(its interval stands as measured; the run's last line sizes the shards that would settle it)"
          )
        }
        // Cells whose every fork the machine canary set aside come back (RoundRules.setAsideAgain).
        RoundRules.setAsideAgain(state, next, stopped.isEmpty, settledStop, engine.minRounds, budgetSeconds).foreach { again =>
          stopped = ""
          next = again.next
          note(s"table $label: ${again.cells.mkString(", ")}: every fork so far set aside by the machine canary; measured again")
        }
        // Latency cells whose p99 has not reached its target come back (RoundRules.tailAgain).
        // A p99 the client's wakes reached is the machine's lateness: more forks would measure the machine.
        val clientSet = clientWindows.collect { case (k, ws) if ClientLate.of(ws).exists(_.setsP99) => k }.toSet
        clientSet.filterNot(clientNoted.contains).filter(tails.contains).foreach { k =>
          clientNoted += k
          note(s"$k: its p99 is the client's lateness (its wakes reached the windows' own p99s in most windows): " +
            "not measured again for its p99")
        }
        val tailBudget = tailBudgetSeconds.orElse(budgetSeconds)
        var tailRound = false
        RoundRules.tailAgain(state, tails, next, stopped.isEmpty, settledStop, engine.minRounds, tailBudget,
          engine.runBudget.isDefined, clientSet)
          .foreach { again =>
            stopped = ""
            next = again.next
            tailRound = true
            again.reaches.filterNot(t => tailNoted.contains(t._1)).foreach { case (k, r) =>
              tailNoted += k
              note(f"$k: its p99 ±${r.halfWidth * 100}%.0f%% from run to run on ${r.forks} forks (about " +
                f"${math.max(r.forksFor, TailMinForks)} for ±${TailTarget * 100}%.0f%%, $TailMinForks at least): measured again for its p99" +
                (if (engine.runBudget.isDefined) s", up to $HeadlineTailForks forks under the run's shared budget"
                 else if (r.forksFor > engine.maxRounds) s", up to the round ceiling (${engine.maxRounds})"
                 else ""))
            }
          }
        if (stopped.isEmpty)
          RoundRules.endOfRound(state, next, engine.minRounds, engine.maxRounds, if (tailRound) tailBudget else budgetSeconds).foreach(s =>
            stopped = RoundWords.stop(s)
          )
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
    LoopResult(forks, failed, cellSeconds, TableSummary(round, forksRun.values.sum, seconds, stopped, worst, worstForks, median))
  }

  private[runner] def isLatencyCell(c: PlannedCell): Boolean =
    effectbench.Catalog.get(c.id.scenario, includeTestOnly = true).exists(LatencyCell.isLatency)

  /** Whether a table's rounds are relayed: the engine relays and waiting JVMs can be stopped here
    * (Relay.available). A latency table is relayed too: each window is a turn, its hogs and probes on
    * every core while the other JVMs are stopped whole. A table of one cell is relayed as well, its JVM
    * alone in its round: a cell is then measured alike whatever else the selection holds (its collector,
    * its turns and the canary between them); measured in forks, one runtime's hog-probe p99 ran under
    * G1 when the selection left it alone in its table and under the serial collector beside another. */
  def relays(engine: Engine, cells: Vector[PlannedCell]): Boolean =
    engine.relay && cells.nonEmpty && Relay.available

  /** Measures one table in rounds; per-round JMH files are combined per cell into `dir.jmhFile`. */
  def measure(
      cells: Vector[PlannedCell], settings: Settings, profile: MeasureProfile, modules: Modules, dir: RunDir,
      timeout: Long, engine: Engine, events: EngineEvent.Sink
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
        events(EngineEvent.TableBudget(key, b, rb.remaining, rb.tablesLeft))
        Some(b)
      case None => engine.budgetSeconds
    }
    val rnd = new Random(engine.seed ^ key.hashCode.toLong)
    def latency(c: PlannedCell) = isLatencyCell(c)
    def iterationsIn(out: Path): Int = RunFiles.readJmh(out).headOption.flatMap(_.primaryMetric.rawData.headOption).map(_.size).getOrElse(0)
    def allTurns(out: Path): Path = out.resolveSibling(out.getFileName.toString.stripSuffix(".json") + ".all-turns.json")
    // A relay fork's measured iterations after its measured turns ran freely (Relay.run's `usualCycles`):
    // they are taken out, the file as JMH wrote it kept beside. Returns whether there were any.
    def dropFreed(k: String, out: Path, warmups: Int, turns: Vector[Relay.Turn]): Boolean = {
      val drop = freedIterations(iterationsIn(out), turns.count(_.key == k), warmups)
      if (drop.nonEmpty) JmhMerge.dropIterations(out, drop, Some(allTurns(out)))
      drop.nonEmpty
    }
    // A relay fork without its turns of `cycles`: its measured iterations are its last turns, in order
    // (any it ran freely already taken out, the file as JMH wrote it already kept when `kept`).
    def dropTurns(k: String, out: Path, cycles: Set[Int], turns: Vector[Relay.Turn], kept: Boolean): String = {
      val measured = turns.filter(_.key == k).takeRight(iterationsIn(out))
      val drop = measured.zipWithIndex.collect { case (t, i) if cycles(t.cycle) => i }.toSet
      JmhMerge.dropIterations(out, drop, if (kept) None else Some(allTurns(out)))
      dir.dir.relativize(out).toString
    }
    // A fork set aside keeps its files beside the kept ones, numbered per round, for a reader who wants to see it.
    def setAside(k: String, round: Int, nth: Int, out: Path, away: Double): String = {
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
    val relayed = relays(engine, cells)
    // A latency fork's measured iterations are windows of the scenario's own length: a window is a turn
    // as it is (LatencyCell.iterations), never cut.
    val turns = if (cells.exists(latency)) oneFork else relayProfile(oneFork, engine.turnSeconds)
    val shaped = if (relayed) turns else oneFork
    val rule = ShapeRule(ForkShape.Shape(shaped.warmups, shaped.iterations), ForkOverheadSeconds, shaped.warmupSeconds,
      shaped.iterationSeconds)
    // A throughput table under the canary gets spare measured iterations for cycles read away.
    def sparesFor(iterations: Int): Int =
      if (engine.canary && !cells.exists(latency)) math.round(iterations * RelaySpareShare).toInt else 0
    if (relayed) events(EngineEvent.RelayRounds(key, if (cells.exists(latency)) None else Some(turns), sparesFor(turns.iterations)))
    val relayRound = if (!relayed) None
    else Some { (ks: Vector[String], round: Int, shape: ForkShape.Shape) =>
      val spare = sparesFor(shape.iterations)
      val prof = turns.copy(warmups = shape.warmups, iterations = shape.iterations + spare)
      val groups = ks.grouped(RelayMaxJvms).toVector
      groups.zipWithIndex.flatMap { case (group, g) =>
        val planned = group.map { k =>
          val cell = byKey(k)
          val out = roundFile(dir, cell, round)
          val log = dir.logFile(s"${cell.jvm.label}--${roundTag(cell, round, 1)}")
          (k, out, log, JmhCell.relayMember(cell, settings, prof, modules, out, log))
        }
        val members = planned.collect { case (_, _, _, Right(m)) => m }
        // Each turn's cycle, cell, start and end, beside the round's JVM logs.
        val turnLog = dir.logDir.resolve(RunDir.safe(s"relay--$key--round-$round" + (if (g > 0) s"-${g + 1}" else "")) + ".tsv")
        // Each JVM's outcome is read as soon as the round ends, before any file of it is set aside.
        var outcomes = Map.empty[String, JmhCell.Outcome]
        var turnsTaken = Vector.empty[Relay.Turn]
        var freedDropped = Set.empty[String]
        def relay(hooks: Relay.CanaryHooks) = {
          val r = MeasureLock.holding(events)(Relay.run(members, timeout * math.max(1, members.size), rnd, turnLog = Some(turnLog),
              turnLimitSeconds = timeout, warmupTurns = prof.warmups, canary = hooks,
              warmupLanes = group.headOption.flatMap(k => byKey(k).jvm.cpus).fold(Vector.empty[Vector[Int]])(Cpus.lanes),
              usualCycles = if (spare > 0) Some(shape.iterations) else None,
              spares = elapsed =>
                sparesAffordable(engine.runBudget, key, elapsed,
                  groups.size - g - 1 + math.max(0, engine.minRounds - round) * groups.size)))
          if (r.sparesCut)
            events(EngineEvent.Note(s"table $key round $round: measured with cycles read away, its spare turns not taken: " +
                "the run's budget needs the time for the minimum rounds still to run"))
          outcomes = planned.collect { case (k, out, log, Right(_)) =>
            k -> JmhCell.outcome(r.finished(k), out, log, timeout * members.size)
          }
            .toMap
          turnsTaken = r.turns
          freedDropped = planned.collect {
            case (k, out, _, Right(m))
                if spare > 0 && outcomes(k).status.ok && dropFreed(k, out, m.warmups.getOrElse(prof.warmups), r.turns) =>
              k
          }.toSet
          r
        }
        // Under the canary the cycles of a round measured with the machine away lose every cell's turn,
        // or the round is set aside whole when they are most of it (MachineCanary.Guard.relayRound).
        def aside(a: MachineCanary.RoundAway): Map[String, String] = planned.collect {
          case (k, out, _, Right(_)) if outcomes(k).status.ok =>
            k -> (a match {
              case MachineCanary.RoundAway.Whole(away) => setAside(k, round, 1, out, away)
              case MachineCanary.RoundAway.Turns(cycles, _) => dropTurns(k, out, cycles.toSet, turnsTaken, freedDropped(k))
            })
        }.toMap
        val (r, kept) =
          if (engine.canary)
            MachineCanary.guardFor(dir.dir, events).relayRound(key,
              planned.map { case (k, out, _, _) => k -> dir.dir.relativize(out).toString },
              round, setsAside = !cells.exists(latency), planned = Some(shape.iterations))(relay)(aside)
          else (relay(Relay.CanaryHooks.none), true)
        val each = r.seconds / math.max(1, members.size)
        planned.map {
          case (k, _, _, Left(why)) =>
            failed = failed.updated(k, JmhCell.Outcome(Outcome.Failed, "failed: " + why, None, 0))
            k -> Fork(ok = false, Vector.empty, 0.0, higherIsBetter = false)
          case (k, out, log, Right(_)) =>
            val o = outcomes(k)
            if (o.status.ok && !kept) k -> Fork(ok = true, Vector.empty, each, higherIsBetter = false, setAside = true)
            else if (o.status.ok) {
              files = files.updated(k, files.getOrElse(k, Vector.empty) :+ (round -> out))
              k -> forkOf(out, each)
            } else {
              failed = failed.updated(k, o.copy(seconds = each))
              k -> Fork(ok = false, Vector.empty, each, higherIsBetter = false)
            }
        }
      }.toMap
    }
    // A latency table's p99 forks under the run's shared budget may take what the later tables' minimum
    // rounds leave (RoundRules.tailAgain, Stopping.HeadlineTailForks).
    val tailBudget = engine.runBudget.filter(_ => cells.exists(latency)).map(_.ceiling(key))
    val res = loop(cells.map(_.id.key), engine, budget, rnd,
      { (k, round, shape) =>
        val cell = byKey(k)
        // A cell's second fork in one round (the fastest's, see loop) gets files of its own.
        val nth = files.getOrElse(k, Vector.empty).count(_._1 == round) + 1
        val out = roundFile(dir, cell, round, nth)
        val log = dir.logFile(s"${cell.jvm.label}--${roundTag(cell, round, nth)}")
        def once(): JmhCell.Outcome =
          JmhCell.run(cell, settings, oneFork.copy(warmups = shape.warmups, iterations = shape.iterations), modules, out, log, timeout,
            events)
        val (o, kept) =
          if (engine.canary)
            MachineCanary.guardFor(dir.dir, events)
              .fork(key, k, round, nth, dir.dir.relativize(out).toString, setsAside = !latency(cell))(once)(setAside(k, round, nth, out, _))
          else (once(), true)
        if (o.status.ok && kept) {
          files = files.updated(k, files.getOrElse(k, Vector.empty) :+ (round -> out))
          forkOf(out, o.seconds)
        } else if (o.status.ok) Fork(ok = true, Vector.empty, o.seconds, higherIsBetter = false, setAside = true)
        else {
          failed = failed.updated(k, o)
          Fork(ok = false, Vector.empty, o.seconds, higherIsBetter = false)
        }
      }, events, key, Some(rule), spendAll, relayRound, tailBudget)
    engine.runBudget.foreach(_.record(key, res.summary.forks, res.summary.seconds))
    val outcomes = cells.map { cell =>
      val k = cell.id.key
      // A cell left with fewer than MinKeptForks kept forks keeps some it had set aside, the least away
      // first, said so: the canary log records each as kept on a slow machine (restore).
      val kept = files.getOrElse(k, Vector.empty)
      val back = if (failed.contains(k)) Vector.empty else restore(kept.size, asideFiles.getOrElse(k, Vector.empty))
      if (back.nonEmpty) {
        events(EngineEvent.Note(s"$k: ${kept.size} fork${if (kept.size == 1) "" else "s"} measured with the machine in its usual state; " +
            s"${back.size} of those set aside kept as measured, the least away first, for an interval on ${MinKeptForks - 1} df"))
        MachineCanary.guardFor(dir.dir, events).restored(key, k, back.map(a => (a.round, a.nth, a.file)))
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
}
