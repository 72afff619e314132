package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import monix.eval.Task

/** right-sum in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.rightSum, docs/scenarios.md). */
object RightSum extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.rightSum
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monix(tasks: List[Task[Int]], acc: Long): Task[Long] = tasks match {
    case head :: tail => for { h <- head; sum <- monix(tail, acc + h) } yield sum
    case Nil => Task.now(acc)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.rightSum, "default", MonixSetup, "for-comprehension")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("n"), Tasks.onPool(p)); Program(rt.run(monix(ts, 0L), mode))
    })
  )
}
