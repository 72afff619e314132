package effectbench.scala213

import effectbench.{Catalog, Impl, Live, NaReasons, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** hog-probe: no program in this group: neither runtime has a scheduler of its own to measure (NaReasons.latency). */
object HogProbe extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.hogProbe
  val row: Scala213Row = Scala213Row(scalaz = na(NaReasons.latency), scalaAsync = na(NaReasons.latency))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
