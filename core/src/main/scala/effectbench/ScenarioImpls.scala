package effectbench

/** One group's programs of one scenario, every runtime of the group side by side, and the group's
  * row saying for each runtime whether it runs them or why not. The group's scenario trait (its
  * `Cells.scala`) has one member per scenario of that type, so that a scenario left out of the
  * group does not compile. */
trait ScenarioImpls[R <: GroupRow] {
  def scenario: Scenario
  def impls: Vector[Impl[_ <: Live]]
  def row: R
}

/** A scheduler-family scenario object: its programs take the work hooks (effectbench.Work), `Work.off` for
  * measured cells and a counting Work for the same-work test and the verifier, so both count the
  * programs that are measured. */
trait CountedScenarioImpls[R <: GroupRow] extends ScenarioImpls[R] {
  def implsWith(w: Work): Vector[Impl[_ <: Live]]
  lazy val impls: Vector[Impl[_ <: Live]] = implsWith(Work.off)
}
