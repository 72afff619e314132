package effectbench.scala212

import effectbench.{Catalog, Impl, Live, NaReasons, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** gather: no program in this group: Dsl.scala has no parallel combinator here (NaReasons.gather). */
object Gather extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.gather
  val row: Scala212Row = Scala212Row(dsl = na(NaReasons.gather))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
