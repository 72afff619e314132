package effectbench.monix

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, MonixRow, Program, Scenario, Work}
import effectbench.Cover.runs
import monix.eval.Task

/** enqueue-dequeue in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.enqueueDequeue, docs/scenarios.md). Monix's queue of capacity 1 is its MVar
  * (ConcurrentQueue needs capacity >= 2; see MonixOps). */
object EnqueueDequeue extends CountedScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.enqueueDequeue
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monixTask(n: Int, w: Work): Task[Int] = {
    val ops = new MonixOps(w)
    MonixOps.oneSlotQueue[Int].flatMap { q =>
      def loop(i: Int, acc: Int): Task[Int] =
        if (i == n) Task.pure(acc) else ops.offer(q, 1).flatMap(_ => ops.take(q)).flatMap(x => loop(i + 1, acc + x))
      loop(0, 0)
    }
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.enqueueDequeue, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monixTask(p.int("n"), w); Program(rt.run(t, mode))
    })
  )
}
