package effectbench

/** One group's programs of one scenario, every runtime of the group side by side, and the group's
  * row saying for each runtime whether it runs them or why not. Written as a top-level
  * `object <Name> extends ScenarioImpls[<Group>Row]` in the group's package, it is a member of the
  * group's scenario trait, which the build generates (project/ScenarioObjects.scala); a row that
  * leaves out a runtime of the group does not compile. */
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
