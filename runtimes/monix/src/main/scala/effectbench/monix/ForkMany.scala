package effectbench.monix

import cats.effect.concurrent.{Deferred, Ref}
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, MonixRow, Program, Scenario, Work}
import effectbench.Cover.runs
import monix.eval.Task

/** fork-many in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.forkMany, docs/scenarios.md). */
object ForkMany extends CountedScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.forkMany
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monixTask(f: Int, w: Work): Task[Int] = {
    val ops = new MonixOps(w)
    Ref.of[Task, Int](f).flatMap { counter =>
      Deferred[Task, Unit].flatMap { done =>
        val worker = ops.decrement(counter).flatMap(left => if (left == 0) ops.complete(done, ()) else Task.unit)
        def forkAll(i: Int): Task[Unit] = if (i == 0) Task.unit else ops.start(worker).flatMap(_ => forkAll(i - 1))
        forkAll(f).flatMap(_ => ops.await(done)).flatMap(_ => counter.get)
      }
    }
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.forkMany, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monixTask(p.int("f"), w); Program(rt.run(t, mode))
    })
  )
}
