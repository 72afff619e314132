package effectbench

import effectbench.continuations.{
  DeepBind,
  RawSum,
  LeftSum,
  RightSum,
  Cartesian,
  Ackermann,
  Sequence,
  Gather,
  GatherUnordered,
  HogProbe,
  SleepDrift,
  Service
}

/** The continuations group's scenarios: one member per scenario the catalog defines for any of its runtimes,
  * each with the group's row (ContinuationsRow: every runtime of the group runs it or says why not). A
  * scenario left out of `Cells` does not compile; GroupCells checks the list against the catalog. */
trait ContinuationsScenarios {
  def deepBind: ScenarioImpls[ContinuationsRow]
  def rawSum: ScenarioImpls[ContinuationsRow]
  def leftSum: ScenarioImpls[ContinuationsRow]
  def rightSum: ScenarioImpls[ContinuationsRow]
  def cartesian: ScenarioImpls[ContinuationsRow]
  def ackermann: ScenarioImpls[ContinuationsRow]
  def sequence: ScenarioImpls[ContinuationsRow]
  def gather: ScenarioImpls[ContinuationsRow]
  def gatherUnordered: ScenarioImpls[ContinuationsRow]
  def hogProbe: ScenarioImpls[ContinuationsRow]
  def sleepDrift: ScenarioImpls[ContinuationsRow]
  def service: ScenarioImpls[ContinuationsRow]

  /** Every member above, in the catalog's order. */
  final def scenarioObjects: Vector[ScenarioImpls[_ <: GroupRow]] =
    Vector(deepBind, rawSum, leftSum, rightSum, cartesian, ackermann, sequence, gather, gatherUnordered, hogProbe, sleepDrift, service)
}

/** The continuations group's implementations: its scenario objects, one file each, a scenario it has no
  * program of included (its row gives each runtime's reason). */
final class Cells extends GroupCells("continuations") with ContinuationsScenarios {
  def deepBind: ScenarioImpls[ContinuationsRow] = DeepBind
  def rawSum: ScenarioImpls[ContinuationsRow] = RawSum
  def leftSum: ScenarioImpls[ContinuationsRow] = LeftSum
  def rightSum: ScenarioImpls[ContinuationsRow] = RightSum
  def cartesian: ScenarioImpls[ContinuationsRow] = Cartesian
  def ackermann: ScenarioImpls[ContinuationsRow] = Ackermann
  def sequence: ScenarioImpls[ContinuationsRow] = Sequence
  def gather: ScenarioImpls[ContinuationsRow] = Gather
  def gatherUnordered: ScenarioImpls[ContinuationsRow] = GatherUnordered
  def hogProbe: ScenarioImpls[ContinuationsRow] = HogProbe
  def sleepDrift: ScenarioImpls[ContinuationsRow] = SleepDrift
  def service: ScenarioImpls[ContinuationsRow] = Service
}
