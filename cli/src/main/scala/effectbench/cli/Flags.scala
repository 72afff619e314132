package effectbench.cli

import effectbench.{Mode, ResultWait, Settings}
import effectbench.cli.Flags._
import effectbench.runner.{MeasureProfile, Plan, Profiles, UsageError}
import mainargs.{arg, main, ArgSig, Flag, ParserForClass, Result, TokensReader}

/** The flags several commands share, each declared once as a mainargs class; a command's method in
  * `Commands` takes the groups it accepts, and mainargs flattens them into one flag list
  * (`ArgSig.flatten` in mainargs/src/TokensReader.scala). `Seq` flags are repeatable and may be
  * absent (`SeqRead`: alwaysRepeatable, allowEmpty); `Option` flags may be absent (`OptionRead`).
  * Values are typed where the type exists (profile, settings, mode, format); the rest stay strings
  * checked by the command, where the check needs the catalog or another flag, with the messages
  * the runner has always given. */
@main final case class Selectors(
    @arg(doc = "scenario ids, comma-separated or repeated; * is a glob (fork-*)") scenario: Seq[String] = Nil,
    @arg(doc = "runtime ids, e.g. cats-effect,zio") runtime: Seq[String] = Nil,
    @arg(doc = "variants of the selected scenarios, e.g. an error style") variant: Seq[String] = Nil,
    @arg(doc = "one parameter value, name=value; repeat for several (a name given twice: each value)") param: Seq[String] = Nil,
    @arg(doc = "entry: fork or sync (comma-separated)") mode: Vector[Mode] = Vector.empty
) {
  def scenarios: Vector[String] = split(scenario)
  def runtimes: Vector[String] = split(runtime)
  def variants: Vector[String] = split(variant)
  def isEmpty: Boolean = Flags.givenFlags(this).isEmpty

  /** The cells asked for, as the planner takes them (Plan.selection checks each against the catalog). */
  def asked: Plan.Asked = Plan.Asked(scenarios, runtimes, variants, EngineFlags.params(param), mode)
}

object Selectors {
  implicit val parser: ParserForClass[Selectors] = ParserForClass[Selectors]
}

@main final case class JvmChoice(
    @arg(doc =
      "a JDK (its home or bin/java) to run the cells on; repeat for several (default: JAVA_HOME when 21+, else the newest 21+ found)")
    jvm: Seq[String] = Nil
)

object JvmChoice {
  implicit val parser: ParserForClass[JvmChoice] = ParserForClass[JvmChoice]
}

/** The cells of list, verify, run and profile. */
@main final case class CellFlags(
    sel: Selectors,
    jvms: JvmChoice,
    @arg(name = "test-only", doc = "include the runner's own test scenario (fault)") testOnly: Flag = Flag(),
    @arg(
      doc =
        "library versions as rows of the same tables: NAME=V1,V2 (cats-effect, zio, monix; local:V for a version published locally); repeatable"
    )
    lib: Seq[String] = Nil
) {
  /** The library versions `--lib` asks for (EngineFlags.libs). */
  def libs: Vector[effectbench.runner.LibVersion] = EngineFlags.libs(lib)
}

object CellFlags {
  implicit val parser: ParserForClass[CellFlags] = ParserForClass[CellFlags]
}

/** How the cells' JVMs are set up and how long each may take: verify, run and profile. */
@main final case class SetupFlags(
    @arg(doc = "levelled (every runtime configured alike; the default) or defaults (as shipped)") settings: Option[Settings] = None,
    @arg(doc = "seconds a cell's JVM may take before it is stopped") timeout: Option[String] = None
) {
  def chosenSettings: Settings = settings.getOrElse(Settings.Levelled)
  def seconds: Option[Long] =
    timeout.map(t => t.toLongOption.filter(_ > 0).getOrElse(UsageError(s"--timeout must be a positive number of seconds, got '$t'")))
}

object SetupFlags {
  implicit val parser: ParserForClass[SetupFlags] = ParserForClass[SetupFlags]
}

