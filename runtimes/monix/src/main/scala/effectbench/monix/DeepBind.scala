package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import monix.eval.Task

/** deep-bind in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.deepBind, docs/scenarios.md). */
object DeepBind extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.deepBind
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monix(d: Int): Task[Int] = {
    def loop(i: Int): Task[Int] = Task.unit.flatMap(_ => if (i > d) Task.now(i) else loop(i + 1))
    loop(0)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.deepBind, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monix(p.int("d")); Program(rt.run(t, mode))
    })
  )
}
