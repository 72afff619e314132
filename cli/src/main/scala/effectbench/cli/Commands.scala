package effectbench.cli

import effectbench.runner._
import effectbench.cli.Flags._
import mainargs.{arg, main, ArgSig, Flag, Leftover, MainData, ParserForMethods, Renderer, Result, TokensReader}
import java.nio.file.Paths

/** Every `bench` command with its flags and their help: the help text and the parsing both come
  * from these declarations (mainargs; a method's class-typed parameters are flag groups, flattened
  * by `ArgSig.flatten` in mainargs/src/TokensReader.scala). `argv` is the command's own arguments
  * as typed, which run.json records. */
final class Commands(argv: Vector[String]) {
  @main(doc = "measure the selected cells and write a run directory; without selectors, the headline set")
  def run(flags: RunFlags): Int = Main.run(flags, argv)

  @main(doc = "one run directory from the shards of one run (run --shard K/N on each machine)")
  def merge(
      @arg(name = "SHARD_DIR", doc = "a shard's run directory, or a directory of them") shards: Leftover[String],
      @arg(doc = "the results directory the merged run is written into (required)") out: Option[String] = None,
      @arg(doc = "merge although a shard is missing") partial: Flag = Flag()
  ): Int =
    MergeCommand.merge(shards.value.toVector, out, partial.value, argv)

  @main(doc = "the cells a selection plans, and why any of them cannot run")
  def list(cells: CellFlags, @arg(doc = "table (default) or json") format: Option[ListFormat] = None): Int =
    Main.list(cells, format.getOrElse(ListFormat.Table))

  @main(doc = "flame graphs per cell (async-profiler), in a run directory under results/profiles")
  def profile(
      cells: CellFlags,
      measure: MeasureFlags,
      @arg(doc = "what the CPU profile samples: cpu, wall, itimer or ctimer (default: cpu where perf events are allowed)")
      event: Option[String] = None,
      @arg(doc = "two cells of one table: also write where their CPU samples differ") diff: Flag = Flag()
  ): Int =
    ProfilerCommand(Workspace.root, Workspace.modules, cells, measure, event, diff.value, argv)

  @main(doc = "check every selected cell's result against its oracle, without timing")
  def verify(
      cells: CellFlags,
      setup: SetupFlags,
      @arg(doc = "also time each cell briefly against its table's baseline (work the JIT removed)") floor: Flag = Flag()
  ): Int =
    Main.verify(cells, setup, floor.value)

  @main(doc = "a run directory's tables (default: the latest run under results)")
  def report(
      @arg(name = "RUN_DIR", positional = true, doc = "the run directory") runDir: Option[String] = None,
      @arg(doc = "terminal (default), markdown or html") format: Option[ReportFormat] = None,
      @arg(doc = "write to this file (html: RUN_DIR/report.html by default)") out: Option[String] = None,
      level: ConfidenceFlag
  ): Int =
    Main.report(runDir, format.getOrElse(ReportFormat("terminal")), out, level)

  @main(doc = "rebuild RESULTS/index.db from the run directories")
  def reindex(@arg(doc = "the results directory (default: results)") out: Option[String] = None): Int =
    StoreCommands.reindex(out)

  @main(doc = "a cell's score across the indexed runs")
  def history(
      sel: Selectors,
      @arg(doc = "the results directory (default: results)") out: Option[String] = None,
      @arg(doc = "at most this many cells in detail (default 20)") limit: Option[String] = None,
      @arg(doc = "the runs at which a cell's ratio to the baseline (or its time) changed, within one machine and settings")
      changes: Flag = Flag(),
      @arg(doc = "with --changes: the permutation test's significance level (default 0.01)") alpha: Option[String] = None,
      @arg(doc = "with --changes: the smallest change reported, a fraction or a percentage (default 5%)") minChange: Option[String] = None,
      @arg(doc = "with --changes: the seed of the permutations (default 1)") seed: Option[String] = None
  ): Int =
    if (changes.value) StoreCommands.changes(sel, out, ChangeFlags.config(alpha, minChange, seed))
    else {
      if (alpha.nonEmpty || minChange.nonEmpty || seed.nonEmpty) UsageError("--alpha, --min-change and --seed go with --changes")
      StoreCommands.history(sel, out, limit)
    }

  @main(doc = "a static site of the results directory's runs: front page, a page per table and per cell, version pages")
  def site(
      @arg(doc = "the results directory (default: results)") results: Option[String] = None,
      @arg(doc = "the directory the site is written into (default: RESULTS/site)") out: Option[String] = None,
      @arg(doc = "the change points' significance level (default 0.01)") alpha: Option[String] = None,
      @arg(doc = "the smallest change marked, a fraction or a percentage (default 5%)") minChange: Option[String] = None
  ): Int =
    SiteCommand(results, out, ChangeFlags.config(alpha, minChange, None))

