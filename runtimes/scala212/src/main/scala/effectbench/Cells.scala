package effectbench

import effectbench.scala212.{
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

/** The scala212 group's scenarios: one member per scenario the catalog defines for any of its runtimes,
  * each with the group's row (Scala212Row: every runtime of the group runs it or says why not). A
  * scenario left out of `Cells` does not compile; GroupCells checks the list against the catalog. */
trait Scala212Scenarios {
  def deepBind: ScenarioImpls[Scala212Row]
  def rawSum: ScenarioImpls[Scala212Row]
  def leftSum: ScenarioImpls[Scala212Row]
  def rightSum: ScenarioImpls[Scala212Row]
  def cartesian: ScenarioImpls[Scala212Row]
  def ackermann: ScenarioImpls[Scala212Row]
  def sequence: ScenarioImpls[Scala212Row]
  def gather: ScenarioImpls[Scala212Row]
  def gatherUnordered: ScenarioImpls[Scala212Row]
  def hogProbe: ScenarioImpls[Scala212Row]
  def sleepDrift: ScenarioImpls[Scala212Row]
  def service: ScenarioImpls[Scala212Row]

  /** Every member above, in the catalog's order. */
  final def scenarioObjects: Vector[ScenarioImpls[_ <: GroupRow]] =
    Vector(deepBind, rawSum, leftSum, rightSum, cartesian, ackermann, sequence, gather, gatherUnordered, hogProbe, sleepDrift, service)
}

/** The scala212 group's implementations: its scenario objects, one file each, a scenario it has no
  * program of included (its row gives each runtime's reason). */
final class Cells extends GroupCells("scala212") with Scala212Scenarios {
  def deepBind: ScenarioImpls[Scala212Row] = DeepBind
  def rawSum: ScenarioImpls[Scala212Row] = RawSum
  def leftSum: ScenarioImpls[Scala212Row] = LeftSum
  def rightSum: ScenarioImpls[Scala212Row] = RightSum
  def cartesian: ScenarioImpls[Scala212Row] = Cartesian
  def ackermann: ScenarioImpls[Scala212Row] = Ackermann
  def sequence: ScenarioImpls[Scala212Row] = Sequence
  def gather: ScenarioImpls[Scala212Row] = Gather
  def gatherUnordered: ScenarioImpls[Scala212Row] = GatherUnordered
  def hogProbe: ScenarioImpls[Scala212Row] = HogProbe
  def sleepDrift: ScenarioImpls[Scala212Row] = SleepDrift
  def service: ScenarioImpls[Scala212Row] = Service
}
