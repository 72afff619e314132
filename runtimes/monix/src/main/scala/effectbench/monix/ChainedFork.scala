package effectbench.monix

import cats.effect.concurrent.Deferred
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, MonixRow, Program, Scenario, Work}
import effectbench.Cover.runs
import monix.eval.Task

/** chained-fork in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.chainedFork, docs/scenarios.md). */
object ChainedFork extends CountedScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.chainedFork
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

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
