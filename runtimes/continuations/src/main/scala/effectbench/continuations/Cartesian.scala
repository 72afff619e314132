package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, NaReasons, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

import RunLoopTasks.{C, Task, now}

/** cartesian (traverse): direct-style recursion over rows and columns, each cell calling its two
  * tasks. As in the other runtimes' traverse, each cell builds its pair list `List(x, y)` and
  * each level concatenates its result with the rest (a flatTraverse by hand: rows' lists joined,
  * each row the join of its pairs); appending into one buffer would skip that work. No list
  * transformer exists for continuations (n/a). */
object Cartesian extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.cartesian
  val row: ContinuationsRow = ContinuationsRow(continuations = runs(ContinuationsSetup) ++ na(NaReasons.cartesian))

  def continuations(rows: List[Task], columns: List[Task]): List[Int] @cps[C] = rowsOf(rows, columns)

  private def rowsOf(rs: List[Task], columns: List[Task]): List[Int] @cps[C] =
    if (rs.isEmpty) List.empty[Int]
    else {
      val row = columnsOf(rs.head, columns)
      row ++ rowsOf(rs.tail, columns)
    }

  private def columnsOf(tx: Task, cs: List[Task]): List[Int] @cps[C] =
    if (cs.isEmpty) List.empty[Int]
    else {
      val x = tx()
      val y = cs.head()
      val pair = List(x, y)
      pair ++ columnsOf(tx, cs.tail)
    }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.cartesian, "traverse", ContinuationsSetup, "shift/reset (@cps), recursion")((rt, p, mode) => {
      val ts = RunLoopTasks.tasks(p.int("s"), RunLoopTasks.onPool(p), rt)
      Program.summarized(rt.run(() => continuations(ts, ts), mode))(r => Oracles.cartesianOf(r.asInstanceOf[List[Int]]))
    })
  )
}
