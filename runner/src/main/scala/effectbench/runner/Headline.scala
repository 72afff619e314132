package effectbench.runner

import effectbench.stats.Format
import effectbench.{Catalog, Mode, Scenario}
import effectbench.store.{CanaryLog, RunData, RunFiles}
import java.nio.file.{Files, Path}
import scala.util.control.NonFatal

/** What `./bench run` measures when no selector is given: one table of each family that a user
  * choosing a runtime looks at first — a run-loop program (left-sum: every runtime with a bind,
  * Scala Async's await included), a parallel collection (gather), the business flow in its typed
  * style (`either`), a fiber program (fork-many) and hog-probe at the levelled and the shipped
  * auto-yield budget (what the levelled profile's larger budget costs in latency) — every runtime
  * of each, fork entry only. `--all` runs the catalog; deep-bind, ping-pong and the other error
  * styles are a selector away.
  *
  * Why so few tables: on 2 cores a ratio within ±10% needs about four warm forks of each cell (3 s
  * of warm-up, see Profiles.quick), and 15 minutes pay for that for about 31 cells. */
object Headline {
  /** In the order the tables are measured: hog-probe first, since its tables settle at their
    * minimum rounds or starve, and what a table leaves of its share of the budget goes to the
    * tables after it (RunBudget), where the throughput ratios can use it. */
  val scenarioIds: Vector[String] = Vector("hog-probe", "left-sum", "gather", "business-flow", "fork-many")

  def scenarios: Vector[Scenario] = scenarioIds.flatMap(id => Catalog.get(id))

  /** Families the headline set covers and the runtimes it reaches (from the catalog). */
  def families: Vector[effectbench.Family] = scenarios.map(_.family).distinct
  def runtimes: Vector[String] = scenarios.flatMap(_.runtimes).distinct

  /** Of the error styles, typed errors written by hand (`either`: every runtime with the business
    * flow, baseline included); of hog-probe's budgets, the levelled one and the one Cats Effect ships. */
  val variants: Set[String] = Set("default", "either", effectbench.LatencyModel.Levelled, effectbench.LatencyModel.Shipped)

  def selection(sel: Selection): Selection = sel.copy(scenarios = scenarios, variants = Some(variants), modes = Some(Set(Mode.Fork)))

  /** Whether the headline relays its tables (latency ones too) unless `--turns forks` is given (Relay). */
  val Relay = true

  /** The budget of the whole headline run on 2 cores, shared by its tables. */
  val TargetSeconds = 15 * 60.0

  /** What the run keeps of its budget for after the tables: the report, the results index and a last
    * round's overrun of its table's share (measured: a few seconds), so the run ends within `TargetSeconds`. */
  val FinishSeconds = 20.0

  /** Rounds every headline table gets before it may stop: at 3 forks the t quantile (4.30 at 95%)
    * makes ratio intervals about 1.6× as wide as at 4 (3.18/√4 against 4.30/√3). */
  val MinRounds = 4

  /** The engine of a headline run: the quick precision, precision first (a decided but wide ratio
    * does not end a table: the run's goal is the precision of its ratios), at least `MinRounds`
    * rounds, and one budget of `TargetSeconds` shared by the tables (RunBudget): what a table leaves
    * unused goes to the tables after it. `relay`: relay rounds for its tables, which the
    * budget's plan counts at a relayed cell's cost. */
  def engine(
      profile: MeasureProfile, confidence: Double, cells: Vector[PlannedCell], results: Path, relay: Boolean = false
  ): Rounds.Engine = {
    val runnable = cells.filter(_.status.runnable)
    val order = runnable.map(Rounds.tableKey).distinct
    val base = Rounds.Engine(EngineDefaults.precision(profile), MinRounds, EngineDefaults.maxRounds,
      Some(TargetSeconds / math.max(1, order.size)), confidence, 1L, precisionFirst = true, canary = true, relay = relay)
    val perFork = estimate(cells, profile, Some(base), results).forkSeconds
    val tables = runnable.groupBy(base.tableOf)
    val plan = order.map(k => (k, tables(k).size, tables(k).map(perFork).sum / tables(k).size))
    base.copy(runBudget = Some(new RunBudget(TargetSeconds - FinishSeconds, plan, minRounds = MinRounds)))
  }

