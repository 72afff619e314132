package effectbench.scala212

import effectbench.{Catalog, Impl, Live, NaReasons, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** sleep-drift: no program in this group: Dsl.scala has no scheduler of its own, its tasks run on future's global pool (NaReasons.sleepDrift). */
object SleepDrift extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.sleepDrift
  val row: Scala212Row = Scala212Row(dsl = na(NaReasons.sleepDrift))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
