package effectbench.loom

import effectbench.{Catalog, Impl, LatencyModel, Live, LoomRow, NaReasons, PlainLoad, Scenario, ScenarioImpls, WindowProgram}
import effectbench.Cover.{na, runs}

/** hog-probe on plain virtual threads: the catalog's program (Catalog.hogProbe), each hog a virtual
  * thread and each probe a new one. Direct style has no bind: a hog's step is made opaque the way
  * baseline's is (one `Blackhole.consumeCPU(0)` per step: the harness's PlainLoad, baseline's hog too),
  * and says so in its syntax. A virtual thread is not preempted: a hog gives its carrier back only
  * when it ends, so with every carrier held by a hog the probes wait — a finding the starved counts
  * show, not a failure. */
object HogProbe extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.hogProbe
  val row: LoomRow = LoomRow(ox = na(NaReasons.latency), loom = runs(LoomSetup) ++ na(NaReasons.latency))

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.hogProbe, LatencyModel.Levelled, LoomSetup, "a virtual thread per hog and per probe; opaque steps (no bind)")(
      (live, p, _) =>
        WindowProgram.hogProbe(new PlainLoad.ExecutorTarget(live.executor), p,
          Vector("cellAutoYieldBudget" -> "none (a virtual thread is not preempted)"))
    )
  )
}
