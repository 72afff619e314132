package effectbench.modern.toy

import effectbench.{Cover, Family, GroupRow, Impl, Live, NotApplicable, Oracles, ParamDef, ParamKind, Program, RuntimeInfo}
import effectbench.{Runtimes, Scenario, ScenarioImpls}
import effectbench.Cover.{na, notDefined, runs}
import effectbench.modern.BaselineSetup

/** A toy scenario, added the way CONTRIBUTING.md says (ToySuite keeps that true). In the repository
  * each piece goes in the file named beside it; here all live in test scope, in a package of their
  * own, so that the real group never sees them. */

/** Step 1 of "Add a scenario": its entry in the catalog (core/.../Catalog.scala, added to `scenarios`). */
object ToyCatalog {
  val toyNa: Vector[NotApplicable] = Vector(
    NotApplicable(Runtimes.CatsEffect, None, "a toy reason: an n/a reason names its runtime by its row"),
    NotApplicable(Runtimes.Baseline, Some("never-planned"), "an n/a reason may name one variant")
  )
  val toySum: Scenario = Scenario(
    id = "toy-sum", family = Family.RunLoop, title = "sum of 0 until N, one bind per number", origin = "CONTRIBUTING.md",
    stresses = "nothing: a walk-through", variants = Vector("default", "never-planned"),
    params = Vector(ParamDef("n", "1000", ParamKind.IntRange(1, 1000000), "how many numbers")),
    runtimes = Vector(Runtimes.CatsEffect.id, Runtimes.Baseline.id),
    notApplicable = toyNa,
    oracle = (_, p) => Oracles.triangle(p.long("n")).toString,
    work = p => Vector("binds" -> p.long("n")),
    program = "Add up 0 until N, one bind per number.", oracleDoc = "N(N - 1)/2"
  )
}

/** The toy's row, in place of the group's (ModernRow, every runtime of the group a field): the entries
  * of the two runtimes the toy is defined for, every other runtime of the group not defined, so that
  * a runtime added to the group leaves the walk-through as it is. */
final case class ToyRow(catsEffect: Cover, baseline: Cover) extends GroupRow {
  def cells: Vector[(RuntimeInfo, Cover)] = Runtimes.all.filter(_.group == "modern").map { r =>
    r -> (if (r == Runtimes.CatsEffect) catsEffect else if (r == Runtimes.Baseline) baseline else notDefined)
  }
}

/** Step 2 of "Add a scenario": one file per group whose runtimes it is defined for, an object named
  * after the scenario's id (`toy-sum`: `ToySum`) with every runtime of the group side by side in its row. */
object ToySum extends ScenarioImpls[ToyRow] {
  val scenario: Scenario = ToyCatalog.toySum
  val row: ToyRow = ToyRow(catsEffect = na(ToyCatalog.toyNa), baseline = runs(BaselineSetup) ++ na(ToyCatalog.toyNa))

  def baseline(n: Long): Long = {
    var acc = 0L
    var i = 0L
    while (i < n) { acc += i; i += 1 }
    acc
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(ToyCatalog.toySum, "default", BaselineSetup, "while loop")((rt, p, mode) => {
      val n = p.long("n"); Program(rt.run(() => baseline(n), mode))
    })
  )
}

/** The same scenario with baseline's entry n/a although the catalog plans its cell: the group refuses it. */
object ToyWrong extends ScenarioImpls[ToyRow] {
  val scenario: Scenario = ToyCatalog.toySum
  val row: ToyRow = ToySum.row.copy(baseline = na(ToyCatalog.toyNa))
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
