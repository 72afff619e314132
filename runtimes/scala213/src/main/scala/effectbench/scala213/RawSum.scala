package effectbench.scala213

import effectbench.{Catalog, Impl, Live, NaReasons, Program, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import scalaz.concurrent.Task

/** raw-sum in this group: the program, its oracle and what would make it unfair are the catalog's
  * (Catalog.rawSum, docs/scenarios.md). scala-async has no bind to write by hand (its form of
  * this program is the future cell): n/a. */
object RawSum extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.rawSum
  val row: Scala213Row = Scala213Row(scalaz = runs(ScalazSetup), scalaAsync = na(NaReasons.rawSum))

  def scalaz(tasks: List[Task[Int]], acc: Long): Task[Long] = tasks match {
    case head :: tail => head.flatMap(k => scalaz(tail, acc + k))
    case Nil => Task.now(acc)
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.rawSum, "default", ScalazSetup, "explicit flatMap")((rt, p, mode) => {
      val ts = RunLoopTasks.scalaz(p.int("n"), RunLoopTasks.onPool(p), rt.pool); Program(rt.run(scalaz(ts, 0L), mode))
    })
  )
}
