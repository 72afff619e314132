package effectbench.monix

import effectbench.{Catalog, Impl, LatencyModel, Live, LoadTarget, LoadWindow, MonixRow, Scenario, ScenarioImpls, WindowProgram}
import effectbench.Cover.runs
import monix.eval.Task
import monix.execution.Scheduler

/** hog-probe in this group: the program, its oracle and its same-work rules are the catalog's
  * (Catalog.hogProbe); the modern group's HogProbe says what keeps the cells the same work. Every
  * hog and probe starts with `Task.shift` onto the scheduler, as the group's `fork` entry does:
  * Monix runs a Task on the calling thread until its first async boundary, which here would be the
  * client's thread. The budget variants are execution models of the live scheduler (MonixLive.modelOf).
  *
  * Measured: Monix starves every probe at every batch size while hogs >= workers, and that is
  * Monix's own behaviour, not this program's. At the end of a batch the run loop re-submits the
  * fiber with a plain `scheduler.execute` (monix v3.4.1, monix-eval TaskRunLoop.scala l.199-202 and
  * l.222; not a TrampolinedRunnable, BatchingScheduler.scala l.47-54). Its schedulers are fork-join
  * pools (Scheduler.computation: ExecutorScheduler.forkJoinStatic, asyncMode; Scheduler.global over
  * ExecutionContext.global), whose `execute` from one of their own workers pushes onto that
  * worker's deque (AdaptedForkJoinPool.scala l.31-43), while the client's probe goes to the pool's
  * submission queue; JDK 25's ForkJoinPool.WorkQueue.topLevelExec (ForkJoinPool.java l.1448-1453)
  * drains the worker's own deque before it scans for submissions again, and a hog's continuation
  * is always in it. So the hogs are started by one task on the pool (`startHogs`): a hog started
  * from outside would wait in the submission queue with the probes, and only as many hogs as
  * workers would ever run. */
object HogProbe extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.hogProbe
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def step(i: Long, n: Long): Task[Long] = Task.unit.flatMap(_ => if (i == 0) Task.now(n) else step(i - 1, n + 1))

  def hog(w: LoadWindow, chains: Long, steps: Long): Task[Unit] =
    Task.eval(w.stopped).flatMap { stop =>
      if (stop) Task.eval(w.hogDone(chains, steps)) else step(w.chain, 0).flatMap(n => hog(w, chains + 1, steps + n))
    }

  def probe(w: LoadWindow, k: Int): Task[Unit] = Task.eval(w.answer(k))

  /** Starts `n` hogs from one task on `s`: each hog's leading shift is then a submission from a
    * worker, into the pool's own queues, which every worker takes from or steals. */
  def startAll(s: Scheduler, opts: Task.Options, n: Int, one: () => Task[Unit]): Unit =
    Task.shift.flatMap(_ => Task.eval((1 to n).foreach(_ => Task.shift.flatMap(_ => one()).runAsyncAndForgetOpt(s, opts))))
      .runAsyncAndForgetOpt(s, opts)

  final class MonixTarget(s: Scheduler, opts: Task.Options, yields: Boolean) extends LoadTarget {
    override def everyHogRuns: Boolean = yields
    def startHog(w: LoadWindow): Unit = Task.shift.flatMap(_ => hog(w, 0, 0)).runAsyncAndForgetOpt(s, opts)
    override def startHogs(w: LoadWindow, n: Int): Unit = startAll(s, opts, n, () => hog(w, 0, 0))
    def submit(w: LoadWindow, k: Int): Unit = Task.shift.flatMap(_ => probe(w, k)).runAsyncAndForgetOpt(s, opts)
  }

  /** The cell of one budget, on the scheduler of that budget (MonixLive.forVariant, which
    * sleep-drift's cells use too); the caller's file and line are the cell's source. */
  private def monixCell(variant: String)(implicit file: sourcecode.File, line: sourcecode.Line) =
    new Impl(Catalog.hogProbe, variant, MonixSetup, "flatMap; Tasks by runAsyncAndForget after shift")((live, p, _) => {
      val s = live.forVariant(variant)
      WindowProgram.hogProbe(new MonixTarget(s, live.options, variant != LatencyModel.YieldOff), p, live.budgetReadBack(s))
    })

  val impls: Vector[Impl[? <: Live]] = Vector(
    monixCell(LatencyModel.Levelled),
    monixCell(LatencyModel.Shipped),
    monixCell(LatencyModel.Budget128),
    monixCell(LatencyModel.YieldOff)
  )
}
