package effectbench.monix

import effectbench.{Impl, LatencyModel, Live, Params, Program, Scenario}
import monix.execution.Scheduler

/** Family L's budget variants (LatencyModel.budgetVariants) as Monix cells, shared by hog-probe and
  * sleep-drift: one cell per variant, each run on the live scheduler with the variant's execution
  * model (MonixLive.modelOf, withModel: the same pool and timer, its batch changed) and reading
  * back the model it ran on (`cellAutoYieldBudget`). The caller's file and line are the cells' source. */
object BudgetCells {
  /** `program` gets the variant's scheduler, the live Task options and what the cell reads back. */
  def monix(scenario: Scenario, syntax: String)(program: (Scheduler, MonixLive, Params, Vector[(String, String)]) => Program)(implicit
      file: sourcecode.File, line: sourcecode.Line
  ): Vector[Impl[? <: Live]] =
    LatencyModel.budgetVariants.map(variant =>
      new Impl(scenario, variant, MonixSetup, syntax)((live, p, _) => {
        val s = live.withModel(live.modelOf(variant)); program(s, live, p, live.budgetReadBack(s))
      })
    )
}
