package effectbench.scala212

import com.thoughtworks.dsl.keywords.Shift
import effectbench.{Catalog, Impl, Live, Program, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import effectbench.scala212.DslTask.Task

/** deep-bind in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.deepBind, docs/scenarios.md). */
object DeepBind extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.deepBind
  val row: Scala212Row = Scala212Row(dsl = runs(DslSetup))

  /** Each bind is what Dsl.scala's `!` plugin writes for `!Shift(unit); rest`: the Shift keyword's
    * cpsApply with the rest as its handler (the plugin is not served, so the call is explicit). */
  def dsl(d: Int): Task[Int] = {
    def loop(i: Int): Task[Int] =
      Shift(DslTask.unit).cpsApply[Task[Int]](_ => if (i > d) DslTask.now(i) else loop(i + 1))
    loop(0)
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.deepBind, "default", DslSetup, "Shift.cpsApply (explicit `!`)")((rt, p, mode) => {
      val t = dsl(p.int("d")); Program(rt.run(t, mode))
    })
  )
}
