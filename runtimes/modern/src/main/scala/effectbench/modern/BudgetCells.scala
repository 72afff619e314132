package effectbench.modern

import cats.effect.unsafe.IORuntime
import effectbench.{Impl, LatencyModel, Live, Params, Program, Scenario}

/** Family L's budget variants (LatencyModel.budgetVariants) as cells of this group, shared by
  * hog-probe and sleep-drift: one cell per budget a runtime can set, each run on the runtime of
  * that budget (CatsEffectLive.withBudget, ZioLive.forVariant) and reading back the budget of the
  * runtime it ran on (`cellAutoYieldBudget`). The budgets a runtime cannot set are n/a in the
  * catalog (NaReasons.budgetVariantsNa). The caller's file and line are the cells' source. */
object BudgetCells {

  /** Cats Effect's budgets: its auto-yield cannot be turned off (no `yield-off`). */
  val catsEffectVariants: Vector[String] = Vector(LatencyModel.Levelled, LatencyModel.Shipped, LatencyModel.Budget128)

  /** ZIO's: its budget is fixed, only cooperative yielding on (`levelled`) or off. */
  val zioVariants: Vector[String] = Vector(LatencyModel.Levelled, LatencyModel.YieldOff)

  /** A Cats Effect cell of each budget; `program` gets the budget's runtime and what it reads back. */
  def catsEffect(scenario: Scenario, syntax: String)(program: (IORuntime, Params, Vector[(String, String)]) => Program)(implicit
      file: sourcecode.File, line: sourcecode.Line
  ): Vector[Impl[? <: Live]] =
    catsEffectVariants.map(variant =>
      new Impl(scenario, variant, CatsEffectSetup, syntax)((live, p, _) => {
        val rt = live.withBudget(live.budgetOf(variant)); program(rt, p, live.budgetReadBack(rt))
      })
    )

  /** A ZIO cell of each of its variants; `program` gets the variant's runtime and what it reads back. */
  def zio(scenario: Scenario, syntax: String)(program: (_root_.zio.Runtime[Any], Params, Vector[(String, String)]) => Program)(implicit
      file: sourcecode.File, line: sourcecode.Line
  ): Vector[Impl[? <: Live]] =
    zioVariants.map(variant =>
      new Impl(scenario, variant, ZioSetup, syntax)((live, p, _) => {
        val rt = live.forVariant(variant); program(rt, p, live.budgetReadBack(rt))
      })
    )
}
