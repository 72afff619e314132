package effectbench.modern

import cats.effect.IO
import cats.syntax.all.*
import effectbench.{Catalog, Impl, Live, ModernRow, NaReasons, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import java.util.concurrent.CompletableFuture
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** gather: N tasks run in parallel by the runtime's order-keeping combinator; the list must come
  * back in input order. Unfair if a side ran them sequentially or returned them unordered. */
/** What each gather cell starts when `tasks = immediate` (every task already a value). The variant
  * is not uniform and cannot be made so without changing the combinators: Cats Effect's
  * parSequence and ZIO's collectAllPar run every task on a fiber of its own whatever the task is,
  * while Future.sequence of Future.successful values and allOf of completed CompletableFutures
  * start nothing. So each cell says what it starts (GatherForksSuite counts the fibers of the
  * first two), and `tasks = forked` is the table where every runtime starts N tasks on its pool. */
object GatherForks {
  val catsEffect = "; tasks=immediate: every task still runs on a fiber of its own (N fibers started)"
  val zio = "; tasks=immediate: every task still runs on a fiber of its own (N fibers started)"
  val future = "; tasks=immediate: Future.successful values, nothing started (only Future.sequence's callbacks)"
  val baseline = "; tasks=immediate: completed CompletableFutures, nothing started"
  val unorderedZio = "; tasks=immediate: every task still runs on a fiber of its own (N fibers started)"
  val unorderedBaseline = "; tasks=immediate: each task runs where it is submitted (a direct executor), nothing started"
}

object Gather extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.gather
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = na(NaReasons.gather),
    baseline = runs(BaselineSetup)
  )

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
  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.gather, "default", CatsEffectSetup, "parSequence" + GatherForks.catsEffect)((rt, p, mode) => {
      val ts = Tasks.catsEffect(p.int("n"), Tasks.onPool(p)); inOrder(rt.run(catsEffect(ts), mode))
    }),
    new Impl(Catalog.gather, "default", ZioSetup, "ZIO.collectAllPar" + GatherForks.zio)((rt, p, mode) => {
      val ts = Tasks.zio(p.int("n"), Tasks.onPool(p)); inOrder(rt.run(zio(ts), mode))
    }),
    new Impl(Catalog.gather, "default", FutureSetup, "Future.sequence of started futures" + GatherForks.future)((rt, p, mode) => {
      val ts = Tasks.future(p.int("n"), Tasks.onPool(p))(rt.ec); inOrder(rt.run(() => future(ts)(rt.ec), mode))
    }),
    new Impl(Catalog.gather, "default", BaselineSetup, "CompletableFuture.allOf" + GatherForks.baseline)((rt, p, mode) => {
      val n = p.int("n"); val forked = Tasks.onPool(p)
      inOrder(Tasks.baselineRun[List[Int]](rt.pool, mode)(done => { baseline(n, forked, rt.pool).thenAccept(l => done(l)); () }))
    })
  )
}
