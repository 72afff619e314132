package effectbench.scala212

import com.thoughtworks.dsl.keywords.Shift
import effectbench.{Catalog, Impl, Live, Oracles, Program, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import effectbench.scala212.DslTask.Task
import java.util.concurrent.Executor

/** sequence: Dsl.scala has no sequence combinator: a fold of binds, by hand (as in the CPS task). */
object Sequence extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.sequence
  val row: Scala212Row = Scala212Row(dsl = runs(DslSetup))

  def dsl(tasks: List[Task[Int]]): Task[List[Int]] = {
    val all = tasks.foldLeft(DslTask.now(List.empty[Int])) { (acc, t) =>
      Shift(acc).cpsApply[Task[List[Int]]](ks => Shift(t).cpsApply[Task[List[Int]]](k => DslTask.now(k :: ks)))
    }
    Shift(all).cpsApply[Task[List[Int]]](ks => DslTask.now(ks.reverse))
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.sequence, "default", DslSetup, "foldLeft of Shift.cpsApply")((rt, p, mode) => {
      val ts = RunLoopTasks.dsl(p.int("n"), RunLoopTasks.onPool(p), rt.pool)
      Program.summarized(rt.run(dsl(ts), mode))(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
    })
  )
}
