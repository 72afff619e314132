package effectbench.monix

import cats.effect.concurrent.{Deferred, Ref}
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, MonixRow, Program, Scenario, Work}
import effectbench.Cover.runs
import monix.eval.Task

/** yield-many in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.yieldMany, docs/scenarios.md). */
object YieldMany extends CountedScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.yieldMany
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monixTask(f: Int, y: Int, w: Work): Task[Int] = {
    val ops = new MonixOps(w)
    Ref.of[Task, Int](f).flatMap { counter =>
      Deferred[Task, Unit].flatMap { done =>
        val countDown = ops.decrement(counter).flatMap(left => if (left == 0) ops.complete(done, ()) else Task.unit)
        def spin(n: Int): Task[Unit] = if (n == 0) countDown else ops.shift.flatMap(_ => spin(n - 1))
        def forkAll(i: Int): Task[Unit] = if (i == 0) Task.unit else ops.start(spin(y)).flatMap(_ => forkAll(i - 1))
        forkAll(f).flatMap(_ => ops.await(done)).flatMap(_ => counter.get)
      }
    }
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.yieldMany, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monixTask(p.int("f"), p.int("y"), w); Program(rt.run(t, mode))
    })
  )
}