  @main(doc = "two runs side by side: which cells improved or regressed")
  def compare(
      @arg(name = "RUN_A", positional = true, doc = "the run before (a directory or a run id under results)") runA: Option[String] = None,
      @arg(name = "RUN_B", positional = true, doc = "the run after") runB: Option[String] = None,
      @arg(doc = "terminal (default) or markdown") format: Option[CompareFormat] = None,
      @arg(doc = "the smallest change reported, a fraction (default 0.05)") threshold: Option[String] = None,
      @arg(
        doc =
          "the smallest change of a latency p99 or hog time reported, a fraction (default 0.20: two runs of one build put them up to 20% apart)"
      )
      tailThreshold: Option[String] = None,
      @arg(doc = "write to this file") out: Option[String] = None,
      level: ConfidenceFlag,
      @arg(doc = "exit 1 when a cell regressed") failOnRegression: Flag = Flag()
  ): Int =
    StoreCommands.compare(runA, runB, format.getOrElse(CompareFormat.Terminal), threshold, tailThreshold, out, level,
      failOnRegression.value)

  @main(doc = "how steady this machine keeps fixed work (arithmetic, memory, allocation, core to core), in half a minute")
  def machine(
      @arg(doc = "each window's length in ms (default 250, a quick fork's iteration)") windowMs: Option[String] = None,
      @arg(doc = "windows per job (default 24)") windows: Option[String] = None
  ): Int =
    MachineProbe.command(EngineFlags.windowMs(windowMs), EngineFlags.windows(windows))

  @main(doc = "write docs/scenarios.md, the scenario catalog in words, from core's catalog")
  def spec(@arg(doc = "write nothing; exit 1 when docs/scenarios.md differs from the catalog") check: Flag = Flag()): Int =
    SpecCommand(Workspace.root, check.value)

  @main(doc = "the test suite; the ./bench launcher runs it through sbt (./bench test [sbt arguments])")
  def test(): Int = UsageError("test is run by the ./bench launcher (./bench test), not by the runner")
}

object Commands extends CommandLine[Commands]("bench") {
  protected def parser(argv: Vector[String]): ParserForMethods[Commands] = ParserForMethods(new Commands(argv))

  /** The research commands are another program's (`./bench lab`), named at the foot of the overview. */
  override protected def footer: String = "./bench lab --help lists the research commands (benchmarks of the suite itself).\n"
}

/** A command line made of the `@main` methods of a class `C`: its overview, each command's help and
  * the dispatch, with bad input as a UsageError. `program` is how the user calls it. */
abstract class CommandLine[C](val program: String) {
  protected def parser(argv: Vector[String]): ParserForMethods[C]

  /** Lines printed after the overview. */
  protected def footer: String = ""

  /** The commands as declared, in declaration order. */
  lazy val all: Vector[MainData[Any, C]] = parser(Vector.empty).mains.value.toVector

  def name(m: MainData[?, ?]): String = m.name(names)

  def find(command: String): MainData[Any, C] =
    all.find(name(_) == command).getOrElse(UsageError.unknown("command", command, all.map(name)))

  /** The `--name` of every flag a command accepts (positionals not included). */
  def flagsOf(m: MainData[?, ?]): Vector[String] =
    m.flattenedArgSigs.collect { case (a, _) if !a.positional && !a.reader.isLeftover => "--" + a.longName(names).get }.toVector

  private def positionals(m: MainData[?, ?]): Vector[String] = m.flattenedArgSigs.collect {
    case (a, _) if a.positional => s"[${a.longName(names).get}]"
    case (a, _) if a.reader.isLeftover => s"${a.longName(names).get}..."
  }.toVector

  def overview: String = {
    val width = all.map(name(_).length).max
    val sel = Selectors.parser.main.flattenedArgSigs.map { case (a, _) => "--" + a.longName(names).get }
    val withSel = all.filter(m => sel.forall(flagsOf(m).contains)).map(name)
    val selectors = if (withSel.isEmpty) "" else s"selectors (${withSel.mkString(", ")}): ${sel.mkString(" ")}\n"
    s"""usage: $program COMMAND [options]
       |
       |commands:
       |${all.map(m => s"  ${name(m).padTo(width, ' ')}  ${m.doc.getOrElse("")}").mkString("\n")}
       |
       |""".stripMargin + selectors + s"./$program COMMAND --help lists that command's flags.\n" + footer
  }

  def help(command: String): String = {
    val m = find(command)
    val options = if (flagsOf(m).nonEmpty) " [options]" else ""
    val usage = (s"usage: $program ${name(m)}" +: positionals(m)).mkString(" ") + options
    Renderer.formatMainMethodSignature(m, 0, 110, Renderer.getLeftColWidth(m.renderedArgSigs, names), false, Some(usage), None,
      sorted = false, names)
  }

