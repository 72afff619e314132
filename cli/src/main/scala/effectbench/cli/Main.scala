package effectbench.cli

import effectbench.runner._
import effectbench._
import effectbench.report.{PrecisionLines, TerminalTable}
import effectbench.store.{EngineInfo, ListedCell, Named, RunData}
import effectbench.store.Codecs.given
import java.nio.file.{Files, Path, Paths}

/** The `bench` CLI. Commands are plain methods, declared with their flags in `Commands`; every
  * argument is validated before anything is measured, and bad input exits with code 2 and one
  * line saying what is wrong. */
object Main {
  import Workspace.{latestRun, modules, results, root}
  import EngineFlags.{jvms => jvmsOf, out => resultsDir}

  def main(argv: Array[String]): Unit = {
    RootLocale.set()
    exitWith("bench")(dispatch(argv.toVector))
  }

  /** Runs a command line of `program` and exits: bad input (UsageError) with 2 and one line, a failed
    * command with 1, never a stack trace at the user unless EFFECTBENCH_DEBUG is set. */
  def exitWith(program: String)(command: => Int): Unit = {
    val code =
      try command
      catch {
        case e: UsageError =>
          Console.err.println(s"$program: ${e.getMessage}")
          2
        case e: CommandFailure =>
          Console.err.println(s"$program: ${e.getMessage}")
          1
        case e: Throwable if !sys.env.contains("EFFECTBENCH_DEBUG") => // never a stack trace at the user
          Console.err.println(s"$program: ${e.getClass.getSimpleName}: ${e.getMessage} (set EFFECTBENCH_DEBUG=1 for the stack trace)")
          1
      }
    System.out.flush()
    System.exit(code)
  }

  /** Runs one command line (the arguments after `bench`); bad input is a UsageError. */
  def dispatch(argv: Vector[String]): Int = Commands.dispatch(argv)

  def list(flags: CellFlags, format: ListFormat): Int = {
    val sel = Plan.selection(flags.sel.asked, None, flags.testOnly.value, flags.libs)
    val (jvms, _) = jvmsOf(flags.jvms.jvm)
    val cells = Plan.cells(sel, jvms, modules, None)
    LibPrep(root, sel, cells, Console.err.println, build = false)
    if (format == ListFormat.Json) {
      println(upickle.default.write(cells.map { c =>
          ListedCell(c.id.scenario, c.id.variant, c.runtime, Named.of(c.id.params.values), c.id.mode.id, c.jvm.label, c.status, c.id.lib)
        }, indent = 2))
    } else {
      print(TerminalTable.table(Vector("scenario", "variant", "runtime", "params", "mode", "status"),
          cells.map(c =>
            Vector(c.id.scenario, c.id.variant, c.id.lib.fold(c.runtime)(l => s"${c.runtime} $l"), Params.encode(c.id.params),
              c.id.mode.id, c.status.text)
          )))
      val ok = cells.count(_.status.runnable)
      println(s"${cells.size} cells: $ok ok, ${cells.count(_.status.isInstanceOf[CellStatus.NotApplicable])} n/a, " +
        s"${cells.count(_.status.isInstanceOf[CellStatus.Skipped])} skipped (JVM ${jvms.map(_.label).mkString(", ")})")
    }
    0
  }

