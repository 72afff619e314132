package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** sequence in direct style: no program on either runtime. On a virtual thread the sequence is List.map over plain calls of the tasks, with no bind to
  * measure: the direct-style rule of docs/scenarios.md (NaReasons.sequence). */
object Sequence extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.sequence
  val row: LoomRow = LoomRow(ox = na(NaReasons.sequence), loom = na(NaReasons.sequence))
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
