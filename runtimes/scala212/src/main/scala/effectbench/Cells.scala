package effectbench

import effectbench.Cover.na
import effectbench.scala212.{DeepBind, RawSum, LeftSum, RightSum, Cartesian, Ackermann, Sequence}

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

/** The scala212 group's implementations: its scenario objects, and a row of reasons for each scenario
  * it has no program of. */
final class Cells extends GroupCells("scala212") with Scala212Scenarios {
  def deepBind: ScenarioImpls[Scala212Row] = DeepBind
  def rawSum: ScenarioImpls[Scala212Row] = RawSum
  def leftSum: ScenarioImpls[Scala212Row] = LeftSum
  def rightSum: ScenarioImpls[Scala212Row] = RightSum
  def cartesian: ScenarioImpls[Scala212Row] = Cartesian
  def ackermann: ScenarioImpls[Scala212Row] = Ackermann
  def sequence: ScenarioImpls[Scala212Row] = Sequence
  val gather: ScenarioImpls[Scala212Row] = new NoPrograms(Catalog.gather, Scala212Row(dsl = na(NaReasons.gather)))
  val gatherUnordered: ScenarioImpls[Scala212Row] =
    new NoPrograms(Catalog.gatherUnordered, Scala212Row(dsl = na(NaReasons.gatherUnordered)))
  val hogProbe: ScenarioImpls[Scala212Row] = new NoPrograms(Catalog.hogProbe, Scala212Row(dsl = na(NaReasons.latency)))
  val sleepDrift: ScenarioImpls[Scala212Row] = new NoPrograms(Catalog.sleepDrift, Scala212Row(dsl = na(NaReasons.sleepDrift)))
  val service: ScenarioImpls[Scala212Row] = new NoPrograms(Catalog.service, Scala212Row(dsl = na(NaReasons.service)))
}
