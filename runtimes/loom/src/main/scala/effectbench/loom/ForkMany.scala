package effectbench.loom

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, LoomRow, Program, Scenario, Work}
import effectbench.Cover.runs
import java.util.concurrent.CompletableFuture
import java.util.concurrent.atomic.AtomicInteger
import ox.supervised

/** fork-many in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.forkMany, docs/scenarios.md). */
object ForkMany extends CountedScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.forkMany
  val row: LoomRow = LoomRow(ox = runs(OxSetup), loom = runs(LoomSetup))

  def oxDirect(f: Int, w: Work): Int = supervised {
    val ops = new OxOps(w)
    val counter = new AtomicInteger(f)
    val done = new CompletableFuture[Unit]()
    var i = 0
    while (i < f) { ops.fork { if (ops.decrement(counter) == 0) ops.complete(done, ()) }; i += 1 }
    ops.await(done)
    counter.get
  }

  def loomThreads(f: Int, w: Work, ops: LoomOps): Int = {
    val counter = new AtomicInteger(f)
    val done = new CompletableFuture[Unit]()
    var i = 0
    while (i < f) { ops.fork { if (ops.decrement(counter) == 0) ops.complete(done, ()) }; i += 1 }
    ops.await(done)
    counter.get
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.forkMany, "default", OxSetup, "direct style")((rt, p, mode) => {
      val f = p.int("f"); Program(rt.run(() => oxDirect(f, w), mode))
    }),
    new Impl(Catalog.forkMany, "default", LoomSetup, "direct style")((rt, p, mode) => {
      val f = p.int("f"); val ops = new LoomOps(w, rt.executor); Program(rt.run(() => loomThreads(f, w, ops), mode))
    })
  )
}