  def verify(flags: CellFlags, setup: SetupFlags, floor: Boolean): Int = {
    val settings = setup.chosenSettings
    val sel = Plan.selection(flags.sel.asked, None, flags.testOnly.value, flags.libs)
    val (jvms, notes) = jvmsOf(flags.jvms.jvm)
    notes.foreach(Console.err.println)
    val timeout = setup.seconds.getOrElse(120L)
    val cells = Plan.cells(sel, jvms, modules, None)
    LibPrep(root, sel, cells, Console.err.println, build = true)
    val logDir = Files.createTempDirectory("effectbench-verify")
    var failures = 0
    cells.filterNot(_.status.runnable).foreach(c =>
      println(s"${c.status.text.takeWhile(_ != ':').padTo(9, ' ')} ${c.id.key}  ${c.status.text.dropWhile(_ != ':').drop(2)}")
    )
    cells.filter(_.status.runnable).groupBy(c => (c.module, c.runtime, c.jvm.label)).toVector.sortBy(_._1).foreach {
      case ((module, runtime, jl), cs) =>
        val vs = Verifier.run(cs, settings, modules, logDir.resolve(RunDir.safe(s"$runtime-$module-$jl") + ".log"), timeout)
        cs.foreach { c =>
          val v = vs(c.id.key)
          if (!v.ok) failures += 1
          // A `--lib` cell says the version its classpath holds, as the live runtime read it back.
          val version = c.id.lib.map(_ => v.readBack.collectFirst { case (LibraryVersion.ReadBackKey, lv) => s" (live $lv)" }.getOrElse(""))
          val detail = (if (v.ok) s"= ${v.got}" else v.reason) + version.getOrElse("")
          println(s"${v.status.id.padTo(9, ' ')} ${c.id.key}${if (jvms.size > 1) s" on ${c.jvm.label}" else ""}  $detail")
        }
    }
    val checked = cells.count(_.status.runnable)
    println(s"$checked cells verified: ${checked - failures} passed, $failures failed")
    // --floor: a short timed run of each cell that passed and of its table's baseline.
    val under = if (!floor || failures > 0) 0
    else {
      val baselines = Plan.cells(sel.copy(runtimes = Some(Set(Runtimes.Baseline.id))), jvms, modules, None).filter(_.status.runnable)
      val n = FloorCheck.run(cells.filter(_.status.runnable), baselines, settings, modules, logDir, println)
      println(s"floor: ${if (n == 0) "no cell is faster than its table's baseline"
        else s"$n cells are faster than the baseline floor — check for work the JIT removed"}")
      n
    }
    if (failures > 0 || under > 0) 1 else 0
  }

  /** The flags that set how a run measures: a resumed run measures as it began. */
  val engineFlags: Vector[String] = Vector("--precision", "--rounds", "--budget", "--confidence", "--seed", "--wait", "--canary")

  /** What a resumed run takes from its own run.json; giving one of these beside --resume is an error. */
  val fixedByTheRun: Set[String] =
    Set("--scenario", "--runtime", "--variant", "--param", "--mode", "--jvm", "--profile", "--quick", "--settings", "--sweep", "--shard",
      "--cpus", "--lib")

