package effectbench.modern

import cats.effect.{Deferred, IO, Ref}
import cats.effect.std.Queue
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, ModernRow, Program, Scenario, Work}
import effectbench.Cover.{notDefined, runs}
import java.util.concurrent.CompletableFuture
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.{ExecutionContext, Future, Promise}
import zio.{ZIO, Promise => ZPromise, Queue => ZQueue, Ref => ZRef}

/** ping-pong in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.pingPong, docs/scenarios.md). */
object PingPong extends CountedScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.pingPong
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = notDefined,
    baseline = runs(BaselineSetup)
  )

  private val item: AnyRef = java.lang.Boolean.TRUE // the queued item of future and baseline

  def catsEffect(f: Int, w: Work): IO[Int] = {
    val ops = new CeOps(w)
    Ref[IO].of(f).flatMap { counter =>
      Queue.bounded[IO, Unit](1).flatMap { q =>
        Deferred[IO, Unit].flatMap { done =>
          val worker = ops.start(ops.offer(q, ())).flatMap(_ => ops.take(q)).flatMap(_ => ops.decrement(counter))
            .flatMap(left => if (left == 0) ops.complete(done, ()) else IO.unit)
          def forkAll(i: Int): IO[Unit] = if (i == 0) IO.unit else ops.start(worker).flatMap(_ => forkAll(i - 1))
          forkAll(f).flatMap(_ => ops.await(done)).flatMap(_ => counter.get)
        }
      }
    }
  }

  def zio(f: Int, w: Work): ZIO[Any, Nothing, Int] = {
    val ops = new ZioOps(w)
    ZRef.make(f).flatMap { counter =>
      ZQueue.bounded[Unit](1).flatMap { q =>
        ZPromise.make[Nothing, Unit].flatMap { done =>
          val worker = ops.fork(ops.offer(q, ())).flatMap(_ => ops.take(q)).flatMap(_ => ops.decrement(counter))
            .flatMap(left => if (left == 0) ops.complete(done, ()) else ZIO.unit)
          def forkAll(i: Int): ZIO[Any, Nothing, Unit] = if (i == 0) ZIO.unit else ops.fork(worker).flatMap(_ => forkAll(i - 1))
          forkAll(f).flatMap(_ => ops.await(done)).flatMap(_ => counter.get)
        }
      }
    }
  }

  def future(f: Int, w: Work)(implicit ec: ExecutionContext): Future[Int] = {
    val ops = new FutureOps(w, ec)
    val counter = new AtomicInteger(f)
    val q = new CallbackQueue[AnyRef](1, ec.execute(_))
    val done = Promise[Unit]()
    def worker(): Future[Unit] = {
      ops.fork(ops.offer(q, item))
      ops.take(q).map(_ => if (ops.decrement(counter) == 0) ops.complete(done, ()))
    }
    var i = 0
    while (i < f) { ops.fork(worker()); i += 1 }
    ops.await(done).map(_ => counter.get)
  }

  def baseline(f: Int, w: Work, ops: BaselineOps, pool: java.util.concurrent.Executor): CompletableFuture[Int] = {
    val counter = new AtomicInteger(f)
    val q = new CallbackQueue[AnyRef](1, pool)
    val done = new CompletableFuture[Unit]()
    def countDown(): Unit = if (ops.decrement(counter) == 0) ops.complete(done, ())
    def worker(): Unit = {
      ops.fork(ops.offer(q, item, () => ()))
      if (ops.take(q, _ => countDown()) != null) countDown()
    }
    var i = 0
    while (i < f) { ops.fork(worker()); i += 1 }
    ops.await(done).thenApply(_ => counter.get)
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.pingPong, "default", CatsEffectSetup, "flatMap")((rt, p, mode) => {
      val io = catsEffect(p.int("f"), w); Program(rt.run(io, mode))
    }),
    new Impl(Catalog.pingPong, "default", ZioSetup, "flatMap")((rt, p, mode) => {
      val z = zio(p.int("f"), w); Program(rt.run(z, mode))
    }),
    new Impl(Catalog.pingPong, "default", FutureSetup, "callbacks and flatMap")((rt, p, mode) => {
      val f = p.int("f"); Program(rt.run(() => future(f, w)(rt.ec), mode))
    }),
    new Impl(Catalog.pingPong, "default", BaselineSetup, "callbacks on a fixed pool")((rt, p, mode) => {
      val f = p.int("f"); val ops = new BaselineOps(w, rt.pool)
      Program(rt.runAsync(() => baseline(f, w, ops, rt.pool), mode))
    })
  )
}
