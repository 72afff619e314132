package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import monix.eval.Task

/** raw-sum in this group: the program, its oracle and what would make it unfair are the catalog's
  * (Catalog.rawSum, docs/scenarios.md). */
object RawSum extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.rawSum
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monix(tasks: List[Task[Int]], acc: Long): Task[Long] = tasks match {
    case head :: tail => head.flatMap(k => monix(tail, acc + k))
    case Nil => Task.now(acc)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.rawSum, "default", MonixSetup, "explicit flatMap")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("n"), Tasks.onPool(p)); Program(rt.run(monix(ts, 0L), mode))
    })
  )
}
