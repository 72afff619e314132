package effectbench.modern

import cats.effect.{Deferred, IO, Ref}
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, ModernRow, Program, Scenario, Work}
import effectbench.Cover.{notDefined, runs}
import java.util.concurrent.CompletableFuture
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.{ExecutionContext, Future, Promise}
import zio.{ZIO, Promise => ZPromise, Ref => ZRef}

/** fork-many in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.forkMany, docs/scenarios.md). */
object ForkMany extends CountedScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.forkMany
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = notDefined,
    baseline = runs(BaselineSetup)
  )

  def catsEffect(f: Int, w: Work): IO[Int] = {
    val ops = new CeOps(w)
    Ref[IO].of(f).flatMap { counter =>
      Deferred[IO, Unit].flatMap { done =>
        val worker = ops.decrement(counter).flatMap(left => if (left == 0) ops.complete(done, ()) else IO.unit)
        def forkAll(i: Int): IO[Unit] = if (i == 0) IO.unit else ops.start(worker).flatMap(_ => forkAll(i - 1))
        forkAll(f).flatMap(_ => ops.await(done)).flatMap(_ => counter.get)
      }
    }
  }

  def zio(f: Int, w: Work): ZIO[Any, Nothing, Int] = {
    val ops = new ZioOps(w)
    ZRef.make(f).flatMap { counter =>
      ZPromise.make[Nothing, Unit].flatMap { done =>
        val worker = ops.decrement(counter).flatMap(left => if (left == 0) ops.complete(done, ()) else ZIO.unit)
        def forkAll(i: Int): ZIO[Any, Nothing, Unit] = if (i == 0) ZIO.unit else ops.fork(worker).flatMap(_ => forkAll(i - 1))
        forkAll(f).flatMap(_ => ops.await(done)).flatMap(_ => counter.get)
      }
    }
  }

  def future(f: Int, w: Work)(implicit ec: ExecutionContext): Future[Int] = {
    val ops = new FutureOps(w, ec)
    val counter = new AtomicInteger(f)
    val done = Promise[Unit]()
    def worker(): Future[Unit] = { if (ops.decrement(counter) == 0) ops.complete(done, ()); Future.unit }
    var i = 0
    while (i < f) { ops.fork(worker()); i += 1 }
    ops.await(done).map(_ => counter.get)
  }

  def baseline(f: Int, w: Work, ops: BaselineOps): CompletableFuture[Int] = {
    val counter = new AtomicInteger(f)
    val done = new CompletableFuture[Unit]()
    def worker(): Unit = if (ops.decrement(counter) == 0) ops.complete(done, ())
    var i = 0
    while (i < f) { ops.fork(worker()); i += 1 }
    ops.await(done).thenApply(_ => counter.get)
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.forkMany, "default", CatsEffectSetup, "flatMap")((rt, p, mode) => {
      val io = catsEffect(p.int("f"), w); Program(rt.run(io, mode))
    }),
    new Impl(Catalog.forkMany, "default", ZioSetup, "flatMap")((rt, p, mode) => {
      val z = zio(p.int("f"), w); Program(rt.run(z, mode))
    }),
    new Impl(Catalog.forkMany, "default", FutureSetup, "callbacks and flatMap")((rt, p, mode) => {
      val f = p.int("f"); Program(rt.run(() => future(f, w)(rt.ec), mode))
    }),
    new Impl(Catalog.forkMany, "default", BaselineSetup, "callbacks on a fixed pool")((rt, p, mode) => {
      val f = p.int("f"); val ops = new BaselineOps(w, rt.pool); Program(rt.runAsync(() => baseline(f, w, ops), mode))
    })
  )
}
