package effectbench.continuations

import effectbench.{Catalog, Impl, Live, Oracles, Program, ScenarioImpls}
import scala.collection.mutable.ListBuffer
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

import RunLoopTasks.{C, Task, now}

/** right-sum: `loop(tail, head + acc)` in direct style: no for-comprehension, hence no trailing
  * map; the same binds as raw-sum. Unfair if compared with a for-comprehension without saying so. */
object RightSum extends ScenarioImpls {
  def continuations(tasks: List[Task], acc: Long): Long @cps[C] =
    if (tasks.isEmpty) acc
    else {
      val h = tasks.head()
      continuations(tasks.tail, h + acc)
    }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.rightSum, "default", ContinuationsSetup, "shift/reset (@cps)")((rt, p, mode) => {
      val ts = RunLoopTasks.tasks(p.int("n"), RunLoopTasks.onPool(p), rt); Program(rt.run(() => continuations(ts, 0L), mode))
    })
  )
}
