package effectbench.loom

import effectbench.{Catalog, CountedScenarioImpls, FiberWork, Impl, Live, LoomRow, Program, Scenario, Work}
import effectbench.Cover.runs
import ox.supervised

/** alloc in this group: the program, its oracle and what would make it unfair are the catalog's
  * (Catalog.alloc, docs/scenarios.md). */
object Alloc extends CountedScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.alloc
  val row: LoomRow = LoomRow(ox = runs(OxSetup), loom = runs(LoomSetup))

  /** One fiber's loop, the same for both. The hash sum goes to a volatile sink, as the effect
    * runtimes pass it to the next step. */
  @annotation.tailrec
  private def fiber(i: Int, limit: Int, yieldNow: () => Unit, allocate: Int => Array[AnyRef]): Int = {
    yieldNow()
    val arr = allocate(i)
    yieldNow()
    sink = FiberWork.sumHashes(arr)
    if (i > limit) { yieldNow(); i }
    else { yieldNow(); fiber(i + 1, limit, yieldNow, allocate) }
  }
  @volatile private var sink: Int = 0

  def oxDirect(f: Int, limit: Int, w: Work): Long = supervised {
    val ops = new OxOps(w)
    val (y, a) = (() => ops.yieldNow(), (i: Int) => ops.allocate(i))
    val fs = Vector.fill(f)(ops.fork(fiber(0, limit, y, a)))
    fs.foldLeft(0L)((sum, fb) => sum + ops.join(fb))
  }

  def loomThreads(f: Int, limit: Int, w: Work, ops: LoomOps): Long = {
    val (y, a) = (() => ops.yieldNow(), (i: Int) => ops.allocate(i))
    val fs = Vector.fill(f)(ops.fork(fiber(0, limit, y, a)))
    fs.foldLeft(0L)((sum, fb) => sum + ops.join(fb))
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.alloc, "default", OxSetup, "direct style")((rt, p, mode) => {
      val (f, limit) = (p.int("f"), p.int("limit")); Program(rt.run(() => oxDirect(f, limit, w), mode))
    }),
    new Impl(Catalog.alloc, "default", LoomSetup, "direct style")((rt, p, mode) => {
      val (f, limit) = (p.int("f"), p.int("limit")); val ops = new LoomOps(w, rt.executor)
      Program(rt.run(() => loomThreads(f, limit, w, ops), mode))
    })
  )
}
