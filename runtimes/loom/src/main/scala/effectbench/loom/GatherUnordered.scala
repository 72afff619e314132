package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import java.util.concurrent.{ExecutorCompletionService, ExecutorService}

/** gather-unordered: every task on its own virtual thread, results taken in completion order by
  * java.util.concurrent's ExecutorCompletionService (native). Ox has no such combinator (n/a). */
object GatherUnordered extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.gatherUnordered
  val row: LoomRow = LoomRow(ox = na(NaReasons.gatherUnordered), loom = runs(LoomSetup))

  def loom(tasks: List[() => Int], ex: ExecutorService): Long = {
    val done = new ExecutorCompletionService[Integer](ex)
    tasks.foreach(t => done.submit(() => Integer.valueOf(t())))
    var sum = 0L; var i = 0
    while (i < tasks.length) { sum += done.take().get().intValue; i += 1 }
    sum
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.gatherUnordered, "default", LoomSetup, "ExecutorCompletionService; tasks=immediate: still a virtual thread per task")(
      (rt, p, mode) => {
        val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => loom(ts, rt.executor), mode))
      }
    )
  )
}
