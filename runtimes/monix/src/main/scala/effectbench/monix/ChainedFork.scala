package effectbench.monix

import cats.effect.concurrent.Deferred
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, Program, Work}
import monix.eval.Task

/** chained-fork: a chain of F fibers, each starting the next and ending; each link carries its
  * depth, counted along the chain, and the last completes the signal with it, so the result is
  * the chain's length F only if every link ran. Stresses fiber start latency along a chain;
  * unfair if one side ran the next link inline instead of as a new fiber. */
object ChainedFork extends CountedScenarioImpls {
  def monixTask(f: Int, w: Work): Task[Int] = {
    val ops = new MonixOps(w)
    Deferred[Task, Int].flatMap { done =>
      def link(n: Int, depth: Int): Task[Unit] =
        if (n == 1) ops.complete(done, depth) else ops.start(Task.defer(link(n - 1, depth + 1))).void
      ops.start(link(f, 1)).flatMap(_ => ops.await(done))
    }
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.chainedFork, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monixTask(p.int("f"), w); Program(rt.run(t, mode))
    })
  )
}
