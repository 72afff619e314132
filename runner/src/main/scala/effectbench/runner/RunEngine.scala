package effectbench.runner

import effectbench._
import effectbench.stats.Format
import effectbench.store.{CellRecord, Named, RunData, RunFiles, RunMeta, RunStatus}
import java.nio.file.{Files, Path}

/** A run, measured: verify the planned cells, measure each with JMH (whole, or a table in rounds),
  * append each to the run directory as it finishes, and hand the finished run back (`Finished`) to
  * the command that asked for it, which prints it. The plan and the settings come typed (`Setup`):
  * the command line is read before this (cli's `RunCommand`). */
final class RunEngine(
    val root: Path, modules: Modules, onCellRecorded: (RunDir, CellRecord) => Unit,
    display: Progress.Display = Progress.Display.plain(verbose = true)
) {
  import RunEngine.{Finished, Setup}

  def estimatePerCell(p: MeasureProfile): Double = p.measuredSeconds + 2.0 * (p.forks + 1)

  def timeoutFor(p: MeasureProfile, setup: Setup): Long =
    setup.timeout.getOrElse(math.max(120L, (3 * estimatePerCell(p)).toLong + 60L))

  /** Measures the runnable cells not yet in `dir`. */
  def execute(dir: RunDir, setup: Setup, meta: RunMeta): Finished = {
    val settings = setup.settings
    val profile = setup.profile
    dir.lockOrFail()
    dir.repairTail()
    val already = dir.finished
    val todo = setup.cells.filter(c => c.status.runnable && !already.contains((c.id.key, c.jvm.label)))
    var metaNow = meta
    def setStatus(s: RunStatus): Unit = {
      metaNow = metaNow.copy(status = s, finished = if (s == RunStatus.Running) None else Some(java.time.Instant.now().toString))
      dir.writeMeta(metaNow)
    }
    setStatus(RunStatus.Running)
    val progress =
      new Progress(todo.size, RunEngine.etaPerCell(setup.cells, todo, profile, setup.engine, dir.dir.toAbsolutePath.getParent), display,
        endsBy = setup.engine.flatMap(_.runBudget).map(_.totalSeconds + Headline.FinishSeconds))
    progress.logTo(dir.runLog)
    @volatile var complete = false
    // Ctrl-C: kill the cell's JVMs, record nothing more, mark the run interrupted and say how to go on.
    val hook = new Thread(
      () =>
        if (!complete) {
          Subprocess.stopAll()
          try {
            val kept = dir.finished.size
            progress.interrupted(s"\ninterrupted: $kept of ${setup.cells.count(_.status.runnable)} cells are recorded in ${dir.dir}; " +
              s"the rest runs with: ./bench run --resume ${dir.dir}")
          } catch { case _: Throwable => () }
          try setStatus(RunStatus.Interrupted)
          catch { case _: Throwable => () }
        }, "effectbench-interrupted"
    )
    Runtime.getRuntime.addShutdownHook(hook)

    setup.header.foreach(h => progress(EngineEvent.Header(h)))
    setup.notes.foreach(n => progress(EngineEvent.Note(n)))
    if (already.nonEmpty) progress(EngineEvent.Header(s"resuming: ${already.size} cells already recorded, ${todo.size} to go"))
    progress(EngineEvent.Header(s"${todo.size} cells to measure · settings ${settings.id} · profile ${profile.id}: " +
        // Under the rounds engine the rounds decide how many forks; the profile gives each fork's iterations.
        (if (setup.engine.isDefined) s"each fork ${profile.forkShape}" else profile.describe) + LatencyCell.describe(todo, profile)))
    progress(EngineEvent.Header(s"the full log: ${dir.runLog}" + (if (display.verbose) "" else " (--verbose shows it here too)")))
    val timeout = timeoutFor(profile, setup)

    // Under the rounds engine a table is measured whole, then its cells are recorded.
    val tableOf: PlannedCell => String = setup.engine.fold(Rounds.tableKey)(e => e.tableOf)
    val tables = todo.groupBy(tableOf)
    if (setup.engine.isDefined) progress.tables(tables.size)
    progress.startTicking()
    // Each table's summary, and whether it is a latency table (its hog time per step is no ratio to settle).
    val summaries = Vector.newBuilder[(Rounds.TableSummary, Boolean)]
    val announced = new SweepStop.Announcements
    val measure = new CellRoutine.Measure {
      def batch(all: Vector[PlannedCell]): PlannedCell => CellRoutine.Measured = {
        // service: a rate above the one at which a runtime's sweep stopped is not measured (SweepStop).
        val skips =
          if (all.exists(_.id.scenario == Catalog.service.id)) SweepStop.skips(RunData.load(dir.dir), all).map(s => s.cell -> s).toMap
          else Map.empty[PlannedCell, SweepStop.Skip]
        announced.lines(skips.values.toVector).foreach(n => progress(EngineEvent.Note(n)))
        val verified = all.filterNot(skips.contains)
        val inRounds: Map[String, Rounds.CellOutcome] = setup.engine match {
          case Some(engine) if verified.nonEmpty =>
            progress(EngineEvent.TableStarted(tableOf(verified.head), verified))
            val (m, sum) = Rounds.measure(verified, settings, profile, modules, dir, timeout, engine, progress)
            val latency = verified.exists(Rounds.isLatencyCell)
            progress(EngineEvent.TableFinished(tableOf(verified.head), sum, latency))
            summaries += sum -> latency
            m
          case Some(engine) =>
            // Every cell of the table was left out: the run's budget counts the table as done.
            engine.runBudget.foreach(_.record(tableOf(all.head), 0, 0.0))
            Map.empty
          case None => Map.empty
        }
        cell =>
          inRounds.get(cell.id.key) match {
            case Some(o) => CellRoutine.Measured.of(o.outcome, o.rounds, o.relayed)
            case None if skips.contains(cell) => SweepStop.measured(skips(cell))
            case None =>
              val out = dir.jmhFile(cell.id.slug, cell.jvm)
              val log = dir.logFile(s"${cell.jvm.label}--${cell.id.slug}")
              CellRoutine.Measured.of(JmhCell.run(cell, settings, profile, modules, out, log, timeout, progress))
          }
      }
      def okText(record: CellRecord, m: CellRoutine.Measured): String = summary(dir, record.jmh)
    }
    // What the hook prints itself (a cell not indexed) is a warning line, not text inside the status line.
    // The status line is cleared however measuring ends: an error's message starts a line of its own.
    try {
      CellRoutine(dir, todo.map(tableOf).distinct.map(tables), settings, modules, timeout, progress, setup.jvms.size > 1,
        measure, record => Console.withErr(progress.errStream)(onCellRecorded(dir, record)))
    } finally progress.close()
    Subprocess.recording {
      setStatus(RunStatus.Complete)
      complete = true
    }
    try Runtime.getRuntime.removeShutdownHook(hook)
    catch { case _: IllegalStateException => () }

    Finished(RunData.load(dir.dir), todo.size, progress.elapsed, summaries.result())
  }

  private def summary(dir: RunDir, jmhRel: Option[String]): String = jmhRel.map { rel =>
    try {
      val pm = RunFiles.readJmh(dir.dir.resolve(rel)).head.scored
      s"${Format.num(pm.score)} ± ${Format.num(pm.scoreError)} ${pm.scoreUnit}"
    } catch { case _: Exception => Outcome.Ok.id }
  }.getOrElse(Outcome.Ok.id)
}

