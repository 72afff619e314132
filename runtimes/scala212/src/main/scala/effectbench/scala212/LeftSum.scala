package effectbench.scala212

import com.thoughtworks.dsl.keywords.Shift
import effectbench.{Catalog, Impl, Live, Oracles, Program, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import effectbench.scala212.DslTask.Task
import java.util.concurrent.Executor

/** left-sum: `!head + !loop(tail)`: two binds per task and the sum returned with `now`. */
object LeftSum extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.leftSum
  val row: Scala212Row = Scala212Row(dsl = runs(DslSetup))

  def dsl(tasks: List[Task[Int]]): Task[Long] = tasks match {
    case head :: tail =>
      Shift(head).cpsApply[Task[Long]](h => Shift(dsl(tail)).cpsApply[Task[Long]](rest => DslTask.now(h + rest)))
    case Nil => DslTask.now(0L)
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.leftSum, "default", DslSetup, "Shift.cpsApply (explicit `!`)")((rt, p, mode) => {
      val ts = RunLoopTasks.dsl(p.int("n"), RunLoopTasks.onPool(p), rt.pool); Program(rt.run(dsl(ts), mode))
    })
  )
}
