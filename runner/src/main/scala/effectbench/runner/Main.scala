package effectbench.runner

import effectbench._
import effectbench.report.{RunData, TerminalTable}
import java.nio.file.{Files, Path, Paths}

/** The `bench` CLI. Commands are plain methods; every argument is validated before anything
  * is measured, and bad input exits with code 2 and one line saying what is wrong. */
object Main {
  val usage: String =
    """usage: bench <command> [options]
      |
      |commands:
      |  run      [selectors] [--quick | --profile quick|standard|thorough] [--settings levelled|defaults]
      |           [--jvm PATH ...] [--cpus 1,2,...] [--out DIR] [--timeout SECONDS] [--sweep PARAM] [--resume RUN_DIR]
      |           [--all: the whole catalog; without selectors run measures the headline set]
      |           [--precision 5% | --rounds N | --budget 10m] [--confidence 95%] [--seed N]  (paired rounds, adaptive stopping)
      |           [--wait park|spin|spinpark]  (how the measuring thread waits for a result; default park)
      |           [--shard K/N]   (this machine's part of a run split by table; see merge)
      |  merge    SHARD_DIR... --out RESULTS [--partial]   one run directory from the shards of one run
      |  list     [selectors] [--format table|json] [--jvm PATH ...]
      |  profile  [selectors] [run's options] [--event cpu|wall|itimer|ctimer] [--diff]   flame graphs (async-profiler) per cell
      |  verify   [selectors] [--settings levelled|defaults] [--jvm PATH ...] [--floor]
      |  report   [RUN_DIR] [--format terminal|markdown|html] [--out FILE] [--confidence 95%]
      |  test     run the test suite (handled by the ./bench launcher)
      |
      |selectors: --scenario a,b*  --runtime x,y  --variant v  --param k=v  --mode fork|sync
      |""".stripMargin

  private val selectorFlags = Set("--scenario", "--runtime", "--variant", "--param", "--mode", "--jvm")

  def main(argv: Array[String]): Unit = {
    val code = try dispatch(argv.toVector) catch {
      case e: UsageError =>
        Console.err.println(s"bench: ${e.getMessage}")
        2
      case e: Throwable if !sys.env.contains("EFFECTBENCH_DEBUG") => // never a stack trace at the user
        Console.err.println(s"bench: ${e.getClass.getSimpleName}: ${e.getMessage} (set EFFECTBENCH_DEBUG=1 for the stack trace)")
        1
    }
    System.out.flush()
    System.exit(code)
  }

  def root: Path = Paths.get(sys.props.getOrElse("effectbench.root", ".")).toAbsolutePath.normalize()

  def dispatch(argv: Vector[String]): Int = argv match {
    case Vector() | Vector("help") | Vector("--help") | Vector("-h") => print(usage); 0
    case cmd +: rest => commands.get(cmd) match {
      case Some(f) => f(rest)
      case None => UsageError.unknown("command", cmd, commands.keys.toVector.sorted)
    }
  }

  /** Extra commands registered by other parts (report, store). */
  val commands: scala.collection.mutable.LinkedHashMap[String, Vector[String] => Int] = scala.collection.mutable.LinkedHashMap(
    "run" -> (run _),
    "list" -> (list _),
    "verify" -> (verify _),
    "profile" -> ((argv: Vector[String]) => ProfileCommand(root, modules, argv, selectorFlags)),
    "report" -> (report _),
    "reindex" -> (StoreCommands.reindex _),
    "history" -> (StoreCommands.history _),
    "compare" -> (StoreCommands.compare _),
    "merge" -> (MergeCommand.merge _),
    "engine-study" -> (EngineStudy.main _)
  )

  def modules: Modules = new Modules(root)

  def jvmsOf(args: Args): (Vector[Jvm], Vector[String]) = args.raw("--jvm") match {
    case ps if ps.isEmpty =>
      val (j, note) = Jvms.default
      (Vector(j), note.toVector)
    case ps => (ps.map(p => Jvms.at(p).fold(err => UsageError(err), identity)).distinctBy(_.home), Vector.empty)
  }

