package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

/** deep-bind in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.deepBind, docs/scenarios.md). */
object DeepBind extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.deepBind
  val row: ContinuationsRow = ContinuationsRow(continuations = runs(ContinuationsSetup))

  /** The unit effect: a shift that resumes at once, through the trampoline. */
  def unitStep(): Unit @cps[TailRec[Unit]] = shift { (k: Unit => TailRec[Unit]) => TailCalls.tailcall(k(())) }

  /** Each bind is a `shift` the plugin turns into a flatMap of its Shift objects. */
  def continuations(d: Int): Int @cps[TailRec[Unit]] = {
    def loop(i: Int): Int @cps[TailRec[Unit]] = {
      unitStep()
      if (i > d) i else loop(i + 1)
    }
    loop(0)
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.deepBind, "default", ContinuationsSetup, "shift/reset (@cps)")((rt, p, mode) => {
      val d = p.int("d"); Program(rt.run(() => continuations(d), mode))
    })
  )
}
