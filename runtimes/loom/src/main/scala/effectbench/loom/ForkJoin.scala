package effectbench.loom

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, Program, Work}
import ox.supervised

/** fork-join: start F fibers that each return 1, join all, sum. Stresses fork and join;
  * unfair if one side summed without joining every fiber. */
object ForkJoin extends CountedScenarioImpls {
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
