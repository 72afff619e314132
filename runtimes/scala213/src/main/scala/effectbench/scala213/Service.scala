package effectbench.scala213

import effectbench.{Catalog, Impl, Live, NaReasons, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** service: no program in this group: neither runtime has a scheduler of its own, and scalaz no semaphore (NaReasons.service). */
object Service extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.service
  val row: Scala213Row = Scala213Row(scalaz = na(NaReasons.service), scalaAsync = na(NaReasons.service))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
