package effectbench.scala212

import effectbench.{Catalog, Impl, Live, NaReasons, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** service: no program in this group: Dsl.scala has no scheduler of its own, its tasks run on future's global pool (NaReasons.service). */
object Service extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.service
  val row: Scala212Row = Scala212Row(dsl = na(NaReasons.service))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
