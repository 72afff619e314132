package effectbench.modern

import cats.Monad
import cats.data.EitherT
import cats.effect.IO
import effectbench.{BusinessFlowCats, Catalog, Impl, Live, Mode, ModernRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, notDefined, runs}
import effectbench.BusinessFlowModel._
import effectbench.BusinessFlowCats.{Steps, Tagless, TaglessEitherT, validate}
import org.openjdk.jmh.infra.Blackhole
import scala.concurrent.{ExecutionContext, Future}
import scala.util.{Failure => Failed, Success}
import zio.{Task, UIO, ZIO}

/** business-flow: K service calls (validate, transform, one async boundary, fetch, call, bookkeeping)
  * around real CPU work, in each error-handling style. Unfair if a style skipped the boundary or
  * the bookkeeping, or if the steps differed: every style of a runtime calls the same step methods.
  * The step algebra and the tagless styles are effectbench.BusinessFlowCats, shared with monix. */
object BusinessFlow extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.businessFlow
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup) ++ na(NaReasons.businessFlow),
    zio = runs(ZioSetup),
    future = runs(FutureSetup) ++ na(NaReasons.businessFlow),
    cps = notDefined,
    baseline = runs(BaselineSetup) ++ na(NaReasons.businessFlow)
  )

  // ---------------------------------------------------------------- cats-effect

  final class IOSteps(c: Config) extends Steps[IO] {
    def draw(index: Int): IO[Draw] = IO(c.draw(index))
    def transform(i: Int): IO[Int] = IO { Blackhole.consumeCPU(c.transformTokens); i }
    def boundary: IO[Unit] = IO.cede
    def fetch(i: Int): IO[Int] = IO { Blackhole.consumeCPU(c.stepTokens); i }
    def call(d: Draw, i: Int): IO[Either[FlowError, Int]] =
      IO { Blackhole.consumeCPU(c.stepTokens); if (d.fails) Left(UhOh(d.reason)) else Right(i) }
    /** The exceptions style's outside call: the same work, failing with an exception. */
    def callOrThrow(d: Draw, i: Int): IO[Int] =
      IO { Blackhole.consumeCPU(c.stepTokens); if (d.fails) throw new UhOhException(d.reason) else i }
    def bookkeeping: IO[Unit] = IO(Blackhole.consumeCPU(c.stepTokens))
    def finish(i: Int): IO[Result] = IO { Blackhole.consumeCPU(c.stepTokens); Result(i) }
  }

  object CatsEffect {
    def either(s: IOSteps, index: Int): IO[Either[FlowError, Result]] =
      s.draw(index).flatMap { d =>
        validate(d) match {
          case Left(e) => IO.pure(Left(e))
          case Right(i) =>
            s.transform(i).flatMap { t =>
              s.boundary.flatMap { _ =>
                s.fetch(t).flatMap { f =>
                  s.call(d, f).flatMap {
                    case Left(e) => s.bookkeeping.as(Left(e))
                    case Right(v) => s.finish(v).map(Right(_))
                  }
                }
              }
            }
        }
      }

    def eitherT(s: IOSteps, index: Int): EitherT[IO, FlowError, Result] =
      for {
        d <- EitherT.liftF(s.draw(index))
        i <- EitherT.fromEither[IO](validate(d))
        t <- EitherT.liftF(s.transform(i))
        _ <- EitherT.liftF(s.boundary)
        f <- EitherT.liftF(s.fetch(t))
        v <- EitherT(s.call(d, f)).leftSemiflatMap(e => s.bookkeeping.as(e))
        r <- EitherT.liftF(s.finish(v))
      } yield r

    def exceptions(s: IOSteps, index: Int): IO[Result] =
      s.draw(index).flatMap { d =>
        (if (d.valid) IO.pure(d.input) else IO.raiseError(new InvalidException(d.input))).flatMap { i =>
          s.transform(i).flatMap { t =>
            s.boundary.flatMap { _ =>
              s.fetch(t).flatMap { f =>
                s.callOrThrow(d, f).onError { case _ => s.bookkeeping }.flatMap(s.finish)
              }
            }
          }
        }
      }

    /** K operations in sequence on one fiber; each outcome is counted as it completes. */
    def all(k: Int, op: (Int, Counter) => IO[Unit]): IO[Tally] = IO.defer {
      val counter = new Counter
      def loop(i: Int): IO[Unit] = if (i == k) IO.unit else op(i, counter).flatMap(_ => loop(i + 1))
      loop(0).map(_ => counter.tally)
    }
  }

  // ---------------------------------------------------------------- zio

  final class ZioSteps(c: Config) extends Steps[UIO] {
    def draw(index: Int): UIO[Draw] = ZIO.succeed(c.draw(index))
    def transform(i: Int): UIO[Int] = ZIO.succeed { Blackhole.consumeCPU(c.transformTokens); i }
    def boundary: UIO[Unit] = ZIO.yieldNow
    def fetch(i: Int): UIO[Int] = ZIO.succeed { Blackhole.consumeCPU(c.stepTokens); i }
    def call(d: Draw, i: Int): UIO[Either[FlowError, Int]] =
      ZIO.succeed { Blackhole.consumeCPU(c.stepTokens); if (d.fails) Left(UhOh(d.reason)) else Right(i) }
    /** The typed style's outside call: the same work, failing in ZIO's error channel. */
    def callTyped(d: Draw, i: Int): ZIO[Any, FlowError, Int] =
      ZIO.suspendSucceed { Blackhole.consumeCPU(c.stepTokens); if (d.fails) ZIO.fail(UhOh(d.reason)) else ZIO.succeed(i) }
    /** The exceptions style's outside call: the same work, throwing. */
    def callOrThrow(d: Draw, i: Int): Task[Int] =
      ZIO.attempt { Blackhole.consumeCPU(c.stepTokens); if (d.fails) throw new UhOhException(d.reason) else i }
    def bookkeeping: UIO[Unit] = ZIO.succeed(Blackhole.consumeCPU(c.stepTokens))
    def finish(i: Int): UIO[Result] = ZIO.succeed { Blackhole.consumeCPU(c.stepTokens); Result(i) }
  }

  object Zio {
    /** Cats type classes for ZIO, from zio-interop-cats. */
    implicit val uioMonad: Monad[UIO] = zio.interop.catz.core.monadErrorInstance[Any, Nothing]

    def either(s: ZioSteps, index: Int): UIO[Either[FlowError, Result]] =
      s.draw(index).flatMap { d =>
        validate(d) match {
          case Left(e) => ZIO.succeed(Left(e))
          case Right(i) =>
            s.transform(i).flatMap { t =>
              s.boundary.flatMap { _ =>
                s.fetch(t).flatMap { f =>
                  s.call(d, f).flatMap {
                    case Left(e) => s.bookkeeping.as(Left(e))
                    case Right(v) => s.finish(v).map(Right(_))
                  }
                }
              }
            }
        }
      }

    def eitherT(s: ZioSteps, index: Int): EitherT[UIO, FlowError, Result] =
      for {
        d <- EitherT.liftF(s.draw(index))
        i <- EitherT.fromEither[UIO](validate(d))
        t <- EitherT.liftF(s.transform(i))
        _ <- EitherT.liftF(s.boundary)
        f <- EitherT.liftF(s.fetch(t))
        v <- EitherT(s.call(d, f)).leftSemiflatMap(e => s.bookkeeping.as(e))
        r <- EitherT.liftF(s.finish(v))
      } yield r

    def typed(s: ZioSteps, index: Int): ZIO[Any, FlowError, Result] =
      s.draw(index).flatMap { d =>
        (if (d.valid) ZIO.succeed(d.input) else ZIO.fail(Invalid(d.input))).flatMap { i =>
          s.transform(i).flatMap { t =>
            s.boundary.flatMap { _ =>
              s.fetch(t).flatMap { f =>
                s.callTyped(d, f).tapError(_ => s.bookkeeping).flatMap(s.finish)
              }
            }
          }
        }
      }

    def exceptions(s: ZioSteps, index: Int): Task[Result] =
      s.draw(index).flatMap { d =>
        (if (d.valid) ZIO.succeed(d.input) else ZIO.fail(new InvalidException(d.input))).flatMap { i =>
          s.transform(i).flatMap { t =>
            s.boundary.flatMap { _ =>
              s.fetch(t).flatMap { f =>
                s.callOrThrow(d, f).tapError(_ => s.bookkeeping).flatMap(s.finish)
              }
            }
          }
        }
      }

    def all(k: Int, op: (Int, Counter) => UIO[Unit]): UIO[Tally] = ZIO.suspendSucceed {
      val counter = new Counter
      def loop(i: Int): UIO[Unit] = if (i == k) ZIO.unit else op(i, counter).flatMap(_ => loop(i + 1))
      loop(0).map(_ => counter.tally)
    }
  }

  // ---------------------------------------------------------------- future

  /** Every step is a `Future { ... }`, and every callback a task on the pool: Future's own cost. */
  final class FutureSteps(c: Config)(implicit ec: ExecutionContext) extends Steps[Future] {
    /** Cats' Monad for Future on this pool, made once (summoning it per bind would allocate one each time). */
    val monad: Monad[Future] = cats.instances.future.catsStdInstancesForFuture(ec)
    def draw(index: Int): Future[Draw] = Future(c.draw(index))
    def transform(i: Int): Future[Int] = Future { Blackhole.consumeCPU(c.transformTokens); i }
    /** Already on the pool: the next step's `Future { }` is the hop (Future cannot do fewer). */
    def boundary: Future[Unit] = Future.unit
    def fetch(i: Int): Future[Int] = Future { Blackhole.consumeCPU(c.stepTokens); i }
    def call(d: Draw, i: Int): Future[Either[FlowError, Int]] =
      Future { Blackhole.consumeCPU(c.stepTokens); if (d.fails) Left(UhOh(d.reason)) else Right(i) }
    def callOrThrow(d: Draw, i: Int): Future[Int] =
      Future { Blackhole.consumeCPU(c.stepTokens); if (d.fails) throw new UhOhException(d.reason) else i }
    def bookkeeping: Future[Unit] = Future(Blackhole.consumeCPU(c.stepTokens))
    def finish(i: Int): Future[Result] = Future { Blackhole.consumeCPU(c.stepTokens); Result(i) }
  }

  object Futures {
    def either(s: FutureSteps, index: Int)(implicit ec: ExecutionContext): Future[Either[FlowError, Result]] =
      s.draw(index).flatMap { d =>
        validate(d) match {
          case Left(e) => Future.successful(Left(e))
          case Right(i) =>
            s.transform(i).flatMap { t =>
              s.boundary.flatMap { _ =>
                s.fetch(t).flatMap { f =>
                  s.call(d, f).flatMap {
                    case Left(e) => s.bookkeeping.map(_ => Left(e))
                    case Right(v) => s.finish(v).map(Right(_))
                  }
                }
              }
            }
        }
      }

    def eitherT(s: FutureSteps, index: Int)(implicit ec: ExecutionContext): EitherT[Future, FlowError, Result] = {
      implicit val F: Monad[Future] = s.monad
      for {
        d <- EitherT.liftF(s.draw(index))
        i <- EitherT.fromEither[Future](validate(d))
        t <- EitherT.liftF(s.transform(i))
        _ <- EitherT.liftF(s.boundary)
        f <- EitherT.liftF(s.fetch(t))
        v <- EitherT(s.call(d, f)).leftSemiflatMap(e => s.bookkeeping.map(_ => e))
        r <- EitherT.liftF(s.finish(v))
      } yield r
    }

    def exceptions(s: FutureSteps, index: Int)(implicit ec: ExecutionContext): Future[Result] =
      s.draw(index).flatMap { d =>
        (if (d.valid) Future.successful(d.input) else Future.failed(new InvalidException(d.input))).flatMap { i =>
          s.transform(i).flatMap { t =>
            s.boundary.flatMap { _ =>
              s.fetch(t).flatMap { f =>
                s.callOrThrow(d, f).recoverWith { case e: UhOhException => s.bookkeeping.flatMap(_ => Future.failed(e)) }
                  .flatMap(s.finish)
              }
            }
          }
        }
      }

    def all(k: Int, op: (Int, Counter) => Future[Unit])(implicit ec: ExecutionContext): Future[Tally] = {
      val counter = new Counter
      def loop(i: Int): Future[Unit] = if (i == k) Future.unit else op(i, counter).flatMap(_ => loop(i + 1))
      loop(0).map(_ => counter.tally)
    }

    /** Counts a Future's outcome without failing the loop. */
    def counted[A](fa: Future[A], counter: Counter)(onSuccess: A => Unit)(implicit ec: ExecutionContext): Future[Unit] =
      fa.transform {
        case Success(a) => Success(onSuccess(a))
        case Failed(e) => scala.util.Try(counter.exception(e))
      }
  }

  // ---------------------------------------------------------------- baseline

  /** Plain sequential code: the work alone, with no effect and no async boundary (the floor). */
  object Baseline {
    private def transform(c: Config, i: Int): Int = { Blackhole.consumeCPU(c.transformTokens); i }
    private def fetch(c: Config, i: Int): Int = { Blackhole.consumeCPU(c.stepTokens); i }
    private def bookkeeping(c: Config): Unit = Blackhole.consumeCPU(c.stepTokens)
    private def finish(c: Config, i: Int): Result = { Blackhole.consumeCPU(c.stepTokens); Result(i) }

    def either(c: Config, index: Int): Either[FlowError, Result] = {
      val d = c.draw(index)
      validate(d) match {
        case Left(e) => Left(e)
        case Right(i) =>
          val f = fetch(c, transform(c, i))
          Blackhole.consumeCPU(c.stepTokens) // the outside call
          if (d.fails) { val e = UhOh(d.reason); bookkeeping(c); Left(e) }
          else Right(finish(c, f))
      }
    }

    def exceptions(c: Config, index: Int): Result = {
      val d = c.draw(index)
      if (!d.valid) throw new InvalidException(d.input)
      val f = fetch(c, transform(c, d.input))
      val v =
        try { Blackhole.consumeCPU(c.stepTokens); if (d.fails) throw new UhOhException(d.reason) else f }
        catch { case e: UhOhException => bookkeeping(c); throw e }
      finish(c, v)
    }

    def all(k: Int, op: (Int, Counter) => Unit): Tally = {
      val counter = new Counter
      var i = 0
      while (i < k) { op(i, counter); i += 1 }
      counter.tally
    }
  }

  // ---------------------------------------------------------------- wiring

  private def summarized(body: => Any) = Program.summarized(body)(String.valueOf)

  /** The one async boundary of docs/scenarios.md is CE's `IO.cede` / ZIO's `ZIO.yieldNow` here; on
    * the lone fiber of an operation it is the runtime's one-slot bypass (Tasks.ceCedeNote and
    * Tasks.zioYieldNote cite the sources), where Monix's shift and Future's callbacks are pool tasks.
    * ZIO's auto-trace: every ZIO operator takes an implicit `Trace` that a macro
    * (`zio.internal.stacktracer.Macros.autoTraceImpl`) builds at compile time; no runtime flag or
    * JVM property turns it off (zio-stacktracer 2.1.26, checked with javap on
    * zio-stacktracer_3-2.1.26.jar). So this file is compiled a second time with the empty trace
    * given at every call site, and the ZIO cells run that copy under `levelled` and this one under
    * `defaults` (effectbench.ZioAutoTrace). */
  private val boundaryCe = "; its one async boundary is IO.cede" + Tasks.ceCedeNote
  private val boundaryZio = "; its one async boundary is ZIO.yieldNow" + Tasks.zioYieldNote +
    "; ZIO auto-trace compiled out under levelled, on under defaults (as shipped)"

  private def ce(variant: String, syntax: String)(op: (IOSteps, Int, Counter) => IO[Unit])(
      implicit file: sourcecode.File, line: sourcecode.Line
  ) =
    new Impl(Catalog.businessFlow, variant, CatsEffectSetup, syntax + boundaryCe)((rt, p, mode) => {
      val c = config(p); val s = new IOSteps(c)
      val io = CatsEffect.all(c.k, (i, counter) => op(s, i, counter))
      summarized(rt.run(io, mode))
    })

  private def zioImpl(variant: String, syntax: String)(op: (ZioSteps, Int, Counter) => UIO[Unit])(
      implicit file: sourcecode.File, line: sourcecode.Line
  ) =
    new Impl(Catalog.businessFlow, variant, ZioSetup, syntax + boundaryZio)((rt, p, mode) => {
      val c = config(p); val s = new ZioSteps(c)
      val z = Zio.all(c.k, (i, counter) => op(s, i, counter))
      summarized(rt.run(z, mode))
    })

  private val futureNote =
    "; Future per step: every step is a Future { } on the global pool and every callback a pool task, so an operation makes about ten hops, not one"
  private def fut(variant: String, syntax: String)(op: (FutureSteps, Int, Counter, ExecutionContext) => Future[Unit])(
      implicit file: sourcecode.File, line: sourcecode.Line
  ) =
    new Impl(Catalog.businessFlow, variant, FutureSetup, syntax + futureNote)((rt, p, mode) => {
      val c = config(p); val ec = rt.ec; val s = new FutureSteps(c)(ec)
      summarized(rt.run(() => Futures.all(c.k, (i, counter) => op(s, i, counter, ec))(ec), mode))
    })

  val impls: Vector[Impl[? <: Live]] = Vector(
    ce("eithert", "EitherT[IO, FlowError, *] for-comprehension")((s, i, n) => CatsEffect.eitherT(s, i).value.map(n.outcome)),
    ce("either", "IO[Either[FlowError, A]] matched by hand, flatMap")((s, i, n) => CatsEffect.either(s, i).map(n.outcome)),
    ce("exceptions", "IO.raiseError with RuntimeException subclasses, onError, redeem")((s, i, n) =>
      CatsEffect.exceptions(s, i).redeem(n.exception, n.result)
    ),
    ce("tagless-syntax", "generic F[_]: Monad with Cats extension syntax, F = IO")((s, i, n) =>
      Tagless.withSyntax[IO](s, i).map(n.outcome)
    ),
    ce("tagless-plain", "generic F[_] with explicit Monad[F] calls, no syntax, F = IO")((s, i, n) =>
      Tagless.plain[IO](s, i).map(n.outcome)
    ),
    ce("tagless-eithert-syntax", "generic F[_]: Monad, EitherT for-comprehension with Cats syntax, F = IO")((s, i, n) =>
      TaglessEitherT.withSyntax[IO](s, i).map(n.outcome)
    ),
    ce("tagless-eithert-plain", "generic F[_], explicit calls on EitherT's Monad, no syntax, F = IO")((s, i, n) =>
      TaglessEitherT.plain[IO](s, i).map(n.outcome)
    ),
    zioImpl("eithert", "EitherT[UIO, FlowError, *] for-comprehension (zio-interop-cats Monad)")((s, i, n) =>
      Zio.eitherT(s, i).value.map(n.outcome)
    ),
    zioImpl("either", "UIO[Either[FlowError, A]] matched by hand, flatMap")((s, i, n) => Zio.either(s, i).map(n.outcome)),
    zioImpl("typed", "ZIO[Any, FlowError, A]: the typed error channel, tapError, fold")((s, i, n) =>
      Zio.typed(s, i).fold(n.error, n.result)
    ),
    zioImpl("exceptions", "Task with RuntimeException subclasses, tapError, fold")((s, i, n) =>
      Zio.exceptions(s, i).fold(n.exception, n.result)
    ),
    zioImpl("tagless-syntax", "generic F[_]: Monad with Cats extension syntax, F = UIO (zio-interop-cats)")((s, i, n) =>
      Tagless.withSyntax[UIO](s, i)(Zio.uioMonad).map(n.outcome)
    ),
    zioImpl("tagless-plain", "generic F[_] with explicit Monad[F] calls, no syntax, F = UIO (zio-interop-cats)")((s, i, n) =>
      Tagless.plain[UIO](s, i)(Zio.uioMonad).map(n.outcome)
    ),
    zioImpl("tagless-eithert-syntax", "generic F[_]: Monad, EitherT for-comprehension with Cats syntax, F = UIO (zio-interop-cats)")(
      (s, i, n) => TaglessEitherT.withSyntax[UIO](s, i)(Zio.uioMonad).map(n.outcome)
    ),
    zioImpl("tagless-eithert-plain", "generic F[_], explicit calls on EitherT's Monad, no syntax, F = UIO (zio-interop-cats)")((s, i, n) =>
      TaglessEitherT.plain[UIO](s, i)(Zio.uioMonad).map(n.outcome)
    ),
    fut("eithert", "EitherT[Future, FlowError, *] for-comprehension")((s, i, n, ec) =>
      Futures.eitherT(s, i)(ec).value.map(n.outcome)(ec)
    ),
    fut("either", "Future[Either[FlowError, A]] matched by hand, flatMap")((s, i, n, ec) =>
      Futures.either(s, i)(ec).map(n.outcome)(ec)
    ),
    fut("exceptions", "Future.failed with RuntimeException subclasses, recoverWith")((s, i, n, ec) =>
      Futures.counted(Futures.exceptions(s, i)(ec), n)(n.result)(ec)
    ),
    fut("tagless-syntax", "generic F[_]: Monad with Cats extension syntax, F = Future")((s, i, n, ec) =>
      Tagless.withSyntax[Future](s, i)(s.monad).map(n.outcome)(ec)
    ),
    fut("tagless-plain", "generic F[_] with explicit Monad[F] calls, no syntax, F = Future")((s, i, n, ec) =>
      Tagless.plain[Future](s, i)(s.monad).map(n.outcome)(ec)
    ),
    fut("tagless-eithert-syntax", "generic F[_]: Monad, EitherT for-comprehension with Cats syntax, F = Future")((s, i, n, ec) =>
      TaglessEitherT.withSyntax[Future](s, i)(s.monad).map(n.outcome)(ec)
    ),
    fut("tagless-eithert-plain", "generic F[_], explicit calls on EitherT's Monad, no syntax, F = Future")((s, i, n, ec) =>
      TaglessEitherT.plain[Future](s, i)(s.monad).map(n.outcome)(ec)
    ),
    new Impl(Catalog.businessFlow, "either", BaselineSetup, "plain Either values, no effect, no async boundary (the work alone)")(
      (rt, p, mode) => {
        val c = config(p)
        summarized(rt.run(() => Baseline.all(c.k, (i, n) => n.outcome(Baseline.either(c, i))), mode))
      }
    ),
    new Impl(Catalog.businessFlow, "exceptions", BaselineSetup, "throw and catch, no effect, no async boundary (the work alone)")(
      (rt, p, mode) => {
        val c = config(p)
        summarized(rt.run(
            () =>
              Baseline.all(c.k,
                (i, n) =>
                  try n.result(Baseline.exceptions(c, i))
                  catch { case e: InvalidException => n.exception(e); case e: UhOhException => n.exception(e) }), mode
          ))
      }
    )
  )
}
