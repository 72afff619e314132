package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.collection.mutable.ListBuffer
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

import RunLoopTasks.{C, Task, now}

/** left-sum: `head + loop(tail)` in direct style; the plugin turns the pending `h + _` into the
  * continuation, so the recursion runs through the trampoline instead of the stack. */
object LeftSum extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.leftSum
  val row: ContinuationsRow = ContinuationsRow(continuations = runs(ContinuationsSetup))

  def continuations(tasks: List[Task]): Long @cps[C] =
    if (tasks.isEmpty) 0L
    else {
      val h = tasks.head()
      val rest = continuations(tasks.tail)
      h + rest
    }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.leftSum, "default", ContinuationsSetup, "shift/reset (@cps)")((rt, p, mode) => {
      val ts = RunLoopTasks.tasks(p.int("n"), RunLoopTasks.onPool(p), rt); Program(rt.run(() => continuations(ts), mode))
    })
  )
}
