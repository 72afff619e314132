package effectbench.monix

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, MonixRow, Program, Scenario, Work}
import effectbench.Cover.runs
import monix.eval.{Fiber, Task}

/** scheduler-stress in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.schedulerStress, docs/scenarios.md). */
object SchedulerStress extends CountedScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.schedulerStress
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def monixTask(f: Int, limit: Int, w: Work): Task[Long] = {
    val ops = new MonixOps(w)
    def fiber(i: Int): Task[Int] =
      ops.shift.flatMap(_ => Task.eval(i)).flatMap { j =>
        ops.shift.flatMap { _ =>
          if (j > limit) ops.shift.flatMap(_ => Task.pure(j)) else ops.shift.flatMap(_ => fiber(j + 1))
        }
      }
    def startAll(i: Int, acc: List[Fiber[Int]]): Task[List[Fiber[Int]]] =
      if (i == f) Task.pure(acc) else ops.start(fiber(i)).flatMap(fb => startAll(i + 1, fb :: acc))
    def joinAll(fs: List[Fiber[Int]], sum: Long): Task[Long] = fs match {
      case Nil => Task.pure(sum)
      case h :: t => ops.join(h).flatMap(j => joinAll(t, sum + j))
    }
    startAll(0, Nil).flatMap(fs => joinAll(fs, 0L))
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.schedulerStress, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monixTask(p.int("f"), p.int("limit"), w); Program(rt.run(t, mode))
    })
  )
}
