package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, NaReasons, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import monix.eval.Task

/** cartesian (traverse): every pair [x, y] of two lists of S tasks, by Monix's Task.traverse then
  * flatten (what flatTraverse does); each cell is a for-comprehension of its two tasks. Unfair if
  * a side built the pairs outside the effect. Monix has no list transformer (n/a). */
object Cartesian extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.cartesian
  val row: MonixRow = MonixRow(monix = runs(MonixSetup) ++ na(NaReasons.cartesian))

  def monix(rows: List[Task[Int]], columns: List[Task[Int]]): Task[List[Int]] = {
    def cell(tx: Task[Int], ty: Task[Int]): Task[List[Int]] = for { x <- tx; y <- ty } yield List(x, y)
    Task.traverse(rows)(tx => Task.traverse(columns)(ty => cell(tx, ty)).map(_.flatten)).map(_.flatten)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.cartesian, "traverse", MonixSetup, "Task.traverse + for-comprehension")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("s"), Tasks.onPool(p))
      Program.summarized(rt.run(monix(ts, ts), mode))(r => Oracles.cartesianOf(r.asInstanceOf[List[Int]]))
    })
  )
}
