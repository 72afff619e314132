package effectbench.scala213

import effectbench.{Catalog, Impl, Live, NaReasons, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.{na, notDefined}

/** alloc: no program in this group. scalaz 7.2's Task has no start/join fiber handle, Ref, promise or
  * queue to write it with (NaReasons.fiber); the scheduler family is not scala-async's (its row of the runtime table). */
object Alloc extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.alloc
  val row: Scala213Row = Scala213Row(scalaz = na(NaReasons.fiber), scalaAsync = notDefined)
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
