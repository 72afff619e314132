package effectbench.monix

import effectbench.{Catalog, Impl, LatencyModel, Live, LoadTarget, LoadWindow, ScenarioImpls, WindowProgram}
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

  /** The cell of one budget, on the scheduler of that budget (MonixLive.forVariant, which
    * sleep-drift's cells use too); the caller's file and line are the cell's source. */
  private def monixCell(variant: String)(implicit file: sourcecode.File, line: sourcecode.Line) =
    new Impl(Catalog.hogProbe, variant, MonixSetup, "flatMap; Tasks by runAsyncAndForget after shift")((live, p, _) => {
      val s = live.forVariant(variant); WindowProgram.hogProbe(new MonixTarget(s, live.options), p, live.budgetReadBack(s))
    })

  val impls: Vector[Impl[? <: Live]] = Vector(
    monixCell(LatencyModel.Levelled),
    monixCell(LatencyModel.Shipped),
    monixCell(LatencyModel.Budget128),
    monixCell(LatencyModel.YieldOff)
  )
}
