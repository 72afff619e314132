package effectbench.scala212

import effectbench.{Catalog, Impl, Live, NaReasons, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** gather-unordered: no program in this group: Dsl.scala has no parallel combinator here (NaReasons.gatherUnordered). */
object GatherUnordered extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.gatherUnordered
  val row: Scala212Row = Scala212Row(dsl = na(NaReasons.gatherUnordered))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
