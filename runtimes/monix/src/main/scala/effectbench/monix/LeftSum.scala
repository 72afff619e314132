package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import monix.eval.Task

/** left-sum in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.leftSum, docs/scenarios.md). */
object LeftSum extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.leftSum
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monix(tasks: List[Task[Int]]): Task[Long] = tasks match {
    case head :: tail => for { h <- head; rest <- monix(tail) } yield h + rest
    case Nil => Task.now(0L)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.leftSum, "default", MonixSetup, "for-comprehension")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("n"), Tasks.onPool(p)); Program(rt.run(monix(ts), mode))
    })
  )
}
