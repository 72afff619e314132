package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, NaReasons, Scenario, ScenarioImpls}
import effectbench.Cover.na

/** sleep-drift: no program in this group: Scala Continuations has no scheduler of its own, its tasks run on future's global pool (NaReasons.sleepDrift). */
object SleepDrift extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.sleepDrift
  val row: ContinuationsRow = ContinuationsRow(continuations = na(NaReasons.sleepDrift))
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
