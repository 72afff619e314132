package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** raw-sum in direct style: no program on either runtime. On a virtual thread the sum is plain calls of the tasks, with no bind to
  * measure: the direct-style rule of docs/scenarios.md (NaReasons.rawSum). */
object RawSum extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.rawSum
  val row: LoomRow = LoomRow(ox = na(NaReasons.rawSum), loom = na(NaReasons.rawSum))
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
