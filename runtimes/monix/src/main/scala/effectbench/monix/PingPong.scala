package effectbench.monix

import cats.effect.concurrent.{Deferred, Ref}
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, MonixRow, Program, Scenario, Work}
import effectbench.Cover.runs
import monix.eval.Task

/** ping-pong in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.pingPong, docs/scenarios.md). Monix's queue of capacity 1 is its MVar
  * (ConcurrentQueue needs capacity >= 2; see MonixOps). */
object PingPong extends CountedScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.pingPong
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monixTask(f: Int, w: Work): Task[Int] = {
    val ops = new MonixOps(w)
    Ref.of[Task, Int](f).flatMap { counter =>
      MonixOps.oneSlotQueue[Unit].flatMap { q =>
        Deferred[Task, Unit].flatMap { done =>
          val worker = ops.start(ops.offer(q, ())).flatMap(_ => ops.take(q)).flatMap(_ => ops.decrement(counter))
            .flatMap(left => if (left == 0) ops.complete(done, ()) else Task.unit)
          def forkAll(i: Int): Task[Unit] = if (i == 0) Task.unit else ops.start(worker).flatMap(_ => forkAll(i - 1))
          forkAll(f).flatMap(_ => ops.await(done)).flatMap(_ => counter.get)
        }
      }
    }
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.pingPong, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monixTask(p.int("f"), w); Program(rt.run(t, mode))
    })
  )
}
