package effectbench

/** Why a (variant, runtime) pair of a scenario has no cell. `variant = None` covers every variant.
  * The runtime is its row of the runtime table, so a misspelt one does not compile. */
final case class NotApplicable(runtime: RuntimeInfo, variant: Option[String], reason: String)

/** How a variant is written on one runtime, for reports ("for-comprehension", "async/await", ...). */
final case class Syntax(runtime: RuntimeInfo, variant: Option[String], text: String)

/** One program of docs/scenarios.md, defined once.
  *
  * @param paramSets   the parameter sets a plain run measures (the first is the default);
  *                    `--param` overrides values in each
  * @param quickParams overrides the quick profile applies, each said in the table's header
  * @param quickModes  the entry modes the quick profile measures (empty: all of `modes`)
  * @param stackParams the size at which plain recursion overflows a 256 KiB stack; the oracle
  *                    tests run every effectful variant at it
  * @param stackExempt variants, or `runtime/variant` pairs, not run at stackParams (see isStackExempt)
  * @param singleFiber whether `sync` mode is meaningful (only for single-fiber programs)
  * @param timeUnit    JMH time unit of the average-time score (ns, us, ms) */
final case class Scenario(
    id: String,
    family: Family,
    title: String,
    origin: String,
    stresses: String,
    variants: Vector[String],
    params: Vector[ParamDef],
    runtimes: Vector[String],
    notApplicable: Vector[NotApplicable],
    oracle: (String, Params) => String,
    paramSets: Vector[Params] = Vector(Params.empty),
    quickParams: Vector[(String, String)] = Vector.empty,
    quickModes: Vector[Mode] = Vector.empty,
    stackParams: Option[Params] = None,
    stackExempt: Set[String] = Set.empty,
    singleFiber: Boolean = false,
    timeUnit: String = "us",
    syntax: Vector[Syntax] = Vector.empty,
    testOnly: Boolean = false,
    /** When true, `run` measures only the default param set (unless --param/--sweep say
      * otherwise) while verify and the oracle tests still cover every set of `paramSets`. */
    runsDefaultsOnly: Boolean = false,
    /** Overrides the tests (`./bench test`: the oracle tests, and the scheduler family's work and thread-leak
      * tests) apply to the planned param sets, for the scenarios whose full size takes minutes per
      * runtime; `verify` and `run` check the full size before timing it. */
    testParams: Vector[(String, String)] = Vector.empty,
    /** The work one operation does at given (complete) params, primary unit first (binds, tasks,
      * forks, yields...): what the baseline-floor check divides scores by (see DeclaredWork). */
    work: Params => Vector[(String, Long)] = (_: Params) => Vector.empty,
    /** Where cells of one scenario do different work at the same params, each runtime's (runtime,
      * complete params) => work, primary unit first and the same as `work`'s; None: `work` for all. */
    cellWork: Option[(String, Params) => Vector[(String, Long)]] = None,
    /** The scheduler family: the work the program must do at given (complete) params, counted inside every
      * implementation by the tests and the verifier (see effectbench.Work); None elsewhere. */
    expectedWork: Option[Params => WorkCount] = None,
    /** What the program does, in words every runtime's implementation follows (docs/scenarios.md). */
    program: String = "",
    /** The oracle in words: what every implementation must return, as a formula of the params. */
    oracleDoc: String = ""
) {
  def defaults: Params = Params(params.map(p => p.name -> p.default))

  /** Every n/a reason of the scenario: the catalog's own (`notApplicable`) and those the groups'
    * scenario objects write beside their code (WrittenNa). */
  lazy val allNotApplicable: Vector[NotApplicable] = notApplicable ++ WrittenNa.of(id)

  /** The work one operation of `runtime`'s cell does at the (complete) params `p`. */
  def workOf(runtime: String, p: Params): Vector[(String, Long)] = cellWork.fold(work(p))(_(runtime, p))
  def param(name: String): Option[ParamDef] = params.find(_.name == name)
  def modes: Vector[Mode] = if (singleFiber) Vector(Mode.Fork, Mode.Sync) else Vector(Mode.Fork)
  def modesFor(quick: Boolean): Vector[Mode] = if (quick && quickModes.nonEmpty) modes.filter(quickModes.contains) else modes

  /** The reason a (variant, runtime, mode) has no cell, or None when it has one. */
  def naReason(variant: String, runtime: String, mode: Mode): Option[String] = {
    val rt = Runtimes.get(runtime)
    val declared = allNotApplicable.collectFirst {
      case NotApplicable(r, v, why) if r.id == runtime && v.forall(_ == variant) => why
    }
    declared
      .orElse(if (!runtimes.contains(runtime)) Some(s"$id is not defined for $runtime") else None)
      .orElse(rt.flatMap(_.unavailable))
      .orElse(if (mode == Mode.Sync) { if (!singleFiber) Some("sync mode is only for single-fiber scenarios") else rt.flatMap(_.syncNa) }
        else None)
  }

  /** Whether the stack-safety oracle skips a cell: `stackExempt` names variants ("plain") or one
    * runtime's variant ("ox/default") that is known not to be stack-safe — a finding reports show. */
  def isStackExempt(variant: String, runtime: String): Boolean =
    stackExempt.contains(variant) || stackExempt.contains(s"$runtime/$variant")

  def syntaxOf(variant: String, runtime: String): Option[String] =
    syntax.collectFirst { case Syntax(r, v, t) if r.id == runtime && v.forall(_ == variant) => t }

  /** The work docs/scenarios.md prescribes at `p` (completed with the defaults); the scheduler family only. */
  def expectedWorkAt(p: Params): WorkCount = expectedWork match {
    case Some(w) => w(complete(p))
    case None => throw new IllegalArgumentException(s"$id prescribes no counted work (the scheduler family only)")
  }

  /** Full parameter values for a param set, with defaults filled in. */
  def complete(p: Params): Params = p.values.foldLeft(defaults) { case (acc, (k, v)) => acc.updated(k, v) }

  /** The complete param sets the tests run: every planned set with `testParams` applied. */
  def testSets: Vector[Params] =
    paramSets.map(ps => complete(testParams.foldLeft(ps) { case (acc, (k, v)) => acc.updated(k, v) })).distinct
}
