package effectbench.modern

import cats.effect.{Deferred, IO, Ref}
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, ModernRow, Program, Scenario, Work}
import effectbench.Cover.{notDefined, runs}
import java.util.concurrent.CompletableFuture
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.{ExecutionContext, Future, Promise}
import zio.{ZIO, Promise => ZPromise, Ref => ZRef}

/** yield-many in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.yieldMany, docs/scenarios.md). Here that means a yield that is a no-op or a
  * batched callback, which would not go back through the scheduler. */
object YieldMany extends CountedScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.yieldMany
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = notDefined,
    baseline = runs(BaselineSetup)
  )

  def catsEffect(f: Int, y: Int, w: Work): IO[Int] = {
    val ops = new CeOps(w)
    Ref[IO].of(f).flatMap { counter =>
      Deferred[IO, Unit].flatMap { done =>
        val countDown = ops.decrement(counter).flatMap(left => if (left == 0) ops.complete(done, ()) else IO.unit)
        def spin(n: Int): IO[Unit] = if (n == 0) countDown else ops.cede.flatMap(_ => spin(n - 1))
        def forkAll(i: Int): IO[Unit] = if (i == 0) IO.unit else ops.start(spin(y)).flatMap(_ => forkAll(i - 1))
        forkAll(f).flatMap(_ => ops.await(done)).flatMap(_ => counter.get)
      }
    }
  }

  def zio(f: Int, y: Int, w: Work): ZIO[Any, Nothing, Int] = {
    val ops = new ZioOps(w)
    ZRef.make(f).flatMap { counter =>
      ZPromise.make[Nothing, Unit].flatMap { done =>
        val countDown = ops.decrement(counter).flatMap(left => if (left == 0) ops.complete(done, ()) else ZIO.unit)
        def spin(n: Int): ZIO[Any, Nothing, Unit] = if (n == 0) countDown else ops.yieldNow.flatMap(_ => spin(n - 1))
        def forkAll(i: Int): ZIO[Any, Nothing, Unit] = if (i == 0) ZIO.unit else ops.fork(spin(y)).flatMap(_ => forkAll(i - 1))
        forkAll(f).flatMap(_ => ops.await(done)).flatMap(_ => counter.get)
      }
    }
  }

  def future(f: Int, y: Int, w: Work)(implicit ec: ExecutionContext): Future[Int] = {
    val ops = new FutureOps(w, ec)
    val counter = new AtomicInteger(f)
    val done = Promise[Unit]()
    def spin(n: Int): Future[Unit] =
      if (n == 0) { if (ops.decrement(counter) == 0) ops.complete(done, ()); Future.unit }
      else ops.yieldThen(spin(n - 1))
    var i = 0
    while (i < f) { ops.fork(spin(y)); i += 1 }
    ops.await(done).map(_ => counter.get)
  }

  def baseline(f: Int, y: Int, w: Work, ops: BaselineOps): CompletableFuture[Int] = {
    val counter = new AtomicInteger(f)
    val done = new CompletableFuture[Unit]()
    def spin(n: Int): Unit =
      if (n == 0) { if (ops.decrement(counter) == 0) ops.complete(done, ()) }
      else ops.yieldThen(spin(n - 1))
    var i = 0
    while (i < f) { ops.fork(spin(y)); i += 1 }
    ops.await(done).thenApply(_ => counter.get)
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.yieldMany, "default", CatsEffectSetup, "flatMap")((rt, p, mode) => {
      val io = catsEffect(p.int("f"), p.int("y"), w); Program(rt.run(io, mode))
    }),
    new Impl(Catalog.yieldMany, "default", ZioSetup, "flatMap")((rt, p, mode) => {
      val z = zio(p.int("f"), p.int("y"), w); Program(rt.run(z, mode))
    }),
    new Impl(Catalog.yieldMany, "default", FutureSetup, "callbacks and flatMap")((rt, p, mode) => {
      val (f, y) = (p.int("f"), p.int("y")); Program(rt.run(() => future(f, y, w)(rt.ec), mode))
    }),
    new Impl(Catalog.yieldMany, "default", BaselineSetup, "callbacks on a fixed pool")((rt, p, mode) => {
      val (f, y) = (p.int("f"), p.int("y")); val ops = new BaselineOps(w, rt.pool)
      Program(rt.runAsync(() => baseline(f, y, w, ops), mode))
    })
  )
}
