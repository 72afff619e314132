package effectbench.monix

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, MonixRow, Program, Scenario, Work}
import effectbench.Cover.runs
import monix.eval.{Fiber, Task}

/** fork-join in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.forkJoin, docs/scenarios.md). */
object ForkJoin extends CountedScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.forkJoin
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monixTask(f: Int, w: Work): Task[Long] = {
    val ops = new MonixOps(w)
    // A body that runs on the fiber: `Task.pure(1).start` would start nothing, as Monix returns
    // a finished Fiber for an already-finished Task (monix/eval/internal/TaskStart.scala, `forked`).
    val one = Task.eval(1)
    def startAll(i: Int, acc: List[Fiber[Int]]): Task[List[Fiber[Int]]] =
      if (i == f) Task.pure(acc) else ops.start(one).flatMap(fb => startAll(i + 1, fb :: acc))
    def joinAll(fs: List[Fiber[Int]], sum: Long): Task[Long] = fs match {
      case Nil => Task.pure(sum)
      case h :: t => ops.join(h).flatMap(j => joinAll(t, sum + j))
    }
    startAll(0, Nil).flatMap(fs => joinAll(fs, 0L))
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.forkJoin, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monixTask(p.int("f"), w); Program(rt.run(t, mode))
    })
  )
}
