package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** gather: no program in this group: Scala Continuations has no parallel combinator here (NaReasons.gather). */
object Gather extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.gather
  val row: ContinuationsRow = ContinuationsRow(continuations = na(NaReasons.gather))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
