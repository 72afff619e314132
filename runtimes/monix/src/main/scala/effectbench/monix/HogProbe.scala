package effectbench.monix

import effectbench.{Catalog, Impl, Live, LoadTarget, LoadWindow, ScenarioImpls, WindowProgram}
import monix.eval.Task
import monix.execution.Scheduler

/** hog-probe in this group: the program, its oracle and its same-work rules are the catalog's
  * (Catalog.hogProbe); the modern group's HogProbe says what keeps the cells the same work. Every
  * hog and probe starts with `Task.shift` onto the scheduler, as the group's `fork` entry does:
  * Monix runs a Task on the calling thread until its first async boundary, which here would be the
  * client's thread. The budget variants are execution models of the live scheduler (MonixLive.modelOf). */
object HogProbe extends ScenarioImpls {
  def step(i: Long, n: Long): Task[Long] = Task.unit.flatMap(_ => if (i == 0) Task.now(n) else step(i - 1, n + 1))

  def hog(w: LoadWindow, chains: Long, steps: Long): Task[Unit] =
    Task.eval(w.stopped).flatMap { stop =>
      if (stop) Task.eval(w.hogDone(chains, steps)) else step(w.chain, 0).flatMap(n => hog(w, chains + 1, steps + n))
    }

  def probe(w: LoadWindow, k: Int): Task[Unit] = Task.eval(w.answer(k))

  final class MonixTarget(s: Scheduler, opts: Task.Options) extends LoadTarget {
    def startHog(w: LoadWindow): Unit = Task.shift.flatMap(_ => hog(w, 0, 0)).runAsyncAndForgetOpt(s, opts)
    def submit(w: LoadWindow, k: Int): Unit = Task.shift.flatMap(_ => probe(w, k)).runAsyncAndForgetOpt(s, opts)
  }

  /** One cell per execution model (BudgetCells). */
  val impls: Vector[Impl[? <: Live]] =
    BudgetCells.monix(Catalog.hogProbe, "flatMap; Tasks by runAsyncAndForget after shift")((s, live, p, readBack) =>
      WindowProgram.hogProbe(new MonixTarget(s, live.options), p, readBack)
    )
}
