package effectbench.scala212

import com.thoughtworks.dsl.keywords.Shift
import effectbench.{Catalog, Impl, Live, Oracles, Program, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import effectbench.scala212.DslTask.Task
import java.util.concurrent.Executor

/** cartesian (traverse): Dsl.scala has no traverse; the textbook recursion, each step binding a
  * cell (two binds) and the rest of the row. Its `Each` keyword needs the `!` plugin and the
  * domains-task join, neither served here: list-transformer is n/a. */
object Cartesian extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.cartesian
  val row: Scala212Row = Scala212Row(dsl =
    runs(DslSetup) ++ na("list-transformer",
      "Dsl.scala's Each needs the `!` compiler plugin and domains-task's join, neither served by the registry"))

  def flatTraverse[A, B](as: List[A])(f: A => Task[List[B]]): Task[List[B]] = as match {
    case a :: rest =>
      Shift(f(a)).cpsApply[Task[List[B]]](bs => Shift(flatTraverse(rest)(f)).cpsApply[Task[List[B]]](more => DslTask.now(bs ++ more)))
    case Nil => DslTask.now(Nil)
  }

  def dsl(rows: List[Task[Int]], columns: List[Task[Int]]): Task[List[Int]] = {
    def cell(tx: Task[Int], ty: Task[Int]): Task[List[Int]] =
      Shift(tx).cpsApply[Task[List[Int]]](x => Shift(ty).cpsApply[Task[List[Int]]](y => DslTask.now(List(x, y))))
    flatTraverse(rows)(tx => flatTraverse(columns)(ty => cell(tx, ty)))
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.cartesian, "traverse", DslSetup, "hand-written flatTraverse, Shift.cpsApply")((rt, p, mode) => {
      val ts = RunLoopTasks.dsl(p.int("s"), RunLoopTasks.onPool(p), rt.pool)
      Program.summarized(rt.run(dsl(ts, ts), mode))(r => Oracles.cartesianOf(r.asInstanceOf[List[Int]]))
    })
  )
}
