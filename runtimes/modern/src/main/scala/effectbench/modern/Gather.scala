package effectbench.modern

import cats.effect.IO
import cats.syntax.all.*
import effectbench.{Catalog, Impl, Oracles, Program}
import java.util.concurrent.CompletableFuture
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** gather: N tasks run in parallel by the runtime's order-keeping combinator; the list must come
  * back in input order. Unfair if a side ran them sequentially or returned them unordered. */
object Gather {
  def catsEffect(tasks: List[IO[Int]]): IO[List[Int]] = tasks.parSequence

  def zio(tasks: List[ZIO[Any, Nothing, Int]]): ZIO[Any, Nothing, List[Int]] = ZIO.collectAllPar(tasks)

  def future(tasks: List[() => Future[Int]])(implicit ec: ExecutionContext): Future[List[Int]] = Future.sequence(tasks.map(_()))

  /** java.util.concurrent: start every task as a CompletableFuture, allOf, then read them in order. */
  def baseline(n: Int, forked: Boolean, pool: java.util.concurrent.Executor): CompletableFuture[List[Int]] = {
    val started = Array.tabulate(n)(k =>
      if (forked) CompletableFuture.supplyAsync(() => Integer.valueOf(k), pool) else CompletableFuture.completedFuture(Integer.valueOf(k))
    )
    CompletableFuture.allOf(started*).thenApply(_ => started.iterator.map(_.join().intValue).toList)
  }

  private def inOrder(body: => Any): Program = Program.summarized(body)(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
  val impls: Vector[Impl[?]] = Vector(
    new Impl(Catalog.gather, "default", CatsEffectSetup, "parSequence")((rt, p, mode) => {
      val ts = Tasks.catsEffect(p.int("n"), Tasks.onPool(p)); inOrder(rt.run(catsEffect(ts), mode))
    }),
    new Impl(Catalog.gather, "default", ZioSetup, "ZIO.collectAllPar")((rt, p, mode) => {
      val ts = Tasks.zio(p.int("n"), Tasks.onPool(p)); inOrder(rt.run(zio(ts), mode))
    }),
    new Impl(Catalog.gather, "default", FutureSetup, "Future.sequence of started futures")((rt, p, mode) => {
      val ts = Tasks.future(p.int("n"), Tasks.onPool(p))(rt.ec); inOrder(rt.run(() => future(ts)(rt.ec), mode))
    }),
    new Impl(Catalog.gather, "default", BaselineSetup, "CompletableFuture.allOf")((rt, p, mode) => {
      val n = p.int("n"); val forked = Tasks.onPool(p)
      inOrder(Tasks.baselineRun[List[Int]](rt.pool, mode)(done => { baseline(n, forked, rt.pool).thenAccept(l => done(l)); () }))
    })
  )
}
