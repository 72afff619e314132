package effectbench.modern

import cats.effect.{FiberIO, IO}
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, ModernRow, Program, Scenario, Work}
import effectbench.Cover.{notDefined, runs}
import java.util.concurrent.CompletableFuture
import scala.concurrent.{ExecutionContext, Future}
import zio.{Fiber, ZIO}

/** fork-join in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.forkJoin, docs/scenarios.md). */
object ForkJoin extends CountedScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.forkJoin
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = notDefined,
    baseline = runs(BaselineSetup)
  )

  def catsEffect(f: Int, w: Work): IO[Long] = {
    val ops = new CeOps(w)
    val one = IO.pure(1)
    def startAll(i: Int, acc: List[FiberIO[Int]]): IO[List[FiberIO[Int]]] =
      if (i == f) IO.pure(acc) else ops.start(one).flatMap(fb => startAll(i + 1, fb :: acc))
    def joinAll(fs: List[FiberIO[Int]], sum: Long): IO[Long] = fs match {
      case Nil => IO.pure(sum)
      case h :: t => ops.join(h).flatMap(j => joinAll(t, sum + j))
    }
    startAll(0, Nil).flatMap(fs => joinAll(fs, 0L))
  }

  def zio(f: Int, w: Work): ZIO[Any, Nothing, Long] = {
    val ops = new ZioOps(w)
    val one = ZIO.succeed(1)
    def startAll(i: Int, acc: List[Fiber[Nothing, Int]]): ZIO[Any, Nothing, List[Fiber[Nothing, Int]]] =
      if (i == f) ZIO.succeed(acc) else ops.fork(one).flatMap(fb => startAll(i + 1, fb :: acc))
    def joinAll(fs: List[Fiber[Nothing, Int]], sum: Long): ZIO[Any, Nothing, Long] = fs match {
      case Nil => ZIO.succeed(sum)
      case h :: t => ops.join(h).flatMap(j => joinAll(t, sum + j))
    }
    startAll(0, Nil).flatMap(fs => joinAll(fs, 0L))
  }

  def future(f: Int, w: Work)(implicit ec: ExecutionContext): Future[Long] = {
    val ops = new FutureOps(w, ec)
    val one = Future.successful(1)
    val fs = new Array[Future[Int]](f)
    var i = 0
    while (i < f) { fs(i) = ops.fork(one); i += 1 }
    def joinAll(k: Int, sum: Long): Future[Long] =
      if (k == f) Future.successful(sum) else ops.join(fs(k)).flatMap(j => joinAll(k + 1, sum + j))
    joinAll(0, 0L)
  }

  def baseline(f: Int, w: Work, ops: BaselineOps): CompletableFuture[Long] = {
    val fs = Array.fill(f)(new CompletableFuture[Int]())
    var i = 0
    while (i < f) { val out = fs(i); ops.fork(out.complete(1)); i += 1 }
    ops.sumWhenAll(fs)
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.forkJoin, "default", CatsEffectSetup, "flatMap")((rt, p, mode) => {
      val io = catsEffect(p.int("f"), w); Program(rt.run(io, mode))
    }),
    new Impl(Catalog.forkJoin, "default", ZioSetup, "flatMap")((rt, p, mode) => {
      val z = zio(p.int("f"), w); Program(rt.run(z, mode))
    }),
    new Impl(Catalog.forkJoin, "default", FutureSetup, "callbacks and flatMap")((rt, p, mode) => {
      val f = p.int("f"); Program(rt.run(() => future(f, w)(rt.ec), mode))
    }),
    new Impl(Catalog.forkJoin, "default", BaselineSetup, "callbacks on a fixed pool")((rt, p, mode) => {
      val f = p.int("f"); val ops = new BaselineOps(w, rt.pool); Program(rt.runAsync(() => baseline(f, w, ops), mode))
    })
  )
}