  def list(argv: Vector[String]): Int = {
    val args = Args.parse("list", argv, selectorFlags ++ Set("--format"), Set("--test-only"), 0)
    val format = args.one("--format").getOrElse("table")
    if (!Set("table", "json").contains(format)) UsageError.unknown("format", format, Vector("table", "json"))
    val sel = Plan.selection(args, args.has("--test-only"))
    val (jvms, _) = jvmsOf(args)
    val cells = Plan.cells(sel, jvms, modules, None)
    if (format == "json") {
      println(Json.pretty(Json.Arr(cells.map { c =>
        Json.obj("scenario" -> Json.str(c.id.scenario), "variant" -> Json.str(c.id.variant), "runtime" -> Json.str(c.runtime),
          "params" -> Json.strMap(c.id.params.values), "mode" -> Json.str(c.id.mode.id), "jvm" -> Json.str(c.jvm.label),
          "status" -> Json.str(c.status.text))
      })))
    } else {
      print(TerminalTable.table(Vector("scenario", "variant", "runtime", "params", "mode", "status"),
        cells.map(c => Vector(c.id.scenario, c.id.variant, c.runtime, Params.encode(c.id.params), c.id.mode.id, c.status.text))))
      val ok = cells.count(_.status.runnable)
      println(s"${cells.size} cells: $ok ok, ${cells.count(_.status.isInstanceOf[CellStatus.NotApplicable])} n/a, " +
        s"${cells.count(_.status.isInstanceOf[CellStatus.Skipped])} skipped (JVM ${jvms.map(_.label).mkString(", ")})")
    }
    0
  }

  def settingsOf(args: Args): Settings = args.one("--settings").map(s => Settings.get(s).getOrElse(UsageError.unknown("settings", s, Settings.all.map(_.id)))).getOrElse(Settings.Levelled)

