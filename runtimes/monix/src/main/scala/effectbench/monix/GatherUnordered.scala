package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import monix.eval.Task

/** gather-unordered: N tasks in parallel, results in completion order: Monix's native
  * parSequenceUnordered (the benchmark's origin). Unfair if emulated elsewhere with a queue. */
object GatherUnordered extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.gatherUnordered
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monix(tasks: List[Task[Int]]): Task[Long] = Task.parSequenceUnordered(tasks).map(_.foldLeft(0L)(_ + _))

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.gatherUnordered, "default", MonixSetup,
      "Task.parSequenceUnordered; tasks=immediate: every task still started asynchronously (monix-eval 3.4.1 TaskParSequenceUnordered: Task.unsafeStartEnsureAsync per task, checked with javap)")(
      (rt, p, mode) => {
        val ts = Tasks.monix(p.int("n"), Tasks.onPool(p)); Program(rt.run(monix(ts), mode))
      }
    )
  )
}
