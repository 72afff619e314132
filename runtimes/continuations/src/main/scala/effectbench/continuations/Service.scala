package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** service: no program in this group: Scala Continuations has no scheduler of its own, its tasks run on future's global pool (NaReasons.service). */
object Service extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.service
  val row: ContinuationsRow = ContinuationsRow(continuations = na(NaReasons.service))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
