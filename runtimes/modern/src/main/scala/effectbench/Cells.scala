package effectbench

import effectbench.modern.{
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
  Service,
  Fault
}

/** The modern group's scenarios: one member per scenario the catalog defines for any of its runtimes,
  * each with the group's row (ModernRow: every runtime of the group runs it or says why not). A
  * scenario left out of `Cells` does not compile; GroupCells checks the list against the catalog. */
trait ModernScenarios {
  def deepBind: ScenarioImpls[ModernRow]
  def rawSum: ScenarioImpls[ModernRow]
  def leftSum: ScenarioImpls[ModernRow]
  def rightSum: ScenarioImpls[ModernRow]
  def cartesian: ScenarioImpls[ModernRow]
  def ackermann: ScenarioImpls[ModernRow]
  def sequence: ScenarioImpls[ModernRow]
  def gather: ScenarioImpls[ModernRow]
  def gatherUnordered: ScenarioImpls[ModernRow]
  def businessFlow: ScenarioImpls[ModernRow]
  def transformerStack: ScenarioImpls[ModernRow]
  def forkMany: ScenarioImpls[ModernRow]
  def chainedFork: ScenarioImpls[ModernRow]
  def pingPong: ScenarioImpls[ModernRow]
  def yieldMany: ScenarioImpls[ModernRow]
  def enqueueDequeue: ScenarioImpls[ModernRow]
  def schedulerStress: ScenarioImpls[ModernRow]
  def alloc: ScenarioImpls[ModernRow]
  def forkJoin: ScenarioImpls[ModernRow]
  def hogProbe: ScenarioImpls[ModernRow]
  def sleepDrift: ScenarioImpls[ModernRow]
  def service: ScenarioImpls[ModernRow]
  def fault: ScenarioImpls[ModernRow]

  /** Every member above, in the catalog's order. */
  final def scenarioObjects: Vector[ScenarioImpls[_ <: GroupRow]] = Vector(deepBind, rawSum, leftSum, rightSum, cartesian, ackermann,
    sequence, gather, gatherUnordered, businessFlow, transformerStack, forkMany, chainedFork, pingPong, yieldMany, enqueueDequeue,
    schedulerStress, alloc, forkJoin, hogProbe, sleepDrift, service, fault)
}

/** The modern group's implementations: its scenario objects, and a row of reasons for each scenario
  * it has no program of. */
final class Cells extends GroupCells("modern") with ModernScenarios {
  def deepBind: ScenarioImpls[ModernRow] = DeepBind
  def rawSum: ScenarioImpls[ModernRow] = RawSum
  def leftSum: ScenarioImpls[ModernRow] = LeftSum
  def rightSum: ScenarioImpls[ModernRow] = RightSum
  def cartesian: ScenarioImpls[ModernRow] = Cartesian
  def ackermann: ScenarioImpls[ModernRow] = Ackermann
  def sequence: ScenarioImpls[ModernRow] = Sequence
  def gather: ScenarioImpls[ModernRow] = Gather
  def gatherUnordered: ScenarioImpls[ModernRow] = GatherUnordered
  def businessFlow: ScenarioImpls[ModernRow] = BusinessFlow
  def transformerStack: ScenarioImpls[ModernRow] = TransformerStack
  def forkMany: ScenarioImpls[ModernRow] = ForkMany
  def chainedFork: ScenarioImpls[ModernRow] = ChainedFork
  def pingPong: ScenarioImpls[ModernRow] = PingPong
  def yieldMany: ScenarioImpls[ModernRow] = YieldMany
  def enqueueDequeue: ScenarioImpls[ModernRow] = EnqueueDequeue
  def schedulerStress: ScenarioImpls[ModernRow] = SchedulerStress
  def alloc: ScenarioImpls[ModernRow] = Alloc
  def forkJoin: ScenarioImpls[ModernRow] = ForkJoin
  def hogProbe: ScenarioImpls[ModernRow] = HogProbe
  def sleepDrift: ScenarioImpls[ModernRow] = SleepDrift
  def service: ScenarioImpls[ModernRow] = Service
  def fault: ScenarioImpls[ModernRow] = Fault
}
