package effectbench

import effectbench.loom.{
  DeepBind,
  RawSum,
  LeftSum,
  RightSum,
  Cartesian,
  Ackermann,
  Sequence,
  Gather,
  GatherUnordered,
  BusinessFlow,
  TransformerStack,
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

/** The loom group's scenarios: one member per scenario the catalog defines for any of its runtimes,
  * each with the group's row (LoomRow: every runtime of the group runs it or says why not). A
  * scenario left out of `Cells` does not compile; GroupCells checks the list against the catalog. */
trait LoomScenarios {
  def deepBind: ScenarioImpls[LoomRow]
  def rawSum: ScenarioImpls[LoomRow]
  def leftSum: ScenarioImpls[LoomRow]
  def rightSum: ScenarioImpls[LoomRow]
  def cartesian: ScenarioImpls[LoomRow]
  def ackermann: ScenarioImpls[LoomRow]
  def sequence: ScenarioImpls[LoomRow]
  def gather: ScenarioImpls[LoomRow]
  def gatherUnordered: ScenarioImpls[LoomRow]
  def businessFlow: ScenarioImpls[LoomRow]
  def transformerStack: ScenarioImpls[LoomRow]
  def forkMany: ScenarioImpls[LoomRow]
  def chainedFork: ScenarioImpls[LoomRow]
  def pingPong: ScenarioImpls[LoomRow]
  def yieldMany: ScenarioImpls[LoomRow]
  def enqueueDequeue: ScenarioImpls[LoomRow]
  def schedulerStress: ScenarioImpls[LoomRow]
  def alloc: ScenarioImpls[LoomRow]
  def forkJoin: ScenarioImpls[LoomRow]
  def hogProbe: ScenarioImpls[LoomRow]
  def sleepDrift: ScenarioImpls[LoomRow]
  def service: ScenarioImpls[LoomRow]

  /** Every member above, in the catalog's order. */
  final def scenarioObjects: Vector[ScenarioImpls[_ <: GroupRow]] = Vector(deepBind, rawSum, leftSum, rightSum, cartesian, ackermann,
    sequence, gather, gatherUnordered, businessFlow, transformerStack, forkMany, chainedFork, pingPong, yieldMany, enqueueDequeue,
    schedulerStress, alloc, forkJoin, hogProbe, sleepDrift, service)
}

/** The loom group's implementations: its scenario objects, one file each, a scenario it has no
  * program of included (its row gives each runtime's reason). */
final class Cells extends GroupCells("loom") with LoomScenarios {
  def deepBind: ScenarioImpls[LoomRow] = DeepBind
  def rawSum: ScenarioImpls[LoomRow] = RawSum
  def leftSum: ScenarioImpls[LoomRow] = LeftSum
  def rightSum: ScenarioImpls[LoomRow] = RightSum
  def cartesian: ScenarioImpls[LoomRow] = Cartesian
  def ackermann: ScenarioImpls[LoomRow] = Ackermann
  def sequence: ScenarioImpls[LoomRow] = Sequence
  def gather: ScenarioImpls[LoomRow] = Gather
  def gatherUnordered: ScenarioImpls[LoomRow] = GatherUnordered
  def businessFlow: ScenarioImpls[LoomRow] = BusinessFlow
  def transformerStack: ScenarioImpls[LoomRow] = TransformerStack
  def forkMany: ScenarioImpls[LoomRow] = ForkMany
  def chainedFork: ScenarioImpls[LoomRow] = ChainedFork
  def pingPong: ScenarioImpls[LoomRow] = PingPong
  def yieldMany: ScenarioImpls[LoomRow] = YieldMany
  def enqueueDequeue: ScenarioImpls[LoomRow] = EnqueueDequeue
  def schedulerStress: ScenarioImpls[LoomRow] = SchedulerStress
  def alloc: ScenarioImpls[LoomRow] = Alloc
  def forkJoin: ScenarioImpls[LoomRow] = ForkJoin
  def hogProbe: ScenarioImpls[LoomRow] = HogProbe
  def sleepDrift: ScenarioImpls[LoomRow] = SleepDrift
  def service: ScenarioImpls[LoomRow] = Service
}
