package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.collection.mutable.ListBuffer
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

import RunLoopTasks.{C, Task, now}

/** right-sum: `loop(tail, head + acc)` in direct style: no for-comprehension, hence no trailing
  * map; the same binds as raw-sum. Unfair if compared with a for-comprehension without saying so. */
object RightSum extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.rightSum
  val row: ContinuationsRow = ContinuationsRow(continuations = runs(ContinuationsSetup))

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