  /** What a run plans to spend: each runnable cell's seconds per round (`forkSeconds`: from past runs
    * when known, else nominal, relayed or not as its table will be measured), the rounds every cell
    * gets at least (`rounds`) and how many cells past runs timed (`known`). The printed estimate, the
    * run budget's plan and the ETA before the first cell all read it. */
  final case class Estimate(cells: Vector[PlannedCell], forkSeconds: PlannedCell => Double, rounds: Int, known: Int) {
    def perRound: Double = cells.map(forkSeconds).sum
    def seconds: Double = perRound * rounds
    /** Seconds per cell, on average over `of`. */
    def perCell(of: Vector[PlannedCell]): Double = if (of.isEmpty) 0.0 else of.map(forkSeconds).sum * rounds / of.size
  }

  def estimate(cells: Vector[PlannedCell], profile: MeasureProfile, engine: Option[Rounds.Engine], results: Path): Estimate = {
    val runnable = cells.filter(_.status.runnable)
    val past = pastForkSeconds(results, profile.id)
    val relayed = relayedCells(runnable, engine)
    Estimate(runnable, c => past.getOrElse(c.id.key, nominalForkSeconds(profile, c, relayed(c))),
      engine.map(_.minRounds).getOrElse(profile.forks), runnable.count(c => past.contains(c.id.key)))
  }

  /** The cells whose tables the engine will relay (Rounds.relays) with another cell, by cell and JVM: their
    * starts overlap the others' warm-up turns (RelayedForkOverheadSeconds). A JVM alone in its relay has
    * none to overlap, and is planned as a fork. */
  def relayedCells(cells: Vector[PlannedCell], engine: Option[Rounds.Engine]): PlannedCell => Boolean = engine.filter(_.relay) match {
    case Some(e) =>
      val keys =
        cells.groupBy(e.tableOf).values.filter(t => t.size >= 2 && Rounds.relays(e, t)).flatten.map(c => (c.id.key, c.jvm.label)).toSet
      c => keys.contains((c.id.key, c.jvm.label))
    case None => _ => false
  }

  /** A fork's wall time outside its iterations, for the run's plan: JMH's start, the trial's setup
    * (the runtime opened, the oracle checked, classes loaded and compiled) and the JVM's exit, about
    * 2 s of a quick fork on the 2-core machine. Rounds.ForkOverheadSeconds (1 s) stays what fork
    * shapes are weighed with (a JVM's start against longer forks). */
  val PlannedForkOverheadSeconds = 2.0

  /** A relayed cell's wall time per round outside its warm-up and measured turns: the hand-overs
    * between its turns and its JVM's exit (its start overlaps the others' warm-up, Relay). The median
    * over the headline's turn logs (relay--*.tsv: a round's span per cell less the profile's seconds). */
  val RelayedForkOverheadSeconds = 0.7

  /** The measured seconds and a fork's start, setup and exit (PlannedForkOverheadSeconds; relayed,
    * RelayedForkOverheadSeconds). A latency
    * fork runs windows (LatencyCell.iterations) and waits up to a second after each measured window
    * for its unanswered events (LatencyModel.StarvedNanos), which a starving runtime's windows take in
    * full: planned below that, a run overruns the duration it announced. */
  def nominalForkSeconds(profile: MeasureProfile, cell: PlannedCell, relayed: Boolean = false): Double = {
    val overhead = if (relayed) RelayedForkOverheadSeconds else PlannedForkOverheadSeconds
    Catalog.get(cell.id.scenario, includeTestOnly = true).filter(LatencyCell.isLatency) match {
      case Some(s) =>
        val w = effectbench.LatencyModel.windowSeconds(s.complete(cell.id.params))
        val (warmups, measured) = LatencyCell.iterations(profile, w)
        warmups * w + measured * (w + effectbench.LatencyModel.StarvedNanos / 1e9) + overhead
      case None =>
        profile.warmups * profile.warmupSeconds + profile.iterations * profile.iterationSeconds + overhead
    }
  }

