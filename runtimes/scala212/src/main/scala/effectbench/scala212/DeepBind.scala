package effectbench.scala212

import com.thoughtworks.dsl.keywords.Shift
import effectbench.{Catalog, Impl, Live, Program, ScenarioImpls}
import effectbench.scala212.DslTask.Task

/** deep-bind: a chain of D flatMaps on one fiber, each on a unit effect.
  * Stresses the run loop's bind; it would be unfair to fuse the chain or to leave tracing on
  * for one runtime only (the levelled profile turns it off everywhere). */
object DeepBind extends ScenarioImpls {
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
