package effectbench.scala212

import com.thoughtworks.dsl.keywords.Shift
import effectbench.{Catalog, Impl, Live, Oracles, Program, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import effectbench.scala212.DslTask.Task
import java.util.concurrent.Executor

/** raw-sum: one explicit bind per task, accumulator passed along. */
object RawSum extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.rawSum
  val row: Scala212Row = Scala212Row(dsl = runs(DslSetup))

  def dsl(tasks: List[Task[Int]], acc: Long): Task[Long] = tasks match {
    case head :: tail => Shift(head).cpsApply[Task[Long]](k => dsl(tail, acc + k))
    case Nil => DslTask.now(acc)
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.rawSum, "default", DslSetup, "Shift.cpsApply (explicit `!`)")((rt, p, mode) => {
      val ts = RunLoopTasks.dsl(p.int("n"), RunLoopTasks.onPool(p), rt.pool); Program(rt.run(dsl(ts, 0L), mode))
    })
  )
}
