package effectbench.scala213

import effectbench.{Catalog, Impl, Live, NaReasons, Program, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import scalaz.concurrent.Task

/** deep-bind in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.deepBind, docs/scenarios.md). scala-async is n/a: in one async block an
  * await of a finished Future continues inline, so there is no bind to measure. */
object DeepBind extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.deepBind
  val row: Scala213Row = Scala213Row(scalaz = runs(ScalazSetup), scalaAsync = na(NaReasons.deepBind))

  def scalaz(d: Int): Task[Int] = {
    val unit = Task.now(())
    def loop(i: Int): Task[Int] = unit.flatMap(_ => if (i > d) Task.now(i) else loop(i + 1))
    loop(0)
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.deepBind, "default", ScalazSetup, "flatMap")((rt, p, mode) => {
      val t = scalaz(p.int("d")); Program(rt.run(t, mode))
    })
  )
}