  def run(flags: RunFlags, argv: Vector[String]): Int = {
    val cmd = new RunCommand(root, modules, Hooks.onCellRecorded, Progress.Display.detect(flags.verbose.value, flags.plain.value),
      table = TerminalTable.render, precision = PrecisionLines.lines)
    val measure = flags.measure
    flags.resume match {
      case Some(dirArg) =>
        val askedEngine = Flags.givenFlags(flags).filter(engineFlags.contains)
        if (askedEngine.nonEmpty)
          UsageError(s"--resume measures the rest of that run with its own engine settings; drop ${askedEngine.mkString(", ")}")
        val extra = Flags.givenFlags(flags).filter(fixedByTheRun)
        if (extra.nonEmpty)
          UsageError(s"--resume runs the rest of that run with its own selection and settings; drop ${extra.mkString(", ")}")
        Resume.run(cmd, Paths.get(dirArg), argv)
      case None =>
        val headline = flags.headline
        // The headline set answers in minutes: quick forks, paired rounds, a budget per table.
        val profile = measure.chosen(if (headline) Profiles.quick else Profiles.standard)
        val settings = measure.setup.chosenSettings
        val confidence = flags.engine.level.level // validated even without the rounds engine: it sets the report's level
        // The headline keeps its own engine unless its stopping rules are given (--turns alone picks its turns).
        val askedEngine =
          if (headline && !flags.engine.rules) None
          else EngineFlags.engine(flags.engine, profile, versions = flags.cells.lib.nonEmpty && !headline)
        val canary = EngineFlags.canary(flags.engine.canary, profile)
        val timeout = measure.setup.seconds
        val shard = flags.shard.map(EngineFlags.shard)
        val sel = {
          val s = Plan.selection(flags.cells.sel.asked, flags.sweep, flags.cells.testOnly.value, flags.cells.libs)
          if (headline) Headline.selection(s) else s
        }
        val (jvms0, notes0) = jvmsOf(flags.cells.jvms.jvm)
        // Every JVM of the run waits for its results as --wait says, else as a Jvm does by default.
        val jvms = CpusAxis.expand(jvms0, EngineFlags.cpus(Flags.split(flags.cpus)))
          .map(j => measure.resultWait.fold(j)(w => j.copy(resultWait = w)))
        val resultWait = jvms.head.resultWait
        // A relayed run measures its throughput cells on the relay cores (Plan.relayCores).
        val relayed = askedEngine.map(_.relay).getOrElse(headline && EngineFlags.relay(flags.engine.turns, Headline.Relay))
        val all = Plan.relayCores(Plan.cells(sel, jvms, modules, Some(profile)), relayed)
        if (!all.exists(_.status.runnable)) {
          all.take(20).foreach(c => Console.err.println(s"  ${c.id.key}: ${c.status.text}"))
          Plan.modesExcluded(sel, Some(profile)).foreach(line => Console.err.println(s"  $line"))
          UsageError("nothing to run: no selected cell is available (see above, or ./bench list)")
        }
        // Every version checked and built before the run directory exists: a version that cannot
        // be had leaves nothing behind.
        LibPrep(root, sel, all, Console.err.println, build = true)
        val out = resultsDir(measure.out)
        // A shard may hold no runnable cell (N above the blocks): it still records its (empty) part.
        val (cells, shardMeta, shardNote) = shard match {
          case Some(spec) =>
            val (cs, m, note) = ShardPlan.select(spec, all, settings, profile, flags.cells.testOnly.value, out, cmd.engine.estimatePerCell)
            (cs, Some(m), Vector(note))
          case None => (all, None, Vector.empty)
        }
        val scope = if (headline) "headline"
        else if (sel.scenarios.size == 1) sel.scenarios.head.id
        else if (flags.cells.sel.scenarios.nonEmpty) flags.cells.sel.scenarios.mkString("+")
        else "all"
        val dir = RunDir.fresh(out, s"${profile.id}-$scope" + shard.fold("")(s => s"-shard${s.k}of${s.n}"))
        val engine =
          askedEngine.orElse(
            if (headline)
              Some(EngineFlags.withTurn(Headline.engine(profile, confidence, cells, out, relay = relayed), flags.engine).copy(canary =
                  canary))
            else None
          )
        val header =
          (if (headline) Vector(s"the headline set (${Headline.scenarioIds.mkString(", ")}; fork entry; --all for the whole catalog)")
           else Vector.empty) ++ Vector(Headline.estimateText(cells, profile, engine, confidence, out)) ++ notes0 ++ shardNote
        val notes = engine.map(e => "engine: " + EngineDefaults.describe(e)).toVector :+ EngineDefaults.waitText(resultWait)
        val runJvms = Plan.jvmsOf(jvms, cells)
        val setup = RunEngine.Setup(settings, profile, runJvms, cells, timeout, argv, notes, engine, confidence, header)
        val meta = Metadata.header(dir.dir.getFileName.toString, "run", argv, root, runJvms, profile, settings, cells).copy(
          timeoutSeconds = Some(cmd.engine.timeoutFor(profile, setup)),
          // The engine's settings, typed, so that --resume measures the rest as the run began.
          engine = Some(EngineInfo(
              engine.map(EngineDefaults.describe).getOrElse(
                s"fixed forks per cell (${profile.forks}); intervals at ${(confidence * 100).round}%"
              ) +
                "; " + EngineDefaults.waitText(resultWait),
              confidence, engine.map(Resume.settingsOf), Some(resultWait.id)
            )),
          testOnly = flags.cells.testOnly.value,
          quickOverrides = Named.of(sel.scenarios.filter(s => (s.quickParams.nonEmpty || s.quickModes.nonEmpty) && profile.id == "quick")
              .map(s =>
                s.id -> Named.of(s.quickParams ++ (if (s.quickModes.isEmpty) Vector.empty
                                                   else Vector("modes" -> s.quickModes.map(_.id).mkString(","))))
              )),
          machine = Some(Machine.describe(jvms)),
          shard = shardMeta,
          libs = LibPrep.entries(sel.libs)
        )
        cmd.execute(dir, setup, meta)
    }
  }

  def runDirArg(runDir: Option[String]): Path = runDir match {
    case Some(d) =>
      val p = Paths.get(d).toAbsolutePath.normalize()
      if (!Files.exists(p)) UsageError(s"$d: no such run directory")
      if (!RunData.isRunDir(p)) UsageError(s"$d: not a run directory (no run.json)")
      p
    case None => latestRun(results).getOrElse(
        UsageError(s"no runs under $results; give a RUN_DIR or run ./bench run --quick")
      )
  }

  def report(runDir: Option[String], format: ReportFormat, out: Option[String], level: ConfidenceFlag): Int = {
    val confidence = level.level
    val dir = runDirArg(runDir)
    val data = RunData.load(dir)
    data.warnings.foreach(w => Console.err.println(s"warning: $w"))
    Reports.render(format.id, data, out.map(Paths.get(_)), confidence)
  }
}
