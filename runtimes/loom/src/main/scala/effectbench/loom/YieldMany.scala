package effectbench.loom

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, LoomRow, Program, Scenario, Work}
import effectbench.Cover.runs
import java.util.concurrent.CompletableFuture
import java.util.concurrent.atomic.AtomicInteger
import ox.supervised

/** yield-many in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.yieldMany, docs/scenarios.md). */
object YieldMany extends CountedScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.yieldMany
  val row: LoomRow = LoomRow(ox = runs(OxSetup), loom = runs(LoomSetup))

  def oxDirect(f: Int, y: Int, w: Work): Int = supervised {
    val ops = new OxOps(w)
    val counter = new AtomicInteger(f)
    val done = new CompletableFuture[Unit]()
    var i = 0
    while (i < f) {
      ops.fork {
        var n = 0
        while (n < y) { ops.yieldNow(); n += 1 }
        if (ops.decrement(counter) == 0) ops.complete(done, ())
      }
      i += 1
    }
    ops.await(done)
    counter.get
  }

  def loomThreads(f: Int, y: Int, w: Work, ops: LoomOps): Int = {
    val counter = new AtomicInteger(f)
    val done = new CompletableFuture[Unit]()
    var i = 0
    while (i < f) {
      ops.fork {
        var n = 0
        while (n < y) { ops.yieldNow(); n += 1 }
        if (ops.decrement(counter) == 0) ops.complete(done, ())
      }
      i += 1
    }
    ops.await(done)
    counter.get
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.yieldMany, "default", OxSetup, "direct style")((rt, p, mode) => {
      val (f, y) = (p.int("f"), p.int("y")); Program(rt.run(() => oxDirect(f, y, w), mode))
    }),
    new Impl(Catalog.yieldMany, "default", LoomSetup, "direct style")((rt, p, mode) => {
      val (f, y) = (p.int("f"), p.int("y")); val ops = new LoomOps(w, rt.executor)
      Program(rt.run(() => loomThreads(f, y, w, ops), mode))
    })
  )
}
