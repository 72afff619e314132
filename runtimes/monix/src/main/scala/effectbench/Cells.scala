package effectbench

import effectbench.monix.{
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

/** The monix group's scenarios: one member per scenario the catalog defines for any of its runtimes,
  * each with the group's row (MonixRow: every runtime of the group runs it or says why not). A
  * scenario left out of `Cells` does not compile; GroupCells checks the list against the catalog. */
trait MonixScenarios {
  def deepBind: ScenarioImpls[MonixRow]
  def rawSum: ScenarioImpls[MonixRow]
  def leftSum: ScenarioImpls[MonixRow]
  def rightSum: ScenarioImpls[MonixRow]
  def cartesian: ScenarioImpls[MonixRow]
  def ackermann: ScenarioImpls[MonixRow]
  def sequence: ScenarioImpls[MonixRow]
  def gather: ScenarioImpls[MonixRow]
  def gatherUnordered: ScenarioImpls[MonixRow]
  def businessFlow: ScenarioImpls[MonixRow]
  def transformerStack: ScenarioImpls[MonixRow]
  def forkMany: ScenarioImpls[MonixRow]
  def chainedFork: ScenarioImpls[MonixRow]
  def pingPong: ScenarioImpls[MonixRow]
  def yieldMany: ScenarioImpls[MonixRow]
  def enqueueDequeue: ScenarioImpls[MonixRow]
  def schedulerStress: ScenarioImpls[MonixRow]
  def alloc: ScenarioImpls[MonixRow]
  def forkJoin: ScenarioImpls[MonixRow]
  def hogProbe: ScenarioImpls[MonixRow]
  def sleepDrift: ScenarioImpls[MonixRow]
  def service: ScenarioImpls[MonixRow]

  /** Every member above, in the catalog's order. */
  final def scenarioObjects: Vector[ScenarioImpls[_ <: GroupRow]] = Vector(deepBind, rawSum, leftSum, rightSum, cartesian, ackermann,
    sequence, gather, gatherUnordered, businessFlow, transformerStack, forkMany, chainedFork, pingPong, yieldMany, enqueueDequeue,
    schedulerStress, alloc, forkJoin, hogProbe, sleepDrift, service)
}

/** The monix group's implementations: its scenario objects, and a row of reasons for each scenario
  * it has no program of. */
final class Cells extends GroupCells("monix") with MonixScenarios {
  def deepBind: ScenarioImpls[MonixRow] = DeepBind
  def rawSum: ScenarioImpls[MonixRow] = RawSum
  def leftSum: ScenarioImpls[MonixRow] = LeftSum
  def rightSum: ScenarioImpls[MonixRow] = RightSum
  def cartesian: ScenarioImpls[MonixRow] = Cartesian
  def ackermann: ScenarioImpls[MonixRow] = Ackermann
  def sequence: ScenarioImpls[MonixRow] = Sequence
  def gather: ScenarioImpls[MonixRow] = Gather
  def gatherUnordered: ScenarioImpls[MonixRow] = GatherUnordered
  def businessFlow: ScenarioImpls[MonixRow] = BusinessFlow
  def transformerStack: ScenarioImpls[MonixRow] = TransformerStack
  def forkMany: ScenarioImpls[MonixRow] = ForkMany
  def chainedFork: ScenarioImpls[MonixRow] = ChainedFork
  def pingPong: ScenarioImpls[MonixRow] = PingPong
  def yieldMany: ScenarioImpls[MonixRow] = YieldMany
  def enqueueDequeue: ScenarioImpls[MonixRow] = EnqueueDequeue
  def schedulerStress: ScenarioImpls[MonixRow] = SchedulerStress
  def alloc: ScenarioImpls[MonixRow] = Alloc
  def forkJoin: ScenarioImpls[MonixRow] = ForkJoin
  def hogProbe: ScenarioImpls[MonixRow] = HogProbe
  def sleepDrift: ScenarioImpls[MonixRow] = SleepDrift
  def service: ScenarioImpls[MonixRow] = Service
}
