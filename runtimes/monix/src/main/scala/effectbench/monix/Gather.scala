package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import monix.eval.Task

/** gather: N tasks run in parallel by the runtime's order-keeping combinator; the list must come
  * back in input order. Unfair if a side ran them sequentially or returned them unordered. */
object Gather extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.gather
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monix(tasks: List[Task[Int]]): Task[List[Int]] = Task.parSequence(tasks)

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.gather, "default", MonixSetup,
      "Task.parSequence; tasks=immediate: every task still started asynchronously (monix-eval 3.4.1 TaskParSequence: Task.unsafeStartEnsureAsync per task, checked with javap)")(
      (rt, p, mode) => {
        val ts = Tasks.monix(p.int("n"), Tasks.onPool(p))
        Program.summarized(rt.run(monix(ts), mode))(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
      }
    )
  )
}