  /** Runs a command line; bad input is a UsageError (one line, exit 2). Help is printed here rather
    * than by mainargs, whose `runOrExit` prints it only for a leading `--help` and exits the JVM
    * itself (mainargs/src/Parser.scala, `runEither`). `allowRepeats`: a flag given twice keeps its
    * last value, as `StringRead` and `OptionRead` read `strs.last` (mainargs/src/TokensReader.scala);
    * without it, `TokenGrouping.complete` refuses the repeat. */
  def dispatch(argv: Vector[String]): Int = EngineFlags.worded(argv match {
    case Vector() | Vector("help") | Vector("--help") | Vector("-h") => print(overview); 0
    case Vector("help", command) => print(help(command)); 0
    case _ =>
      val (command, rest) = (argv.head, argv.tail)
      val m = find(command)
      if (rest.contains("--help") || rest.contains("-h")) { print(help(command)); 0 }
      else
        parser(rest).runRaw0(command +: arrange(command, m, rest), allowPositional = false, allowRepeats = true, nameMapper = names) match {
          case Left(early) => UsageError(Renderer.renderEarlyError(early))
          case Right((_, Result.Success(code: Int))) => code
          case Right((_, Result.Success(other))) => throw new IllegalStateException(s"$command returned $other")
          case Right((_, failure: Result.Failure)) => failed(command, m, failure)
        }
  })

  /** mainargs groups tokens left to right (`groupArgs` in mainargs/src/TokenGrouping.scala): a
    * flag that takes a value takes the next token whatever it is, a switch written `--x=1` is
    * "unknown", and a Leftover parameter (merge's SHARD_DIR...) takes every token from the first
    * positional on, flags included. So before mainargs sees them, a flag whose value is missing or
    * is another flag is refused, a switch given a value is refused, an undeclared flag is refused
    * (else a Leftover would swallow it), and the positionals move after the flags. Which flags take
    * a value is read from the declarations. */
  private def arrange(command: String, m: MainData[?, ?], argv: Vector[String]): Vector[String] = {
    val byName: Map[String, TokensReader.Terminal[?]] =
      m.flattenedArgSigs.collect { case (a, r) if !a.positional && !r.isLeftover => ("--" + a.longName(names).get) -> r }.toMap
    val flags = Vector.newBuilder[String]
    val positional = Vector.newBuilder[String]
    var i = 0
    while (i < argv.length) {
      val a = argv(i)
      if (a.startsWith("-") && a.length > 1) {
        val name = a.takeWhile(_ != '=')
        val inline = a.contains('=')
        flags += a
        byName.get(name) match {
          case Some(_: TokensReader.Flag) => if (inline) UsageError(s"$command: $name takes no value")
          case Some(_) if !inline =>
            if (i + 1 >= argv.length || argv(i + 1).startsWith("--")) UsageError(s"$command: $name needs a value")
            i += 1
            flags += argv(i)
          case Some(_) =>
          case None => UsageError.unknown(s"option for '$command'", name, byName.keys.toVector.sorted)
        }
      } else positional += a
      i += 1
    }
    flags.result() ++ positional.result()
  }

  /** mainargs' failures as one line each (mainargs/src/Result.scala; its own
    * `Renderer.renderResult` prints the whole signature after them). */
  private def failed(command: String, m: MainData[?, ?], failure: Result.Failure): Nothing = failure match {
    // `Invoker.invoke` (mainargs/src/Invoker.scala) catches whatever the command itself throws and
    // returns it as this: the command's own error, a UsageError included, rethrown as it was.
    case Result.Failure.Exception(e) => throw e
    case Result.Failure.InvalidArguments(errors) => errors.head match {
        case Result.ParamError.Failed(_, _, message) => UsageError(message)
        case Result.ParamError.Exception(_, _, e: UsageError) => throw e
        case Result.ParamError.Exception(a, tokens, e) =>
          UsageError(s"$command: ${show(a)} '${tokens.lastOption.getOrElse("")}': ${e.getMessage}")
        case Result.ParamError.DefaultFailed(_, e) => throw e
      }
    case Result.Failure.MismatchedArguments(missing, unknown, duplicate, incomplete) =>
      incomplete.foreach(a => UsageError(s"$command: ${show(a)} needs a value"))
      unknown.headOption.foreach { t =>
        if (t.startsWith("-")) UsageError.unknown(s"option for '$command'", t.takeWhile(_ != '='), flagsOf(m).sorted)
        val only = if (positionals(m).isEmpty) " (this command takes only options)" else ""
        UsageError(s"$command: unexpected argument '$t'$only")
      }
      missing.headOption.foreach(a => UsageError(s"$command: ${show(a)} is required"))
      duplicate.headOption.foreach { case (a, _) => UsageError(s"$command: ${show(a)} is given more than once") }
      UsageError(s"$command: bad arguments")
    case e: Result.Failure.Early => UsageError(Renderer.renderEarlyError(e))
  }

  private def show(a: ArgSig): String = if (a.positional) a.longName(names).get else "--" + a.longName(names).get
}
