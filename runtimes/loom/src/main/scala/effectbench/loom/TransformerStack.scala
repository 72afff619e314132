package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, notDefined, runs}
import effectbench.TransformerStackModel.{Failed, failAt, summary}
import ox.{either, ForkLocal}
import ox.either.fail

/** transformer-stack in Ox's direct style: N steps that each read the config from the
  * environment (a ForkLocal, Ox's scoped value), add it to a state (a var) and may fail with a
  * typed error (an `either` block). Unfair if the config were hoisted out of the loop. */
object TransformerStack extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.transformerStack
  val row: LoomRow = LoomRow(ox = runs(OxSetup) ++ na(NaReasons.transformerStack), loom = notDefined)

  val config: ForkLocal[Int] = ForkLocal(0)

  def native(n: Int, failAt: Long): Either[Failed, Long] = either {
    var state = 0L
    var i = 0
    while (i < n) {
      val c = config.get()
      if (i == failAt) Failed(i).fail()
      state += c
      i += 1
    }
    state
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.transformerStack, "native", OxSetup,
      "direct style: ForkLocal environment, a var, an either block with .fail()")((rt, p, mode) => {
      val (n, at, c) = (p.int("n"), failAt(p), p.int("config"))
      Program.summarized(rt.run(() => config.unsupervisedWhere(c)(native(n, at)), mode))(summary)
    })
  )
}
