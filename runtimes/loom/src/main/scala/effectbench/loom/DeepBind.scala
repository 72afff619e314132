package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** deep-bind in direct style: no program on either runtime. On a virtual thread the loop over a no-op step is plain code, with no bind to
  * measure: the direct-style rule of docs/scenarios.md (NaReasons.deepBind). */
object DeepBind extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.deepBind
  val row: LoomRow = LoomRow(ox = na(NaReasons.deepBind), loom = na(NaReasons.deepBind))
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
