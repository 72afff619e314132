package effectbench.modern

import cats.effect.IO
import cats.effect.std.Queue
import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, ModernRow, Program, Scenario, Work}
import effectbench.Cover.{notDefined, runs}
import java.util.concurrent.{CompletableFuture, Executor}
import scala.concurrent.{ExecutionContext, Future}
import zio.{ZIO, Queue => ZQueue}

/** enqueue-dequeue in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.enqueueDequeue, docs/scenarios.md). */
object EnqueueDequeue extends CountedScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.enqueueDequeue
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = notDefined,
    baseline = runs(BaselineSetup)
  )

  private val one: Integer = Integer.valueOf(1) // the queued item of future and baseline

  def catsEffect(n: Int, w: Work): IO[Int] = {
    val ops = new CeOps(w)
    Queue.bounded[IO, Int](1).flatMap { q =>
      def loop(i: Int, acc: Int): IO[Int] =
        if (i == n) IO.pure(acc) else ops.offer(q, 1).flatMap(_ => ops.take(q)).flatMap(x => loop(i + 1, acc + x))
      loop(0, 0)
    }
  }

  def zio(n: Int, w: Work): ZIO[Any, Nothing, Int] = {
    val ops = new ZioOps(w)
    ZQueue.bounded[Int](1).flatMap { q =>
      def loop(i: Int, acc: Int): ZIO[Any, Nothing, Int] =
        if (i == n) ZIO.succeed(acc) else ops.offer(q, 1).flatMap(_ => ops.take(q)).flatMap(x => loop(i + 1, acc + x))
      loop(0, 0)
    }
  }

  def future(n: Int, w: Work)(implicit ec: ExecutionContext): Future[Int] = {
    val ops = new FutureOps(w, ec)
    val q = new CallbackQueue[Integer](1, ec.execute(_))
    def loop(i: Int, acc: Int): Future[Int] =
      if (i == n) Future.successful(acc) else ops.offer(q, one).flatMap(_ => ops.take(q)).flatMap(x => loop(i + 1, acc + x))
    loop(0, 0)
  }

  /** A loop while the queue answers at once; a parked operation resumes the loop from its callback. */
  def baseline(n: Int, w: Work, ops: BaselineOps, pool: Executor): CompletableFuture[Int] = {
    val q = new CallbackQueue[Integer](1, pool)
    val result = new CompletableFuture[Int]()
    def run(from: Int, acc0: Int, offered: Boolean): Unit = {
      var i = from
      var acc = acc0
      var mustOffer = !offered
      while (i < n) {
        val (ci, ca) = (i, acc)
        if (mustOffer && !ops.offer(q, one, () => run(ci, ca, offered = true))) return
        val x = ops.take(q, x => run(ci + 1, ca + x, offered = false))
        if (x == null) return
        acc += x; i += 1; mustOffer = true
      }
      result.complete(acc)
    }
    run(0, 0, offered = false)
    result
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.enqueueDequeue, "default", CatsEffectSetup, "flatMap")((rt, p, mode) => {
      val io = catsEffect(p.int("n"), w); Program(rt.run(io, mode))
    }),
    new Impl(Catalog.enqueueDequeue, "default", ZioSetup, "flatMap")((rt, p, mode) => {
      val z = zio(p.int("n"), w); Program(rt.run(z, mode))
    }),
    new Impl(Catalog.enqueueDequeue, "default", FutureSetup, "flatMap")((rt, p, mode) => {
      val n = p.int("n"); Program(rt.run(() => future(n, w)(rt.ec), mode))
    }),
    new Impl(Catalog.enqueueDequeue, "default", BaselineSetup, "loop with callbacks on a fixed pool")((rt, p, mode) => {
      val n = p.int("n"); val ops = new BaselineOps(w, rt.pool)
      Program(rt.runAsync(() => baseline(n, w, ops, rt.pool), mode))
    })
  )
}
