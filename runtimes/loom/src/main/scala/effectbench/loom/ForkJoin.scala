package effectbench.loom

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, LoomRow, Program, Scenario, Work}
import effectbench.Cover.runs
import ox.supervised

/** fork-join in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.forkJoin, docs/scenarios.md). */
object ForkJoin extends CountedScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.forkJoin
  val row: LoomRow = LoomRow(ox = runs(OxSetup), loom = runs(LoomSetup))

  def oxDirect(f: Int, w: Work): Long = supervised {
    val ops = new OxOps(w)
    val fs = Vector.fill(f)(ops.fork(1))
    fs.foldLeft(0L)((sum, fb) => sum + ops.join(fb))
  }

  def loomThreads(f: Int, w: Work, ops: LoomOps): Long = {
    val fs = Vector.fill(f)(ops.fork(1))
    fs.foldLeft(0L)((sum, fb) => sum + ops.join(fb))
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.forkJoin, "default", OxSetup, "direct style")((rt, p, mode) => {
      val f = p.int("f"); Program(rt.run(() => oxDirect(f, w), mode))
    }),
    new Impl(Catalog.forkJoin, "default", LoomSetup, "direct style")((rt, p, mode) => {
      val f = p.int("f"); val ops = new LoomOps(w, rt.executor); Program(rt.run(() => loomThreads(f, w, ops), mode))
    })
  )
}