/** What `run` and `profile` measure with. */
@main final case class MeasureFlags(
    setup: SetupFlags,
    @arg(doc = "forks, warm-ups and iterations per cell (default: standard; quick for the headline set and profile)")
    profile: Option[MeasureProfile] = None,
    @arg(doc = "the quick profile (--profile quick)") quick: Flag = Flag(),
    @arg(doc = "the results directory (default: results, for profile results/profiles)") out: Option[String] = None,
    @arg(doc = "one fork's warm-up and measurement instead of the profile's: warm-ups x seconds + iterations x seconds, e.g. 4x0.5+4x0.25")
    fork: Option[String] = None,
    @arg(name = "wait", doc = "how the measuring thread waits for each result: park, spin or spinpark (default park)") resultWait: Option[
      ResultWait.Strategy
    ] = None
) {
  /** The profile asked for; --quick and a different --profile contradict each other. */
  def asked: Option[MeasureProfile] = {
    if (quick.value && profile.exists(_ != Profiles.quick)) UsageError("--quick and --profile disagree; give one")
    if (quick.value) Some(Profiles.quick) else profile
  }

  /** The profile to measure with: the one asked for, else `default`, with its fork's shape from
    * `--fork` when given. */
  def chosen(default: => MeasureProfile): MeasureProfile = {
    val p = asked.getOrElse(default)
    fork.fold(p)(f => EngineFlags.fork(p, f))
  }
}

object MeasureFlags {
  implicit val parser: ParserForClass[MeasureFlags] = ParserForClass[MeasureFlags]
}

@main final case class ConfidenceFlag(
    @arg(doc = "the level of every interval: 95% or 0.95 (default 95%)") confidence: Option[String] = None
) {
  def level: Double = EngineFlags.confidence(confidence)
}

object ConfidenceFlag {
  implicit val parser: ParserForClass[ConfidenceFlag] = ParserForClass[ConfidenceFlag]
}

/** The paired-rounds engine (Rounds): asked for by --precision, --rounds or --budget. */
@main final case class EngineOptions(
    @arg(doc = "paired rounds until every ratio is decided or within ±this: 5% or 0.05") precision: Option[String] = None,
    @arg(doc = "paired rounds: exactly N, or MIN-MAX (the stopping rules decide between them; 1 to 100)") rounds: Option[String] = None,
    @arg(doc = "machine time per table for paired rounds: 600, 90s or 10m") budget: Option[String] = None,
    @arg(doc = "the seed of the rounds' shuffled order (default 1)") seed: Option[String] = None,
    @arg(
      doc =
        "read the machine around each fork (a cache line's round trip between two cores) and set a fork aside when the machine was away from its usual state: on or off (default on)"
    )
    canary: Option[String] = None,
    @arg(
      doc =
        "how a round measures a table: relay (its JVMs live at once and take turns, one iteration a turn) or forks (one JVM after another, the default)"
    )
    turns: Option[String] = None,
    @arg(
      name = "across-params",
      doc = "the rounds measure the cells of one scenario, variant and mode as one table whatever their params (a sweep's values take turns together)"
    )
    acrossParams: Flag = Flag(),
    @arg(doc = "a relay turn's length when measuring: 100ms (default), 0.05 or 0.25s") turn: Option[String] = None,
    level: ConfidenceFlag
) {
  def asked: Boolean = rules || turns.isDefined

  /** Whether the rounds' stopping rules are given: the headline then runs them instead of its own. */
  def rules: Boolean = precision.isDefined || rounds.isDefined || budget.isDefined
}

object EngineOptions {
  implicit val parser: ParserForClass[EngineOptions] = ParserForClass[EngineOptions]
}

@main final case class RunFlags(
    cells: CellFlags,
    measure: MeasureFlags,
    engine: EngineOptions,
    @arg(doc = "the whole catalog (without selectors run measures the headline set)") all: Flag = Flag(),
    @arg(doc = "measure every value of this parameter's sweep") sweep: Option[String] = None,
    @arg(doc = "run the cells an interrupted run has not recorded yet, with its own selection and settings (a RUN_DIR)")
    resume: Option[String] = None,
    @arg(doc = "this machine's part of a run split by table, K/N, e.g. 1/4 (see merge)") shard: Option[String] = None,
    @arg(doc = "core counts to run every JVM with, e.g. 1,2,4") cpus: Seq[String] = Nil,
    @arg(doc = "print the engine's full account on the terminal too (it is always in the run directory's run.log)")
    verbose: Flag = Flag(),
    @arg(doc = "plain lines, no live status line, even on a terminal") plain: Flag = Flag()
) {
  /** Whether the command line asks for the headline set: no selector (nor `--sweep`) and no `--all`. */
  def headline: Boolean = !all.value && cells.sel.isEmpty && sweep.isEmpty
}

object RunFlags {
  implicit val parser: ParserForClass[RunFlags] = ParserForClass[RunFlags]
}

enum ListFormat(val id: String) {
  case Table extends ListFormat("table")
  case Json extends ListFormat("json")
}

