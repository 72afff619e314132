package effectbench

import effectbench.modern.{
  untraced,
  ZioLive,
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
  * it has no program of. Each ZIO program is the copy compiled without auto-trace under `levelled`
  * (ZioAutoTrace). */
final class Cells extends GroupCells("modern") with ModernScenarios {
  def deepBind: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(DeepBind, untraced.DeepBind)
  def rawSum: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(RawSum, untraced.RawSum)
  def leftSum: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(LeftSum, untraced.LeftSum)
  def rightSum: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(RightSum, untraced.RightSum)
  def cartesian: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(Cartesian, untraced.Cartesian)
  def ackermann: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(Ackermann, untraced.Ackermann)
  def sequence: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(Sequence, untraced.Sequence)
  def gather: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(Gather, untraced.Gather)
  def gatherUnordered: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(GatherUnordered, untraced.GatherUnordered)
  def businessFlow: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(BusinessFlow, untraced.BusinessFlow)
  def transformerStack: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(TransformerStack, untraced.TransformerStack)
  def forkMany: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(ForkMany, untraced.ForkMany)
  def chainedFork: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(ChainedFork, untraced.ChainedFork)
  def pingPong: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(PingPong, untraced.PingPong)
  def yieldMany: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(YieldMany, untraced.YieldMany)
  def enqueueDequeue: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(EnqueueDequeue, untraced.EnqueueDequeue)
  def schedulerStress: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(SchedulerStress, untraced.SchedulerStress)
  def alloc: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(Alloc, untraced.Alloc)
  def forkJoin: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(ForkJoin, untraced.ForkJoin)
  def hogProbe: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(HogProbe, untraced.HogProbe)
  def sleepDrift: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(SleepDrift, untraced.SleepDrift)
  def service: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(Service, untraced.Service)
  def fault: ScenarioImpls[ModernRow] = ZioAutoTrace.levelled(Fault, untraced.Fault)
}

/** ZIO's auto-trace by settings profile. A ZIO operator takes an implicit `Trace` that a macro
  * builds at each call site at compile time (zio-stacktracer 2.1.26, `Macros.autoTraceImpl`, the
  * implicit of the Trace type's own scope); no run-time flag turns it off, and on Scala 3
  * `TracingImplicits.disableAutoTrace` does not either: with it in scope that macro stops the
  * compilation ("Auto-generated traces are disabled", `report.errorAndAbort`), so that every call
  * site is given a trace by hand. So the group's ZIO program files are compiled twice (the build's
  * `untracedZio`: a copy in `effectbench.modern.untraced` whose every call site is given
  * `Trace.empty`, an implicit in lexical scope, found before the macro), and a ZIO cell runs the
  * copy's program under `levelled`, where every runtime's tracing is off, and the sources as
  * written under `defaults`, as shipped. The cell's key, syntax and source are the written one's. */
object ZioAutoTrace {
  /** Whether `live` is a ZIO runtime under `levelled`: its programs are then the untraced copy's. */
  def untracedOn(live: Live): Boolean = live match {
    case z: ZioLive => z.settings == Settings.Levelled
    case _ => false
  }

  /** `traced`, each ZIO program routed to `copy`'s of the same key under `levelled`. */
  def levelled(traced: ScenarioImpls[ModernRow], copy: ScenarioImpls[ModernRow]): ScenarioImpls[ModernRow] = (traced, copy) match {
    case (t: CountedScenarioImpls[ModernRow] @unchecked, c: CountedScenarioImpls[ModernRow] @unchecked) =>
      new CountedScenarioImpls[ModernRow] {
        def scenario: Scenario = t.scenario
        def row: ModernRow = t.row
        def implsWith(w: Work): Vector[Impl[_ <: Live]] = route(t.implsWith(w), c.implsWith(w))
      }
    case _ =>
      new ScenarioImpls[ModernRow] {
        def scenario: Scenario = traced.scenario
        def row: ModernRow = traced.row
        lazy val impls: Vector[Impl[_ <: Live]] = route(traced.impls, copy.impls)
      }
  }

  private def route(traced: Vector[Impl[_ <: Live]], copy: Vector[Impl[_ <: Live]]): Vector[Impl[_ <: Live]] = traced.map { i =>
    if (i.runtime != Runtimes.Zio.id) i
    else {
      val c = copy.find(_.key == i.key).getOrElse(throw new IllegalStateException(s"${i.key}: no untraced copy"))
      i.routed(c, untracedOn)
    }
  }
}
