package effectbench

/** The test-only `fault` scenario: one variant per fault the runner must survive. */
object Faults {
  val kinds: Vector[String] = Vector("ok", "hang", "throw", "exit", "overflow", "oom", "wrong")
  val scenario: Scenario = Scenario(
    id = "fault", family = "T", title = "injected faults (tests only)", origin = "effect-bench's own tests",
    stresses = "the runner's isolation of failing cells",
    variants = kinds, params = Vector.empty, runtimes = Vector("baseline"), notApplicable = Vector.empty,
    oracle = (_, _) => "42", testOnly = true)
}
