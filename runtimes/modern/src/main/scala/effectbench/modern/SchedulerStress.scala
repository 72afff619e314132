package effectbench.modern

import cats.effect.{FiberIO, IO}
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, ModernRow, Program, Scenario, Work}
import effectbench.Cover.{notDefined, runs}
import java.util.concurrent.CompletableFuture
import scala.concurrent.{ExecutionContext, Future}
import zio.{Fiber, ZIO}

/** scheduler-stress in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.schedulerStress, docs/scenarios.md). */
object SchedulerStress extends CountedScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.schedulerStress
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = notDefined,
    baseline = runs(BaselineSetup)
  )

  def catsEffect(f: Int, limit: Int, w: Work): IO[Long] = {
    val ops = new CeOps(w)
    def fiber(i: Int): IO[Int] =
      ops.cede.flatMap(_ => IO(i)).flatMap { j =>
        ops.cede.flatMap { _ =>
          if (j > limit) ops.cede.flatMap(_ => IO.pure(j)) else ops.cede.flatMap(_ => fiber(j + 1))
        }
      }
    def startAll(i: Int, acc: List[FiberIO[Int]]): IO[List[FiberIO[Int]]] =
      if (i == f) IO.pure(acc) else ops.start(fiber(i)).flatMap(fb => startAll(i + 1, fb :: acc))
    def joinAll(fs: List[FiberIO[Int]], sum: Long): IO[Long] = fs match {
      case Nil => IO.pure(sum)
      case h :: t => ops.join(h).flatMap(j => joinAll(t, sum + j))
    }
    startAll(0, Nil).flatMap(fs => joinAll(fs, 0L))
  }

  def zio(f: Int, limit: Int, w: Work): ZIO[Any, Nothing, Long] = {
    val ops = new ZioOps(w)
    def fiber(i: Int): ZIO[Any, Nothing, Int] =
      ops.yieldNow.flatMap(_ => ZIO.succeed(i)).flatMap { j =>
        ops.yieldNow.flatMap { _ =>
          if (j > limit) ops.yieldNow.flatMap(_ => ZIO.succeed(j)) else ops.yieldNow.flatMap(_ => fiber(j + 1))
        }
      }
    def startAll(i: Int, acc: List[Fiber[Nothing, Int]]): ZIO[Any, Nothing, List[Fiber[Nothing, Int]]] =
      if (i == f) ZIO.succeed(acc) else ops.fork(fiber(i)).flatMap(fb => startAll(i + 1, fb :: acc))
    def joinAll(fs: List[Fiber[Nothing, Int]], sum: Long): ZIO[Any, Nothing, Long] = fs match {
      case Nil => ZIO.succeed(sum)
      case h :: t => ops.join(h).flatMap(j => joinAll(t, sum + j))
    }
    startAll(0, Nil).flatMap(fs => joinAll(fs, 0L))
  }

  def future(f: Int, limit: Int, w: Work)(implicit ec: ExecutionContext): Future[Long] = {
    val ops = new FutureOps(w, ec)
    def fiber(i: Int): Future[Int] =
      ops.yieldThen {
        val j = i
        ops.yieldThen {
          if (j > limit) ops.yieldThen(Future.successful(j)) else ops.yieldThen(fiber(j + 1))
        }
      }
    val fs = new Array[Future[Int]](f)
    var i = 0
    while (i < f) { val k = i; fs(k) = ops.fork(fiber(k)); i += 1 }
    def joinAll(k: Int, sum: Long): Future[Long] =
      if (k == f) Future.successful(sum) else ops.join(fs(k)).flatMap(j => joinAll(k + 1, sum + j))
    joinAll(0, 0L)
  }

  def baseline(f: Int, limit: Int, w: Work, ops: BaselineOps): CompletableFuture[Long] = {
    def fiber(i: Int, out: CompletableFuture[Int]): Unit =
      ops.yieldThen {
        val j = i
        ops.yieldThen {
          if (j > limit) ops.yieldThen(out.complete(j)) else ops.yieldThen(fiber(j + 1, out))
        }
      }
    val fs = Array.fill(f)(new CompletableFuture[Int]())
    var i = 0
    while (i < f) { val k = i; ops.fork(fiber(k, fs(k))); i += 1 }
    ops.sumWhenAll(fs)
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.schedulerStress, "default", CatsEffectSetup, "flatMap")((rt, p, mode) => {
      val io = catsEffect(p.int("f"), p.int("limit"), w); Program(rt.run(io, mode))
    }),
    new Impl(Catalog.schedulerStress, "default", ZioSetup, "flatMap")((rt, p, mode) => {
      val z = zio(p.int("f"), p.int("limit"), w); Program(rt.run(z, mode))
    }),
    new Impl(Catalog.schedulerStress, "default", FutureSetup, "callbacks and flatMap")((rt, p, mode) => {
      val (f, limit) = (p.int("f"), p.int("limit")); Program(rt.run(() => future(f, limit, w)(rt.ec), mode))
    }),
    new Impl(Catalog.schedulerStress, "default", BaselineSetup, "callbacks on a fixed pool")((rt, p, mode) => {
      val (f, limit) = (p.int("f"), p.int("limit")); val ops = new BaselineOps(w, rt.pool)
      Program(rt.runAsync(() => baseline(f, limit, w, ops), mode))
    })
  )
}
