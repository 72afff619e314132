package effectbench

/** The test-only `fault` scenario: one variant per fault the runner must survive (and `threads`,
  * a correct program on a pool of `poolThreads` threads, for the runner's counters).
  * `after` is how many calls succeed before the fault hits: 0 makes the oracle check fail
  * (the verifier's path), 1 passes the oracle once and fails only under JMH's iterations. */
object Faults {
  val kinds: Vector[String] = Vector("ok", "hang", "throw", "exit", "overflow", "oom", "wrong", "threads")
  /** The `threads` variant holds this many pool threads at once in every call (not a fault: the
    * runner's thread counter must see at least this many live threads). */
  val poolThreads: Int = 24
  val answer: String = "42"
  val scenario: Scenario = Scenario(
    id = "fault", family = Family.Faults, title = "injected faults (tests only)", origin = "effect-bench's own tests",
    stresses = "the runner's isolation of failing cells",
    variants = kinds,
    params = Vector(ParamDef("after", "0", ParamKind.IntRange(0, 1000000),
        "calls that succeed before the fault hits (0: the oracle check fails; 1: only JMH's iterations do)", Vector("0", "1"))),
    runtimes = Vector(Runtimes.Baseline.id), notApplicable = Vector.empty,
    paramSets = Vector(Params.of("after" -> "0"), Params.of("after" -> "1")),
    oracle = (_, _) => answer, testOnly = true
  )
}
