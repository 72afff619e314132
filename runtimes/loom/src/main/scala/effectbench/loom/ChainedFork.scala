package effectbench.loom

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, LoomRow, Program, Scenario, Work}
import effectbench.Cover.runs
import java.util.concurrent.CompletableFuture
import ox.{Ox, supervised}

/** chained-fork in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.chainedFork, docs/scenarios.md). */
object ChainedFork extends CountedScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.chainedFork
  val row: LoomRow = LoomRow(ox = runs(OxSetup), loom = runs(LoomSetup))

  def oxDirect(f: Int, w: Work): Int = supervised {
    val ops = new OxOps(w)
    val done = new CompletableFuture[Int]()
    def link(n: Int, depth: Int)(using Ox): Unit =
      if (n == 1) ops.complete(done, depth) else { ops.fork(link(n - 1, depth + 1)); () }
    ops.fork(link(f, 1))
    ops.await(done)
  }

  def loomThreads(f: Int, w: Work, ops: LoomOps): Int = {
    val done = new CompletableFuture[Int]()
    def link(n: Int, depth: Int): Unit = if (n == 1) ops.complete(done, depth) else { ops.fork(link(n - 1, depth + 1)); () }
    ops.fork(link(f, 1))
    ops.await(done)
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.chainedFork, "default", OxSetup, "direct style")((rt, p, mode) => {
      val f = p.int("f"); Program(rt.run(() => oxDirect(f, w), mode))
    }),
    new Impl(Catalog.chainedFork, "default", LoomSetup, "direct style")((rt, p, mode) => {
      val f = p.int("f"); val ops = new LoomOps(w, rt.executor); Program(rt.run(() => loomThreads(f, w, ops), mode))
    })
  )
}
