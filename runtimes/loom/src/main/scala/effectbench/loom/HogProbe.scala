package effectbench.loom

import effectbench.{Catalog, Impl, LatencyModel, Live, LoadTarget, LoadWindow, ScenarioImpls, WindowProgram}
import java.util.concurrent.ExecutorService

/** hog-probe on plain virtual threads: the catalog's program (Catalog.hogProbe), each hog a virtual
  * thread and each probe a new one. Direct style has no bind: a hog's step is made opaque the way
  * baseline's is (one `Blackhole.consumeCPU(0)` per step, as the modern group's HogProbe.baselineStep),
  * and says so in its syntax. A virtual thread is not preempted: a hog gives its carrier back only
  * when it ends, so with every carrier held by a hog the probes wait — a finding the starved counts
  * show, not a failure. */
object HogProbe extends ScenarioImpls {
  def step(i: Long, n: Long): Long = {
    var j = i
    var m = n
    while (j > 0) {
      org.openjdk.jmh.infra.Blackhole.consumeCPU(0)
      j -= 1
      m += 1
    }
    org.openjdk.jmh.infra.Blackhole.consumeCPU(0)
    m
  }

  def hog(w: LoadWindow): Unit = {
    var chains = 0L
    var steps = 0L
    while (!w.stopped) {
      steps += step(w.chain, 0)
      chains += 1
    }
    w.hogDone(chains, steps)
  }

  final class LoomTarget(executor: ExecutorService) extends LoadTarget {
    def startHog(w: LoadWindow): Unit = executor.execute(() => hog(w))
    def submit(w: LoadWindow, k: Int): Unit = executor.execute(() => w.answer(k))
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.hogProbe, LatencyModel.Levelled, LoomSetup, "a virtual thread per hog and per probe; opaque steps (no bind)")(
      (live, p, _) =>
        WindowProgram.hogProbe(new LoomTarget(live.executor), p,
          Vector("cellAutoYieldBudget" -> "none (a virtual thread is not preempted)"))
    )
  )
}
