package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** left-sum in direct style: no program on either runtime. On a virtual thread the sum is plain calls of the tasks, with no bind to
  * measure: the direct-style rule of docs/scenarios.md (NaReasons.leftSum). */
object LeftSum extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.leftSum
  val row: LoomRow = LoomRow(ox = na(NaReasons.leftSum), loom = na(NaReasons.leftSum))
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
