package effectbench

import effectbench.Cover.na
import effectbench.continuations.{DeepBind, RawSum, LeftSum, RightSum, Cartesian, Ackermann, Sequence}

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

/** The continuations group's implementations: its scenario objects, and a row of reasons for each scenario
  * it has no program of. */
final class Cells extends GroupCells("continuations") with ContinuationsScenarios {
  def deepBind: ScenarioImpls[ContinuationsRow] = DeepBind
  def rawSum: ScenarioImpls[ContinuationsRow] = RawSum
  def leftSum: ScenarioImpls[ContinuationsRow] = LeftSum
  def rightSum: ScenarioImpls[ContinuationsRow] = RightSum
  def cartesian: ScenarioImpls[ContinuationsRow] = Cartesian
  def ackermann: ScenarioImpls[ContinuationsRow] = Ackermann
  def sequence: ScenarioImpls[ContinuationsRow] = Sequence
  val gather: ScenarioImpls[ContinuationsRow] = new NoPrograms(Catalog.gather, ContinuationsRow(continuations = na(NaReasons.gather)))
  val gatherUnordered: ScenarioImpls[ContinuationsRow] =
    new NoPrograms(Catalog.gatherUnordered, ContinuationsRow(continuations = na(NaReasons.gatherUnordered)))
  val hogProbe: ScenarioImpls[ContinuationsRow] = new NoPrograms(Catalog.hogProbe, ContinuationsRow(continuations = na(NaReasons.latency)))
  val sleepDrift: ScenarioImpls[ContinuationsRow] =
    new NoPrograms(Catalog.sleepDrift, ContinuationsRow(continuations = na(NaReasons.sleepDrift)))
  val service: ScenarioImpls[ContinuationsRow] = new NoPrograms(Catalog.service, ContinuationsRow(continuations = na(NaReasons.service)))
}