enum CompareFormat(val id: String) {
  case Terminal extends CompareFormat("terminal")
  case Markdown extends CompareFormat("markdown")
}

/** `bench report --format`: one of `ReportFormat.all`. */
final case class ReportFormat(id: String)

object ReportFormat {
  val all: Vector[String] = Vector("terminal", "markdown", "html")
}

object Flags {
  val names: String => Option[String] = mainargs.Util.kebabCaseNameMapper

  def split(values: Seq[String]): Vector[String] = values.toVector.flatMap(_.split(',').map(_.trim).filter(_.nonEmpty))

  /** A value from a fixed set; anything else is refused with the valid ones. A reader's `Left`
    * becomes `Result.ParamError.Failed` (`makeReadCall` in mainargs/src/Invoker.scala), which `Commands` prints
    * as the one line. `hidden` values are accepted but not listed (the test-only smoke profile). */
  def oneOf[T](what: String, valid: Seq[T], hidden: Seq[T] = Nil)(id: T => String): TokensReader.Simple[T] = new TokensReader.Simple[T] {
    def shortName: String = valid.map(id).mkString("|")
    def read(strs: Seq[String]): Either[String, T] =
      (valid ++ hidden).find(v => id(v) == strs.last).toRight(UsageError.unknownMessage(what, strs.last, valid.map(id)))
  }

  implicit val profileReader: TokensReader.Simple[MeasureProfile] = oneOf("profile", Profiles.all, Vector(Profiles.smoke))(_.id)
  implicit val settingsReader: TokensReader.Simple[Settings] = oneOf("settings", Settings.all)(_.id)
  implicit val listFormatReader: TokensReader.Simple[ListFormat] = oneOf("format", ListFormat.values.toVector)(_.id)
  implicit val compareFormatReader: TokensReader.Simple[CompareFormat] = oneOf("format", CompareFormat.values.toVector)(_.id)
  implicit val reportFormatReader: TokensReader.Simple[ReportFormat] = oneOf("format", ReportFormat.all.map(ReportFormat(_)))(_.id)
  /** `--wait park|spin|spinpark`: read once, here, into the strategy the engine gives each measuring JVM (Jvm.resultWait). */
  implicit val resultWaitReader: TokensReader.Simple[ResultWait.Strategy] = new TokensReader.Simple[ResultWait.Strategy] {
    def shortName: String = ResultWait.ids.mkString("|")
    def read(strs: Seq[String]): Either[String, ResultWait.Strategy] =
      ResultWait.parse(strs.last).toRight(s"--wait must be one of ${ResultWait.ids.mkString(", ")}, got '${strs.last}'")
  }

  /** `--mode fork,sync`, repeatable like mainargs' own Seq reader (alwaysRepeatable, allowEmpty). */
  implicit val modesReader: TokensReader.Simple[Vector[Mode]] = new TokensReader.Simple[Vector[Mode]] {
    private val one = oneOf("mode", Mode.all)(_.id)
    def shortName: String = one.shortName
    override def alwaysRepeatable: Boolean = true
    override def allowEmpty: Boolean = true
    def read(strs: Seq[String]): Either[String, Vector[Mode]] =
      split(strs).foldLeft[Either[String, Vector[Mode]]](Right(Vector.empty)) { (acc, m) =>
        acc.flatMap(ms => one.read(Seq(m)).map(ms :+ _))
      }
  }

  /** The flags given on the command line, of a group and the groups inside it, by their names. */
  def givenFlags[T <: Product](value: T)(using parser: ParserForClass[T]): Vector[String] = givenIn(parser.main.argSigs0, value)

  private def givenIn(sigs: Seq[ArgSig], value: Product): Vector[String] = sigs.zip(value.productIterator).toVector.flatMap {
    case (sig, group: Product) if sig.reader.isClass => givenIn(sig.reader.asInstanceOf[TokensReader.Class[?]].main.argSigs0, group)
    case (sig, v) =>
      val present = v match {
        case s: Iterable[?] => s.nonEmpty
        case o: Option[?] => o.isDefined
        case f: Flag => f.value
        case _ => false
      }
      if (present) Vector("--" + sig.longName(names).getOrElse("?")) else Vector.empty
  }

  /** One group read from its flags alone (tests and tools; a command line goes through `Commands.dispatch`). */
  def read[T](argv: Seq[String])(using parser: ParserForClass[T]): T =
    parser.constructRaw(argv, allowPositional = false, allowRepeats = true, nameMapper = names) match {
      case Result.Success(v) => v
      case f => UsageError(s"bad flags '${argv.mkString(" ")}': $f")
    }
}
