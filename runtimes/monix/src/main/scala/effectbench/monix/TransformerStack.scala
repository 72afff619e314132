package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import effectbench.TransformerStackCats
import effectbench.TransformerStackModel.{failAt, summary}
import monix.eval.Task

/** transformer-stack on Monix Task: N steps that each read a config value from the environment,
  * add it to a state, and may fail with a typed error, through ReaderT/StateT/EitherT over Task
  * (the same stack as the modern group's). Unfair if the state were kept outside the effect. */
object TransformerStack extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.transformerStack
  val row: MonixRow = MonixRow(monix = runs(MonixSetup) ++ na(NaReasons.transformerStack))

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.transformerStack, "transformers", MonixSetup,
      "ReaderT[StateT[EitherT[F, Failed, *], Long, *], Int, *] written once over a Monad F, flatMap, F = Task")((rt, p, mode) => {
      val t = new TransformerStackCats.Transformers[Task]()(BusinessFlow.taskMonad).run(p.int("n"), failAt(p), p.int("config"))
      Program.summarized(rt.run(t, mode))(summary)
    })
  )
}