  def verify(argv: Vector[String]): Int = {
    val args = Args.parse("verify", argv, selectorFlags ++ Set("--settings", "--timeout"), Set("--test-only", "--floor"), 0)
    val settings = settingsOf(args)
    val sel = Plan.selection(args, args.has("--test-only"))
    val (jvms, notes) = jvmsOf(args)
    notes.foreach(Console.err.println)
    val timeout = args.one("--timeout").map(t => t.toLongOption.filter(_ > 0).getOrElse(UsageError(s"--timeout must be a positive number of seconds, got '$t'"))).getOrElse(120L)
    val cells = Plan.cells(sel, jvms, modules, None)
    val logDir = Files.createTempDirectory("effectbench-verify")
    var failures = 0
    cells.filterNot(_.status.runnable).foreach(c => println(s"${c.status.text.takeWhile(_ != ':').padTo(9, ' ')} ${c.id.key}  ${c.status.text.dropWhile(_ != ':').drop(2)}"))
    cells.filter(_.status.runnable).groupBy(c => (c.group, c.runtime, c.jvm.label)).toVector.sortBy(_._1).foreach { case ((_, runtime, jl), cs) =>
      val vs = Verifier.run(cs, settings, modules, logDir.resolve(RunDir.safe(s"$runtime-$jl") + ".log"), timeout)
      cs.foreach { c =>
        val v = vs(c.id.key)
        if (!v.ok) failures += 1
        val detail = if (v.ok) s"= ${v.got}" else v.reason
        println(s"${v.status.padTo(9, ' ')} ${c.id.key}${if (jvms.size > 1) s" on ${c.jvm.label}" else ""}  $detail")
      }
    }
    val checked = cells.count(_.status.runnable)
    println(s"$checked cells verified: ${checked - failures} passed, $failures failed")
    // --floor: a short timed run of each cell that passed and of its table's baseline.
    val under = if (!args.has("--floor") || failures > 0) 0 else {
      val baselines = Plan.cells(sel.copy(runtimes = Some(Set("baseline"))), jvms, modules, None).filter(_.status.runnable)
      val n = FloorCheck.run(cells.filter(_.status.runnable), baselines, settings, modules, logDir, println)
      println(s"floor: ${if (n == 0) "no cell is faster than its table's baseline" else s"$n cells are faster than the baseline floor — check for work the JIT removed"}")
      n
    }
    if (failures > 0 || under > 0) 1 else 0
  }

  def resultsDir(args: Args): Path = {
    val out = Paths.get(args.one("--out").getOrElse(root.resolve("results").toString)).toAbsolutePath.normalize()
    try Files.createDirectories(out)
    catch { case e: Exception => UsageError(s"--out $out: cannot create the results directory (${e.getClass.getSimpleName}: ${e.getMessage})") }
    if (!Files.isWritable(out)) UsageError(s"--out $out: the results directory is not writable")
    val probe = out.resolve(s".write-probe-${ProcessHandle.current().pid()}")
    try Files.write(probe, Array.fill[Byte](4096)(0))
    catch { case e: Exception => UsageError(s"--out $out: cannot write there (${e.getMessage})") }
    finally Files.deleteIfExists(probe)
    out
  }

  def run(argv: Vector[String]): Int = {
    val args = Args.parse("run", argv, selectorFlags ++ Set("--profile", "--settings", "--out", "--timeout", "--sweep", "--resume", "--shard", "--cpus",
      "--precision", "--budget", "--rounds", "--confidence", "--seed", "--wait"),
      Set("--quick", "--test-only", "--all"), 0)
    val cmd = new RunCommand(root, modules, Hooks.onCellRecorded)
    args.one("--resume") match {
      case Some(dirArg) =>
        val extra = (selectorFlags ++ Set("--profile", "--settings", "--sweep", "--shard", "--cpus")).filter(f => args.values.contains(f)) ++ Set("--quick").filter(args.has)
        if (extra.nonEmpty) UsageError(s"--resume runs the rest of that run with its own selection and settings; drop ${extra.mkString(", ")}")
        Resume.run(cmd, Paths.get(dirArg), args)
      case None =>
        if (args.has("--quick") && args.one("--profile").exists(_ != "quick")) UsageError("--quick and --profile disagree; give one")
        val headline = Headline.applies(args)
        // The headline set answers in minutes: quick forks, paired rounds, a budget per table.
        val profile = if (args.has("--quick") || (headline && args.one("--profile").isEmpty)) Profiles.quick
          else args.one("--profile").map(p => Profiles.get(p).getOrElse(UsageError.unknown("profile", p, Profiles.all.map(_.id)))).getOrElse(Profiles.standard)
        val settings = settingsOf(args)
        val confidence = EngineFlags.confidence(args) // validated even without the rounds engine: it sets the report's level
        val askedEngine = EngineFlags.engine(args, profile)
        EngineFlags.resultWait(args)
        val timeout = args.one("--timeout").map(t => t.toLongOption.filter(_ > 0).getOrElse(UsageError(s"--timeout must be a positive number of seconds, got '$t'")))
        val shard = args.one("--shard").map(Shard.parse)
        val sel = { val s = Plan.selection(args, args.has("--test-only")); if (headline) Headline.selection(s) else s }
        val (jvms0, notes0) = jvmsOf(args)
        val jvms = CpusAxis.expand(jvms0, args)
        val all = Plan.cells(sel, jvms, modules, Some(profile))
        if (!all.exists(_.status.runnable)) {
          all.take(20).foreach(c => Console.err.println(s"  ${c.id.key}: ${c.status.text}"))
          UsageError("nothing to run: no selected cell is available (see above, or ./bench list)")
        }
        val out = resultsDir(args)
        // A shard may hold no runnable cell (N above the blocks): it still records its (empty) part.
        val (cells, shardMeta, shardNote) = shard match {
          case Some(spec) =>
            val (cs, m, note) = ShardPlan.select(spec, all, settings, profile, args.has("--test-only"), out, cmd.estimatePerCell)
            (cs, Vector("shard" -> m), Vector(note))
          case None => (all, Vector.empty, Vector.empty)
        }
        val scope = if (headline) "headline" else if (sel.scenarios.size == 1) sel.scenarios.head.id else if (args.many("--scenario").nonEmpty) args.many("--scenario").mkString("+") else "all"
        val dir = RunDir.fresh(out, s"${profile.id}-$scope" + shard.fold("")(s => s"-shard${s.k}of${s.n}"))
        val engine = askedEngine.orElse(if (headline) Some(Headline.engine(profile, confidence, cells, out)) else None)
        Console.err.println((if (headline) s"the headline set (${Headline.scenarioIds.mkString(", ")}; fork entry; --all for the whole catalog)\n" else "") +
          Headline.estimateText(cells, profile, engine, confidence, out))
        val notes = notes0 ++ shardNote ++ engine.map(e => "engine: " + EngineFlags.describe(e)).toVector :+ EngineFlags.waitText
        val setup = cmd.Setup(settings, profile, jvms, cells, timeout, argv, notes, engine, confidence)
        val meta = Json.Obj(Metadata.header(dir.dir.getFileName.toString, "run", argv, root, jvms, profile, settings) ++ Json.obj(
          "timeoutSeconds" -> Json.num(cmd.timeoutFor(profile, setup).toDouble),
          "engine" -> Json.str(engine.map(EngineFlags.describe).getOrElse(s"fixed forks per cell (${profile.forks}); intervals at ${(confidence * 100).round}%") + "; " + EngineFlags.waitText),
          "testOnly" -> Json.Bool(args.has("--test-only")),
          "quickOverrides" -> Json.Obj(sel.scenarios.filter(s => (s.quickParams.nonEmpty || s.quickModes.nonEmpty) && profile.id == "quick")
            .map(s => s.id -> (Json.strMap(s.quickParams ++ (if (s.quickModes.isEmpty) Vector.empty else Vector("modes" -> s.quickModes.map(_.id).mkString(",")))): Json))),
          "plan" -> Json.Arr(cells.map(c => Json.obj("cell" -> Json.str(c.id.key), "jvm" -> Json.str(c.jvm.label),
            "jvmPath" -> Json.str(c.jvm.java.toString), "status" -> Json.str(c.status.text)))),
          "machine" -> Machine.describe(jvms)
        ).entries ++ shardMeta)
        cmd.execute(dir, setup, meta)
    }
  }

  /** The latest run directory under the results directory. */
  def latestRun(results: Path): Option[Path] =
    if (!Files.isDirectory(results)) None
    else {
      val it = Files.list(results)
      try it.toArray.toVector.map(_.asInstanceOf[Path]).filter(RunData.isRunDir).sortBy(_.getFileName.toString).lastOption
      finally it.close()
    }

  def runDirArg(args: Args): Path = args.positional.headOption match {
    case Some(d) =>
      val p = Paths.get(d).toAbsolutePath.normalize()
      if (!Files.exists(p)) UsageError(s"$d: no such run directory")
      if (!RunData.isRunDir(p)) UsageError(s"$d: not a run directory (no run.json)")
      p
    case None => latestRun(root.resolve("results")).getOrElse(UsageError(s"no runs under ${root.resolve("results")}; give a RUN_DIR or run ./bench run --quick"))
  }

  def report(argv: Vector[String]): Int = {
    val args = Args.parse("report", argv, Set("--format", "--out", "--confidence"), Set.empty, 1)
    val format = args.one("--format").getOrElse("terminal")
    val dir = runDirArg(args)
    val data = RunData.load(dir)
    data.warnings.foreach(w => Console.err.println(s"warning: $w"))
    Reports.render(format, data, args.one("--out").map(Paths.get(_)), EngineFlags.confidence(args))
  }
}
