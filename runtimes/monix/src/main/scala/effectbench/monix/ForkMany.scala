package effectbench.monix

import cats.effect.concurrent.{Deferred, Ref}
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, Program, Work}
import monix.eval.Task

/** fork-many: the main fiber starts F fibers; each decrements the counter and the one that
  * reaches 0 completes the signal, which the main fiber awaits. Stresses fiber start and end;
  * unfair if the main fiber did not wait for every fiber, or one side used a cheaper counter. */
object ForkMany extends CountedScenarioImpls {
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
