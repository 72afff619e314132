package effectbench.monix

import effectbench.{Catalog, Impl, LatencyModel, Live, LoadWindow, MonixRow, Scenario, ScenarioImpls, SleepTarget, WindowProgram}
import effectbench.Cover.runs
import monix.eval.Task
import monix.execution.Scheduler
import scala.concurrent.duration.FiniteDuration

/** sleep-drift in this group: the catalog's program (Catalog.sleepDrift) with the hogs of this
  * group's HogProbe and `Task.sleep` on the live scheduler's timer; every fiber starts with
  * `Task.shift` (see HogProbe). */
object SleepDrift extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.sleepDrift
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  def sleeper(w: LoadWindow, s: Int, i: Int, d: FiniteDuration): Task[Unit] = {
    val k = s * w.slotsPerSleeper + i
    Task.eval(w.expect(k, System.nanoTime() + d.toNanos)).flatMap(_ => Task.sleep(d)).flatMap(_ => Task.eval(w.answer(k)))
      .flatMap(_ => Task.eval(w.over || i + 1 >= w.slotsPerSleeper))
      .flatMap(done => if (done) Task.eval(w.sleeperDone()) else sleeper(w, s, i + 1, d))
  }

  /** The hogs are hog-probe's, started as there (one task on the pool starts them all). */
  final class MonixTarget(sch: Scheduler, opts: Task.Options, d: FiniteDuration, yields: Boolean) extends SleepTarget {
    val hogs: HogProbe.MonixTarget = new HogProbe.MonixTarget(sch, opts, yields)
    def startSleeper(w: LoadWindow, s: Int): Unit = Task.shift.flatMap(_ => sleeper(w, s, 0, d)).runAsyncAndForgetOpt(sch, opts)
  }

  /** The cell of one budget, on the scheduler of that budget as hog-probe's (MonixLive.forVariant).
    * `Task.sleep` uses the timer of the variant's scheduler, which `withExecutionModel` keeps:
    * AsyncScheduler and both ExecutorSchedulers build the copy from their own
    * ScheduledExecutorService and pool, only the model new (monix-execution_3-3.4.1.jar, checked
    * with javap). The caller's file and line are the cell's source. */
  private def monixCell(variant: String)(implicit file: sourcecode.File, line: sourcecode.Line) =
    new Impl(Catalog.sleepDrift, variant, MonixSetup, "Task.sleep; Tasks by runAsyncAndForget after shift")((live, p, _) => {
      val s = live.forVariant(variant)
      WindowProgram.sleepDrift(
        new MonixTarget(s, live.options, FiniteDuration(p.long("sleep-us") * 1000L, java.util.concurrent.TimeUnit.NANOSECONDS),
          variant != LatencyModel.YieldOff), p,
        live.budgetReadBack(s)
      )
    })

  val impls: Vector[Impl[? <: Live]] = Vector(
    monixCell(LatencyModel.Levelled),
    monixCell(LatencyModel.Shipped),
    monixCell(LatencyModel.Budget128),
    monixCell(LatencyModel.YieldOff)
  )
}
