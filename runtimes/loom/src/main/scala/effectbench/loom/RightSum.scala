package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** right-sum in direct style: no program on either runtime. On a virtual thread the sum is plain calls of the tasks, with no bind to
  * measure: the direct-style rule of docs/scenarios.md (NaReasons.rightSum). */
object RightSum extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.rightSum
  val row: LoomRow = LoomRow(ox = na(NaReasons.rightSum), loom = na(NaReasons.rightSum))
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
