package effectbench.scala213

import effectbench.{Catalog, Impl, Live, NaReasons, Oracles, Program, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import scalaz.ListT
import scalaz.concurrent.Task
import scalaz.std.list._
import scalaz.syntax.traverse._

/** cartesian: every pair [x, y] of two lists of S tasks. traverse: scalaz traverseM (traverse then
  * join; scala-async's is n/a, see NaReasons.cartesian); list-transformer: scalaz 7.2's ListT over Task, one ListT bind per task and per pair. Unfair if
  * a side built the pairs without running the tasks. */
object Cartesian extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.cartesian
  val row: Scala213Row = Scala213Row(scalaz = runs(ScalazSetup), scalaAsync = na(NaReasons.cartesian))

  private def cell(tx: Task[Int], ty: Task[Int]): Task[List[Int]] = for { x <- tx; y <- ty } yield List(x, y)

  def scalazTraverse(rows: List[Task[Int]], columns: List[Task[Int]]): Task[List[Int]] =
    rows.traverseM[Task, Int](tx => columns.traverseM[Task, Int](ty => cell(tx, ty)))

  def scalazListT(rows: List[Task[Int]], columns: List[Task[Int]]): Task[List[Int]] = (for {
    tx <- ListT(Task.now(rows))
    ty <- ListT(Task.now(columns))
    x <- ListT(tx.map(List(_)))
    y <- ListT(ty.map(List(_)))
    v <- ListT(Task.now(List(x, y)))
  } yield v).run

  private def summarized(body: => Any) = Program.summarized(body)(r => Oracles.cartesianOf(r.asInstanceOf[List[Int]]))
  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.cartesian, "traverse", ScalazSetup, "traverseM + for-comprehension")((rt, p, mode) => {
      val ts = RunLoopTasks.scalaz(p.int("s"), RunLoopTasks.onPool(p), rt.pool); summarized(rt.run(scalazTraverse(ts, ts), mode))
    }),
    new Impl(Catalog.cartesian, "list-transformer", ScalazSetup, "ListT for-comprehension")((rt, p, mode) => {
      val ts = RunLoopTasks.scalaz(p.int("s"), RunLoopTasks.onPool(p), rt.pool); summarized(rt.run(scalazListT(ts, ts), mode))
    })
  )
}
