package effectbench

import effectbench.Cover.{na, notDefined}
import effectbench.scala213.{DeepBind, RawSum, LeftSum, RightSum, Cartesian, Ackermann, Sequence, Gather, GatherUnordered}

/** The scala213 group's scenarios: one member per scenario the catalog defines for any of its runtimes,
  * each with the group's row (Scala213Row: every runtime of the group runs it or says why not). A
  * scenario left out of `Cells` does not compile; GroupCells checks the list against the catalog. */
trait Scala213Scenarios {
  def deepBind: ScenarioImpls[Scala213Row]
  def rawSum: ScenarioImpls[Scala213Row]
  def leftSum: ScenarioImpls[Scala213Row]
  def rightSum: ScenarioImpls[Scala213Row]
  def cartesian: ScenarioImpls[Scala213Row]
  def ackermann: ScenarioImpls[Scala213Row]
  def sequence: ScenarioImpls[Scala213Row]
  def gather: ScenarioImpls[Scala213Row]
  def gatherUnordered: ScenarioImpls[Scala213Row]
  def forkMany: ScenarioImpls[Scala213Row]
  def chainedFork: ScenarioImpls[Scala213Row]
  def pingPong: ScenarioImpls[Scala213Row]
  def yieldMany: ScenarioImpls[Scala213Row]
  def enqueueDequeue: ScenarioImpls[Scala213Row]
  def schedulerStress: ScenarioImpls[Scala213Row]
  def alloc: ScenarioImpls[Scala213Row]
  def forkJoin: ScenarioImpls[Scala213Row]
  def hogProbe: ScenarioImpls[Scala213Row]
  def sleepDrift: ScenarioImpls[Scala213Row]
  def service: ScenarioImpls[Scala213Row]

  /** Every member above, in the catalog's order. */
  final def scenarioObjects: Vector[ScenarioImpls[_ <: GroupRow]] = Vector(deepBind, rawSum, leftSum, rightSum, cartesian, ackermann,
    sequence, gather, gatherUnordered, forkMany, chainedFork, pingPong, yieldMany, enqueueDequeue, schedulerStress, alloc, forkJoin,
    hogProbe, sleepDrift, service)
}

/** The scala213 group's implementations: its scenario objects, and a row of reasons for each scenario
  * it has no program of. */
final class Cells extends GroupCells("scala213") with Scala213Scenarios {
  def deepBind: ScenarioImpls[Scala213Row] = DeepBind
  def rawSum: ScenarioImpls[Scala213Row] = RawSum
  def leftSum: ScenarioImpls[Scala213Row] = LeftSum
  def rightSum: ScenarioImpls[Scala213Row] = RightSum
  def cartesian: ScenarioImpls[Scala213Row] = Cartesian
  def ackermann: ScenarioImpls[Scala213Row] = Ackermann
  def sequence: ScenarioImpls[Scala213Row] = Sequence
  def gather: ScenarioImpls[Scala213Row] = Gather
  def gatherUnordered: ScenarioImpls[Scala213Row] = GatherUnordered
  val forkMany: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.forkMany, Scala213Row(scalaz = na(NaReasons.fiber), scalaAsync = notDefined))
  val chainedFork: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.chainedFork, Scala213Row(scalaz = na(NaReasons.fiber), scalaAsync = notDefined))
  val pingPong: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.pingPong, Scala213Row(scalaz = na(NaReasons.fiber), scalaAsync = notDefined))
  val yieldMany: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.yieldMany, Scala213Row(scalaz = na(NaReasons.fiber), scalaAsync = notDefined))
  val enqueueDequeue: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.enqueueDequeue, Scala213Row(scalaz = na(NaReasons.fiber), scalaAsync = notDefined))
  val schedulerStress: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.schedulerStress, Scala213Row(scalaz = na(NaReasons.fiber), scalaAsync = notDefined))
  val alloc: ScenarioImpls[Scala213Row] = new NoPrograms(Catalog.alloc, Scala213Row(scalaz = na(NaReasons.fiber), scalaAsync = notDefined))
  val forkJoin: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.forkJoin, Scala213Row(scalaz = na(NaReasons.fiber), scalaAsync = notDefined))
  val hogProbe: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.hogProbe, Scala213Row(scalaz = na(NaReasons.latency), scalaAsync = na(NaReasons.latency)))
  val sleepDrift: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.sleepDrift, Scala213Row(scalaz = na(NaReasons.sleepDrift), scalaAsync = na(NaReasons.sleepDrift)))
  val service: ScenarioImpls[Scala213Row] =
    new NoPrograms(Catalog.service, Scala213Row(scalaz = na(NaReasons.service), scalaAsync = na(NaReasons.service)))
}
