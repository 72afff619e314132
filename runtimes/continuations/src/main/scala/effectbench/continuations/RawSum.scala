package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.collection.mutable.ListBuffer
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

import RunLoopTasks.{C, Task, now}

/** raw-sum: N tasks folded by direct-style recursion, accumulator passed along; each task call is
  * one bind the plugin writes. Unfair if the tasks were not @cps calls (then nothing would bind). */
object RawSum extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.rawSum
  val row: ContinuationsRow = ContinuationsRow(continuations = runs(ContinuationsSetup))

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
