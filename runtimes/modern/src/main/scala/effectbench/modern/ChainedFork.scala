package effectbench.modern

import cats.effect.{Deferred, IO}
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, ModernRow, Program, Scenario, Work}
import effectbench.Cover.{notDefined, runs}
import java.util.concurrent.CompletableFuture
import scala.concurrent.{ExecutionContext, Future, Promise}
import zio.{ZIO, Promise => ZPromise}

/** chained-fork in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.chainedFork, docs/scenarios.md). */
object ChainedFork extends CountedScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.chainedFork
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = notDefined,
    baseline = runs(BaselineSetup)
  )

  def catsEffect(f: Int, w: Work): IO[Int] = {
    val ops = new CeOps(w)
    Deferred[IO, Int].flatMap { done =>
      def link(n: Int, depth: Int): IO[Unit] =
        if (n == 1) ops.complete(done, depth) else ops.start(IO.defer(link(n - 1, depth + 1))).void
      ops.start(link(f, 1)).flatMap(_ => ops.await(done))
    }
  }

  def zio(f: Int, w: Work): ZIO[Any, Nothing, Int] = {
    val ops = new ZioOps(w)
    ZPromise.make[Nothing, Int].flatMap { done =>
      def link(n: Int, depth: Int): ZIO[Any, Nothing, Unit] =
        if (n == 1) ops.complete(done, depth) else ops.fork(ZIO.suspendSucceed(link(n - 1, depth + 1))).unit
      ops.fork(link(f, 1)).flatMap(_ => ops.await(done))
    }
  }

  def future(f: Int, w: Work)(implicit ec: ExecutionContext): Future[Int] = {
    val ops = new FutureOps(w, ec)
    val done = Promise[Int]()
    def link(n: Int, depth: Int): Future[Unit] = {
      if (n == 1) ops.complete(done, depth) else ops.fork(link(n - 1, depth + 1))
      Future.unit
    }
    ops.fork(link(f, 1))
    ops.await(done)
  }

  def baseline(f: Int, w: Work, ops: BaselineOps): CompletableFuture[Int] = {
    val done = new CompletableFuture[Int]()
    def link(n: Int, depth: Int): Unit = if (n == 1) ops.complete(done, depth) else ops.fork(link(n - 1, depth + 1))
    ops.fork(link(f, 1))
    ops.await(done)
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.chainedFork, "default", CatsEffectSetup, "flatMap")((rt, p, mode) => {
      val io = catsEffect(p.int("f"), w); Program(rt.run(io, mode))
    }),
    new Impl(Catalog.chainedFork, "default", ZioSetup, "flatMap")((rt, p, mode) => {
      val z = zio(p.int("f"), w); Program(rt.run(z, mode))
    }),
    new Impl(Catalog.chainedFork, "default", FutureSetup, "callbacks and flatMap")((rt, p, mode) => {
      val f = p.int("f"); Program(rt.run(() => future(f, w)(rt.ec), mode))
    }),
    new Impl(Catalog.chainedFork, "default", BaselineSetup, "callbacks on a fixed pool")((rt, p, mode) => {
      val f = p.int("f"); val ops = new BaselineOps(w, rt.pool); Program(rt.runAsync(() => baseline(f, w, ops), mode))
    })
  )
}
