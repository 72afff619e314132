package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import monix.eval.Task

/** sequence in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.sequence, docs/scenarios.md). Unfair if one side ran them in parallel. */
object Sequence extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.sequence
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monix(tasks: List[Task[Int]]): Task[List[Int]] = Task.sequence(tasks)

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.sequence, "default", MonixSetup, "Task.sequence")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("n"), Tasks.onPool(p))
      Program.summarized(rt.run(monix(ts), mode))(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
    })
  )
}
