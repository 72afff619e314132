package effectbench.modern

import cats.effect.IO
import cats.effect.unsafe.IORuntime
import effectbench.{
  Catalog,
  Impl,
  LatencyModel,
  Live,
  LoadTarget,
  LoadWindow,
  ModernRow,
  NaReasons,
  PlainLoad,
  Scenario,
  ScenarioImpls,
  WindowProgram
}
import effectbench.Cover.{na, runs}
import scala.concurrent.{ExecutionContext, Future}
import zio.{Unsafe, ZIO}

/** hog-probe in this group: the program, its oracle and its same-work rules are the catalog's
  * (Catalog.hogProbe). Same work: a hog's chain is `chain` binds of the runtime's own flatMap
  * (baseline: opaque steps, as in deep-bind), the stop flag is read inside the effect between
  * chains, and a probe is one fiber submitted from outside the runtime that answers its slot — no
  * cede, yield or sleep anywhere, so the only yields are those the runtime forces. Unfair would
  * be a hog that yields by hand, or a probe run on the client thread. The client, the schedule and
  * the clock are the harness's (LoadWindow). */
object HogProbe extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.hogProbe
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup) ++ na(NaReasons.latency),
    future = runs(FutureSetup) ++ na(NaReasons.latency),
    cps = na(NaReasons.latency),
    baseline = runs(BaselineSetup) ++ na(NaReasons.latency)
  )

  // ---- cats-effect ----
  def catsEffectStep(i: Long, n: Long): IO[Long] = IO.unit.flatMap(_ => if (i == 0) IO.pure(n) else catsEffectStep(i - 1, n + 1))

  def catsEffectHog(w: LoadWindow, chains: Long, steps: Long): IO[Unit] =
    IO(w.stopped).flatMap { stop =>
      if (stop) IO(w.hogDone(chains, steps)) else catsEffectStep(w.chain, 0).flatMap(n => catsEffectHog(w, chains + 1, steps + n))
    }

  def catsEffectProbe(w: LoadWindow, k: Int): IO[Unit] = IO(w.answer(k))

  /** Each hog and probe a fiber of its own, handed to the compute pool by `unsafeRunAndForget`; the
    * hogs are started by one fiber on the pool, as Monix's and Future's are: hogs sent from outside
    * wait in the external queue with the probes, which a worker takes from only now and then, and at
    * the levelled budget two of four could run no chain in a window. */
  final class CatsEffectTarget(rt: IORuntime, yields: Boolean) extends LoadTarget {
    override def everyHogRuns: Boolean = yields
    def startHog(w: LoadWindow): Unit = catsEffectHog(w, 0, 0).unsafeRunAndForget()(rt)
    override def startHogs(w: LoadWindow, n: Int): Unit =
      IO.unit.flatMap(_ => (1 to n).foldLeft(IO.unit)((acc, _) => acc.flatMap(_ => catsEffectHog(w, 0, 0).start.void)))
        .unsafeRunAndForget()(rt)
    def submit(w: LoadWindow, k: Int): Unit = catsEffectProbe(w, k).unsafeRunAndForget()(rt)
  }

  // ---- zio ----
  def zioStep(i: Long, n: Long): ZIO[Any, Nothing, Long] = ZIO.unit.flatMap(_ => if (i == 0) ZIO.succeed(n) else zioStep(i - 1, n + 1))

  def zioHog(w: LoadWindow, chains: Long, steps: Long): ZIO[Any, Nothing, Unit] =
    ZIO.succeed(w.stopped).flatMap { stop =>
      if (stop) ZIO.succeed(w.hogDone(chains, steps)) else zioStep(w.chain, 0).flatMap(n => zioHog(w, chains + 1, steps + n))
    }

  def zioProbe(w: LoadWindow, k: Int): ZIO[Any, Nothing, Unit] = ZIO.succeed(w.answer(k))

  /** Each hog and probe a fiber of its own, started as the group's `fork` entry does (ZioLive.run):
    * `runOrFork` of a program that begins with `yieldNow`, so it runs on ZIO's executor, not here. */
  final class ZioTarget(rt: zio.Runtime[Any], yields: Boolean) extends LoadTarget {
    override def everyHogRuns: Boolean = yields
    def start(z: ZIO[Any, Nothing, Unit]): Unit = Unsafe.unsafe { implicit u =>
      rt.unsafe.runOrFork(ZIO.yieldNow *> z); ()
    }
    def startHog(w: LoadWindow): Unit = start(zioHog(w, 0, 0))
    def submit(w: LoadWindow, k: Int): Unit = start(zioProbe(w, k))
  }

  // ---- future ----
  // Measured: every probe starves, the pool's own behaviour. Each bind is a task submitted from the
  // worker that ran the last (scala 2.13.16 Promise.scala, Transformation.submitWithValue:
  // `e.execute(this)`), ExecutionContext.global is a fork-join pool in async mode with no batching
  // (ExecutionContextImpl.scala l.81-109), a worker's submission goes to its own deque and the
  // client's probe to the submission queue, which JDK 25's WorkQueue.topLevelExec (ForkJoinPool.java
  // l.1448-1453) does not scan while the worker's deque holds the hog's next step.
  def futureStep(i: Long, n: Long)(implicit ec: ExecutionContext): Future[Long] =
    Future.unit.flatMap(_ => if (i == 0) Future.successful(n) else futureStep(i - 1, n + 1))

  def futureHog(w: LoadWindow, chains: Long, steps: Long)(implicit ec: ExecutionContext): Future[Unit] =
    Future(w.stopped).flatMap { stop =>
      if (stop) Future(w.hogDone(chains, steps)) else futureStep(w.chain, 0).flatMap(n => futureHog(w, chains + 1, steps + n))
    }

  def futureProbe(w: LoadWindow, k: Int)(implicit ec: ExecutionContext): Future[Unit] = Future(w.answer(k))

  /** The hogs are started by one task on the pool, as Monix's are: a hog started from outside
    * waits in the submission queue with the probes, and only as many hogs as workers would run. */
  final class FutureTarget(ec: ExecutionContext) extends LoadTarget {
    def startHog(w: LoadWindow): Unit = { futureHog(w, 0, 0)(ec); () }
    override def startHogs(w: LoadWindow, n: Int): Unit = ec.execute(() => (1 to n).foreach(_ => startHog(w)))
    def submit(w: LoadWindow, k: Int): Unit = { futureProbe(w, k)(ec); () }
  }

  // ---- baseline ----

  /** The cell of one budget, on the runtime of that budget (CatsEffectLive.forVariant and
    * ZioLive.forVariant, which sleep-drift's cells use too); the caller's file and line are the
    * cell's source, so the helper stays in this file, where the source extractor shows it. */
  private def catsEffectCell(variant: String)(implicit file: sourcecode.File, line: sourcecode.Line) =
    new Impl(Catalog.hogProbe, variant, CatsEffectSetup, "flatMap; fibers by unsafeRunAndForget")((live, p, _) => {
      val rt = live.forVariant(variant)
      WindowProgram.hogProbe(new CatsEffectTarget(rt, variant != LatencyModel.YieldOff), p, live.budgetReadBack(rt))
    })

  private def zioCell(variant: String)(implicit file: sourcecode.File, line: sourcecode.Line) =
    new Impl(Catalog.hogProbe, variant, ZioSetup, "flatMap; fibers by runOrFork after yieldNow")((live, p, _) => {
      val rt = live.forVariant(variant)
      WindowProgram.hogProbe(new ZioTarget(rt, variant != LatencyModel.YieldOff), p, live.budgetReadBack(rt))
    })

  val impls: Vector[Impl[? <: Live]] = Vector(
    catsEffectCell(LatencyModel.Levelled),
    catsEffectCell(LatencyModel.Shipped),
    catsEffectCell(LatencyModel.Budget128),
    catsEffectCell(LatencyModel.YieldOff),
    zioCell(LatencyModel.Levelled),
    zioCell(LatencyModel.YieldOff),
    new Impl(Catalog.hogProbe, LatencyModel.Levelled, FutureSetup, "flatMap on the global execution context")((live, p, _) =>
      WindowProgram.hogProbe(new FutureTarget(live.ec), p, Vector("cellAutoYieldBudget" -> "none (every bind is a pool task)"))
    ),
    new Impl(Catalog.hogProbe, LatencyModel.Levelled, BaselineSetup, "a loop of opaque steps per pool task")((live, p, _) =>
      WindowProgram.hogProbe(new PlainLoad.ExecutorTarget(live.pool), p,
        Vector("cellAutoYieldBudget" -> "none (a pool thread runs a task to its end)"))
    )
  )
}