  /** Seconds of one fork of a cell, from past runs indexed in results/index.db (each run's
    * cells.jsonl keeps the seconds a cell took and how many forks or rounds it ran). */
  def pastForkSeconds(results: Path, profileId: String): Map[String, Double] = {
    val db = results.resolve("index.db")
    if (!Files.isRegularFile(db)) return Map.empty
    try {
      val dirs = new effectbench.store.Index(results, _ => ()).read { c =>
        val ps = c.prepareStatement("SELECT dir FROM runs WHERE profile = ? ORDER BY started DESC LIMIT 20")
        try {
          ps.setString(1, profileId)
          val rs = ps.executeQuery()
          val b = Vector.newBuilder[String]
          while (rs.next()) b += rs.getString(1)
          b.result()
        } finally ps.close()
      }
      val samples = dirs.map(java.nio.file.Paths.get(_)).filter(d => Files.isRegularFile(d.resolve("cells.jsonl"))).flatMap { d =>
        val forks =
          try RunFiles.readMeta(d.resolve("run.json")).profile.forks.toDouble
          catch { case NonFatal(_) => Double.NaN }
        val aside = setAsideForks(d)
        RunData.read(d.resolve("cells.jsonl")).split('\n').toVector.filter(_.trim.nonEmpty).flatMap { line =>
          try {
            val r = RunFiles.readCell(line, d.resolve("cells.jsonl").toString)
            val n = if (r.rounds.nonEmpty) r.rounds.size.toDouble + aside.getOrElse(r.cell, 0) else forks
            val s = r.seconds
            if (r.status.ok && s > 0 && n > 0) Some(r.cell -> s / n) else None
          } catch { case NonFatal(_) => None }
        }
      }
      samples.groupBy(_._1).map { case (k, xs) => k -> xs.map(_._2).sorted.apply(xs.size / 2) }
    } catch { case NonFatal(_) => Map.empty }
  }

  /** Per cell of a past run, its forks that the machine canary set aside and that are not among its
    * rounds: a cell's seconds count them (cells.jsonl), its rounds do not. A cell whose every fork was
    * set aside keeps them as its rounds (`slow` in the log), so those are not counted twice. Left out,
    * a cell with forks set aside reads as a costlier fork and the next plan's budget is overrun. */
  def setAsideForks(runDir: Path): Map[String, Int] = {
    CanaryLog.read(runDir).groupBy(_.cell).map { case (cell, cs) =>
      val count = (v: String) => cs.count(_.verdict == v)
      cell -> math.max(0, count(CanaryLog.Verdict.SetAside) - count(CanaryLog.Verdict.Slow))
    }
  }

  /** The line every run prints before measuring: its estimated duration and precision target. With
    * a run budget the duration is a range: every table at its minimum rounds, up to the budget
    * (precision first keeps adding rounds while any ratio is wider than the target). */
  def estimateText(cells: Vector[PlannedCell], profile: MeasureProfile, engine: Option[Rounds.Engine], confidence: Double, results: Path)
      : String = {
    val est = estimate(cells, profile, engine, results)
    val (runnable, known, perRound, seconds) = (est.cells, est.known, est.perRound, est.seconds)
    val source = if (known == 0) "nominal (no timings of these cells in results/index.db)"
    else s"$known of ${runnable.size} cells from past timings, nominal for the rest"
    val duration = engine.flatMap(e => e.runBudget.map(rb => (e, rb))) match {
      case Some((e, rb)) =>
        val high = math.min(rb.totalSeconds, perRound * e.maxRounds)
        if (high <= seconds)
          s"${Format.duration(seconds)} (${e.minRounds} rounds of every table, the minimum; the run's budget of ${Format.duration(rb.totalSeconds)} leaves no time for more)"
        else s"${Format.duration(seconds)} to ${Format.duration(high)} (${e.minRounds} rounds of every table at least; " +
          f"more while a ratio is wider than ±${e.precision * 100}%.0f%% and the run's budget of ${Format.duration(rb.totalSeconds)} lasts)"
      case None => Format.duration(seconds)
    }
    val target = engine match {
      case Some(e) =>
        val stop = if (e.precisionFirst) "every ratio within" else "every ratio decided by more than, or within,"
        f"precision target ±${e.precision * 100}%.0f%% per ratio at ${confidence * 100}%.0f%% (stop when $stop it), at least ${e.minRounds} and at most ${e.maxRounds} rounds" +
          (if (e.runBudget.nonEmpty) "; one budget shared by the tables"
           else e.budgetSeconds.map(b => f", budget $b%.0f s per table").getOrElse("") + s"; the estimate is for ${e.minRounds} rounds")
      case None => f"fixed ${profile.forks} forks per cell, intervals at ${confidence * 100}%.0f%%"
    }
    s"estimated duration: $duration for ${runnable.size} cells ($source); $target"
  }
}
