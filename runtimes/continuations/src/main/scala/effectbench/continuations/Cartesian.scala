package effectbench.continuations

import effectbench.{Catalog, Impl, Live, Oracles, Program}
import scala.collection.mutable.ListBuffer
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

import RunLoopTasks.{C, Task, now}

/** cartesian (traverse): direct-style recursion over rows and columns, each cell calling its two
  * tasks. No list transformer exists for continuations (n/a). */
object Cartesian {
  def continuations(rows: List[Task], columns: List[Task]): List[Int] @cps[C] = {
    val out = ListBuffer.empty[Int]
    rowsOf(rows, columns, out)
    out.toList
  }

  private def rowsOf(rs: List[Task], columns: List[Task], out: ListBuffer[Int]): Unit @cps[C] =
    if (rs.isEmpty) ()
    else {
      columnsOf(rs.head, columns, out)
      rowsOf(rs.tail, columns, out)
    }

  private def columnsOf(tx: Task, cs: List[Task], out: ListBuffer[Int]): Unit @cps[C] =
    if (cs.isEmpty) ()
    else {
      val x = tx()
      val y = cs.head()
      out += x
      out += y
      columnsOf(tx, cs.tail, out)
    }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.cartesian, "traverse", ContinuationsSetup, "shift/reset (@cps), recursion")((rt, p, mode) => {
      val ts = RunLoopTasks.tasks(p.int("s"), RunLoopTasks.onPool(p), rt)
      Program.summarized(rt.run(() => continuations(ts, ts), mode))(r => Oracles.cartesianOf(r.asInstanceOf[List[Int]]))
    })
  )
}
