package effectbench.continuations

import effectbench.{Catalog, Impl, Live, Oracles, Program, ScenarioImpls}
import scala.collection.mutable.ListBuffer
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

import RunLoopTasks.{C, Task, now}

/** raw-sum: N tasks folded by direct-style recursion, accumulator passed along; each task call is
  * one bind the plugin writes. Unfair if the tasks were not @cps calls (then nothing would bind). */
object RawSum extends ScenarioImpls {
  def continuations(tasks: List[Task], acc: Long): Long @cps[C] =
    if (tasks.isEmpty) acc
    else {
      val k = tasks.head()
      continuations(tasks.tail, acc + k)
    }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.rawSum, "default", ContinuationsSetup, "shift/reset (@cps)")((rt, p, mode) => {
      val ts = RunLoopTasks.tasks(p.int("n"), RunLoopTasks.onPool(p), rt); Program(rt.run(() => continuations(ts, 0L), mode))
    })
  )
}
