package effectbench.modern

import cats.effect.IO
import cats.effect.unsafe.IORuntime
import effectbench.{
  Catalog,
  Impl,
  LatencyModel,
  Live,
  LoadWindow,
  ModernRow,
  NaReasons,
  PlainLoad,
  Scenario,
  ScenarioImpls,
  SleepTarget,
  WindowProgram
}
import effectbench.Cover.{na, runs}
import java.util.concurrent.{ExecutorService, ScheduledExecutorService, TimeUnit}
import scala.concurrent.duration.FiniteDuration
import zio.ZIO

/** sleep-drift in this group: the program, its oracle and its same-work rules are the catalog's
  * (Catalog.sleepDrift). Same work: the hogs are hog-probe's (HogProbe), each sleep is one sleep of
  * the runtime's own timer between two reads of the clock in the sleeper's fiber, and the sleepers
  * and hogs are fibers started from outside the runtime. Unfair would be a sleep written with a
  * timer of this repository's, or a sleeper that spins. The window and its clock are the harness's
  * (LoadWindow.runSleeps). */
object SleepDrift extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.sleepDrift
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup) ++ na(NaReasons.sleepDrift),
    future = na(NaReasons.sleepDrift),
    cps = na(NaReasons.sleepDrift),
    baseline = runs(BaselineSetup) ++ na(NaReasons.sleepDrift)
  )

  // ---- cats-effect ----
  def catsEffectSleeper(w: LoadWindow, s: Int, i: Int, d: FiniteDuration): IO[Unit] = {
    val k = s * w.slotsPerSleeper + i
    IO(w.expect(k, System.nanoTime() + d.toNanos)) *> IO.sleep(d) *> IO(w.answer(k)) *>
      IO(w.over || i + 1 >= w.slotsPerSleeper).flatMap(done => if (done) IO(w.sleeperDone()) else catsEffectSleeper(w, s, i + 1, d))
  }

  /** The hogs are hog-probe's, started as there (one fiber on the pool starts them all). */
  final class CatsEffectTarget(rt: IORuntime, d: FiniteDuration, yields: Boolean) extends SleepTarget {
    val hogs: HogProbe.CatsEffectTarget = new HogProbe.CatsEffectTarget(rt, yields)
    def startSleeper(w: LoadWindow, s: Int): Unit = catsEffectSleeper(w, s, 0, d).unsafeRunAndForget()(rt)
  }

  // ---- zio ----
  def zioSleeper(w: LoadWindow, s: Int, i: Int, d: zio.Duration): ZIO[Any, Nothing, Unit] = {
    val k = s * w.slotsPerSleeper + i
    ZIO.succeed(w.expect(k, System.nanoTime() + d.toNanos)) *> ZIO.sleep(d) *> ZIO.succeed(w.answer(k)) *>
      ZIO.succeed(w.over || i + 1 >= w.slotsPerSleeper).flatMap(done =>
        if (done) ZIO.succeed(w.sleeperDone()) else zioSleeper(w, s, i + 1, d)
      )
  }

  /** The hogs are hog-probe's; each sleeper is started as HogProbe.ZioTarget starts its fibers:
    * `runOrFork` of a program that begins with `yieldNow`. */
  final class ZioTarget(rt: zio.Runtime[Any], d: zio.Duration, yields: Boolean) extends SleepTarget {
    val hogs: HogProbe.ZioTarget = new HogProbe.ZioTarget(rt, yields)
    def startSleeper(w: LoadWindow, s: Int): Unit = hogs.start(zioSleeper(w, s, 0, d))
  }

  // ---- baseline ----
  /** One sleep: the scheduled executor's timer hands the wake to the fixed pool, where the sleeper
    * goes on (a callback: no pool thread blocks). */
  def baselineSleeper(pool: ExecutorService, timer: ScheduledExecutorService, w: LoadWindow, s: Int, i: Int, dNanos: Long): Unit = {
    val k = s * w.slotsPerSleeper + i
    w.expect(k, System.nanoTime() + dNanos)
    timer.schedule(
      (
          () =>
            pool.execute { () =>
              w.answer(k)
              if (w.over || i + 1 >= w.slotsPerSleeper) w.sleeperDone() else baselineSleeper(pool, timer, w, s, i + 1, dNanos)
            }
      ): Runnable,
      dNanos, TimeUnit.NANOSECONDS
    )
    ()
  }

  /** The hogs are hog-probe's (PlainLoad's tasks on the same pool). */
  final class BaselineTarget(pool: ExecutorService, timer: ScheduledExecutorService, dNanos: Long) extends SleepTarget {
    val hogs: PlainLoad.ExecutorTarget = new PlainLoad.ExecutorTarget(pool)
    def startSleeper(w: LoadWindow, s: Int): Unit = pool.execute(() => baselineSleeper(pool, timer, w, s, 0, dNanos))
  }

  private def sleepOf(p: effectbench.Params): Long = p.long("sleep-us") * 1000L

  /** The cell of one budget, on the runtime of that budget as hog-probe's (CatsEffectLive.forVariant,
    * ZioLive.forVariant); each sleeps on its runtime's own timer. Cats Effect's budget runtimes use
    * their work-stealing pool as scheduler, as the profile's runtime does (CatsEffectLive.withBudget:
    * `setScheduler(pool, ...)`; the pool is a `cats.effect.unsafe.Scheduler` with timers of its own,
    * `sleepers: TimerSkipList[]`, in 3.5.7 as in 3.7.1, checked with javap on cats-effect_3-3.5.7.jar),
    * so only the budget differs between them. The caller's file and line are the cell's source. */
  private def catsEffectCell(variant: String)(implicit file: sourcecode.File, line: sourcecode.Line) =
    new Impl(Catalog.sleepDrift, variant, CatsEffectSetup, "IO.sleep; fibers by unsafeRunAndForget")((live, p, _) => {
      val rt = live.forVariant(variant)
      WindowProgram.sleepDrift(
        new CatsEffectTarget(rt, FiniteDuration(sleepOf(p), TimeUnit.NANOSECONDS), variant != LatencyModel.YieldOff), p,
        live.budgetReadBack(rt)
      )
    })

  private def zioCell(variant: String)(implicit file: sourcecode.File, line: sourcecode.Line) =
    new Impl(Catalog.sleepDrift, variant, ZioSetup, "ZIO.sleep; fibers by runOrFork after yieldNow")((live, p, _) => {
      val rt = live.forVariant(variant)
      WindowProgram.sleepDrift(new ZioTarget(rt, zio.Duration.fromNanos(sleepOf(p)), variant != LatencyModel.YieldOff), p,
        live.budgetReadBack(rt))
    })

  val impls: Vector[Impl[? <: Live]] = Vector(
    catsEffectCell(LatencyModel.Levelled),
    catsEffectCell(LatencyModel.Shipped),
    catsEffectCell(LatencyModel.Budget128),
    catsEffectCell(LatencyModel.YieldOff),
    zioCell(LatencyModel.Levelled),
    zioCell(LatencyModel.YieldOff),
    new Impl(Catalog.sleepDrift, LatencyModel.Levelled, BaselineSetup, "ScheduledExecutorService hands each wake to the fixed pool")(
      (live, p, _) =>
        WindowProgram.sleepDrift(new BaselineTarget(live.pool, live.sleepTimer, sleepOf(p)), p,
          Vector("cellAutoYieldBudget" -> "none (a pool thread runs a task to its end)"))
    )
  )
}
