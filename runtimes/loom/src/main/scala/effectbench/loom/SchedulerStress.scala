package effectbench.loom

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, LoomRow, Program, Scenario, Work}
import effectbench.Cover.runs
import ox.supervised

/** scheduler-stress in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.schedulerStress, docs/scenarios.md). */
object SchedulerStress extends CountedScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.schedulerStress
  val row: LoomRow = LoomRow(ox = runs(OxSetup), loom = runs(LoomSetup))

  /** One fiber's loop, the same for both: yields through `yieldNow`. */
  @annotation.tailrec
  private def fiber(i: Int, limit: Int, yieldNow: () => Unit): Int = {
    yieldNow()
    val j = i
    yieldNow()
    if (j > limit) { yieldNow(); j }
    else { yieldNow(); fiber(j + 1, limit, yieldNow) }
  }

  def oxDirect(f: Int, limit: Int, w: Work): Long = supervised {
    val ops = new OxOps(w)
    val y = () => ops.yieldNow()
    val fs = Vector.tabulate(f)(i => ops.fork(fiber(i, limit, y)))
    fs.foldLeft(0L)((sum, fb) => sum + ops.join(fb))
  }

  def loomThreads(f: Int, limit: Int, w: Work, ops: LoomOps): Long = {
    val y = () => ops.yieldNow()
    val fs = Vector.tabulate(f)(i => ops.fork(fiber(i, limit, y)))
    fs.foldLeft(0L)((sum, fb) => sum + ops.join(fb))
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.schedulerStress, "default", OxSetup, "direct style")((rt, p, mode) => {
      val (f, limit) = (p.int("f"), p.int("limit")); Program(rt.run(() => oxDirect(f, limit, w), mode))
    }),
    new Impl(Catalog.schedulerStress, "default", LoomSetup, "direct style")((rt, p, mode) => {
      val (f, limit) = (p.int("f"), p.int("limit")); val ops = new LoomOps(w, rt.executor)
      Program(rt.run(() => loomThreads(f, limit, w, ops), mode))
    })
  )
}
