package effectbench.scala212

import effectbench.{Catalog, Impl, Live, NaReasons, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** hog-probe: no program in this group: Dsl.scala has no scheduler of its own, its tasks run on future's global pool (NaReasons.latency). */
object HogProbe extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.hogProbe
  val row: Scala212Row = Scala212Row(dsl = na(NaReasons.latency))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
