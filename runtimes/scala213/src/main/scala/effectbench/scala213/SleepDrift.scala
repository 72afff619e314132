package effectbench.scala213

import effectbench.{Catalog, Impl, Live, NaReasons, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** sleep-drift: no program in this group: neither runtime has a scheduler of its own to measure (NaReasons.sleepDrift). */
object SleepDrift extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.sleepDrift
  val row: Scala213Row = Scala213Row(scalaz = na(NaReasons.sleepDrift), scalaAsync = na(NaReasons.sleepDrift))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
