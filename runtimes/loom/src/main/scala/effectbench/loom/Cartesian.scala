package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** cartesian in direct style: no program on either runtime. On a virtual thread the traverse is
  * List.flatMap over plain calls, with no bind to measure (the direct-style rule of docs/scenarios.md),
  * and neither has a list transformer (NaReasons.cartesian). */
object Cartesian extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.cartesian
  val row: LoomRow = LoomRow(ox = na(NaReasons.cartesian), loom = na(NaReasons.cartesian))
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