object RunEngine {
  final case class Setup(
      settings: Settings, profile: MeasureProfile, jvms: Vector[Jvm], cells: Vector[PlannedCell],
      timeout: Option[Long], commandLine: Vector[String],
      /** The engine's and the run's particulars, for the log (and the terminal with --verbose). */
      notes: Vector[String],
      /** Paired rounds with adaptive stopping (Rounds); None: each cell whole, the profile's forks at once. */
      engine: Option[Rounds.Engine] = None, confidence: Double = effectbench.stats.ForkStats.DefaultConfidence,
      /** What the run says before measuring, on the terminal and in the log (its estimate, its JVMs). */
      header: Vector[String] = Vector.empty
  )

  /** A run measured: what its directory holds now, the cells measured this time and in how many
    * seconds, and each table's summary with whether it is a latency table (its hog time per step is
    * no ratio to settle). */
  final case class Finished(data: RunData, measured: Int, seconds: Double, summaries: Vector[(Rounds.TableSummary, Boolean)])

  /** Seconds per cell the ETA counts until a cell is done: the printed estimate's (Headline.estimate,
    * from the results directory's past timings, a relayed cell at its own cost), so that the two agree. */
  def etaPerCell(
      cells: Vector[PlannedCell], todo: Vector[PlannedCell], profile: MeasureProfile, engine: Option[Rounds.Engine], results: Path
  ): Double = Headline.estimate(cells, profile, engine, results).perCell(todo)

  /** The recorded cells that failed: no score, and not a cell the runner chose not to measure. */
  def failures(data: RunData): Vector[effectbench.store.CellResult] = data.cells.filter(c => !c.ok && c.status.failure)
}
