package effectbench

import effectbench.scala213.{
  DeepBind,
  RawSum,
  LeftSum,
  RightSum,
  Cartesian,
  Ackermann,
  Sequence,
  Gather,
  GatherUnordered,
  ForkMany,
  ChainedFork,
  PingPong,
  YieldMany,
  EnqueueDequeue,
  SchedulerStress,
  Alloc,
  ForkJoin,
  HogProbe,
  SleepDrift,
  Service
}

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

/** The scala213 group's implementations: its scenario objects, one file each, a scenario it has no
  * program of included (its row gives each runtime's reason). */
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
  def forkMany: ScenarioImpls[Scala213Row] = ForkMany
  def chainedFork: ScenarioImpls[Scala213Row] = ChainedFork
  def pingPong: ScenarioImpls[Scala213Row] = PingPong
  def yieldMany: ScenarioImpls[Scala213Row] = YieldMany
  def enqueueDequeue: ScenarioImpls[Scala213Row] = EnqueueDequeue
  def schedulerStress: ScenarioImpls[Scala213Row] = SchedulerStress
  def alloc: ScenarioImpls[Scala213Row] = Alloc
  def forkJoin: ScenarioImpls[Scala213Row] = ForkJoin
  def hogProbe: ScenarioImpls[Scala213Row] = HogProbe
  def sleepDrift: ScenarioImpls[Scala213Row] = SleepDrift
  def service: ScenarioImpls[Scala213Row] = Service
}
