package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** hog-probe: no program in this group: Scala Continuations has no scheduler of its own, its tasks run on future's global pool (NaReasons.latency). */
object HogProbe extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.hogProbe
  val row: ContinuationsRow = ContinuationsRow(continuations = na(NaReasons.latency))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
