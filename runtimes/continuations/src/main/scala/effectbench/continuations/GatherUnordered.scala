package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** gather-unordered: no program in this group: Scala Continuations has no parallel combinator here (NaReasons.gatherUnordered). */
object GatherUnordered extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.gatherUnordered
  val row: ContinuationsRow = ContinuationsRow(continuations = na(NaReasons.gatherUnordered))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
