package effectbench.loom

import effectbench.{Impl, Live, Program, Work}
import ox.supervised

/** fork-join: start F fibers that each return 1, join all, sum. Stresses fork and join;
  * unfair if one side summed without joining every fiber. */
object ForkJoin {
  private val file = "runtimes/loom/src/main/scala/effectbench/loom/ForkJoin.scala"

  def oxDirect(f: Int, w: Work): Long = supervised {
    val ops = new OxOps(w)
    val fs = Vector.fill(f)(ops.fork(1))
    fs.foldLeft(0L)((sum, fb) => sum + ops.join(fb))
  }

  def loomThreads(f: Int, w: Work, ops: LoomOps): Long = {
    val fs = Vector.fill(f)(ops.fork(1))
    fs.foldLeft(0L)((sum, fb) => sum + ops.join(fb))
  }

  def impls(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl("fork-join", "default", OxSetup, s"$file#oxDirect", "direct style")((rt, p, mode) => {
      val f = p.int("f"); Program(rt.run(() => oxDirect(f, w), mode))
    }),
    new Impl("fork-join", "default", LoomSetup, s"$file#loomThreads", "direct style")((rt, p, mode) => {
      val f = p.int("f"); val ops = new LoomOps(w, rt.executor); Program(rt.run(() => loomThreads(f, w, ops), mode))
    })
  )
}
