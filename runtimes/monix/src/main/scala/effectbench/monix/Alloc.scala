package effectbench.monix

import effectbench.{Catalog, CountedScenarioImpls, FiberWork, Impl, Live, MonixRow, Program, Scenario, Work}
import effectbench.Cover.runs
import monix.eval.{Fiber, Task}

/** alloc in this group: the program, its oracle and what would make it unfair are the catalog's
  * (Catalog.alloc, docs/scenarios.md). */
object Alloc extends CountedScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.alloc
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monixTask(f: Int, limit: Int, w: Work): Task[Long] = {
    val ops = new MonixOps(w)
    def fiber(i: Int): Task[Int] =
      ops.shift.flatMap(_ => ops.allocate(i)).flatMap { arr =>
        ops.shift.flatMap(_ => Task.eval(FiberWork.sumHashes(arr))).flatMap { _ =>
          if (i > limit) ops.shift.flatMap(_ => Task.pure(i)) else ops.shift.flatMap(_ => fiber(i + 1))
        }
      }
    def startAll(n: Int, acc: List[Fiber[Int]]): Task[List[Fiber[Int]]] =
      if (n == f) Task.pure(acc) else ops.start(fiber(0)).flatMap(fb => startAll(n + 1, fb :: acc))
    def joinAll(fs: List[Fiber[Int]], sum: Long): Task[Long] = fs match {
      case Nil => Task.pure(sum)
      case h :: t => ops.join(h).flatMap(j => joinAll(t, sum + j))
    }
    startAll(0, Nil).flatMap(fs => joinAll(fs, 0L))
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.alloc, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monixTask(p.int("f"), p.int("limit"), w); Program(rt.run(t, mode))
    })
  )
}
