package effectbench.modern

import cats.effect.IO
import cats.syntax.all.*
import effectbench.{Catalog, Impl, Live, ModernRow, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** sequence in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.sequence, docs/scenarios.md). Unfair if one side ran them in parallel
  * (Future.sequence would: Futures start when created). Every cell returns the list of results in
  * input order, which the oracle checks (Oracles.orderedOf), and sums it there. */
object Sequence extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.sequence
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = runs(CpsSetup),
    baseline = runs(BaselineSetup)
  )

  def catsEffect(tasks: List[IO[Int]]): IO[List[Int]] = tasks.sequence

  def zio(tasks: List[ZIO[Any, Nothing, Int]]): ZIO[Any, Nothing, List[Int]] = ZIO.collectAll(tasks)

  /** The stdlib has no lazy sequence (Future.sequence of started futures is a gather): a fold of
    * flatMaps, each starting its task when the previous one is done, the list reversed once at the end. */
  def future(tasks: List[() => Future[Int]])(implicit ec: ExecutionContext): Future[List[Int]] =
    tasks.foldLeft(Future.successful(List.empty[Int]))((acc, t) => acc.flatMap(ks => t().map(_ :: ks))).map(_.reverse)

  /** The vanilla CPS task has no library: the same fold of flatMaps, by hand. */
  def cps(tasks: List[Cps[Int]]): Cps[List[Int]] =
    tasks.foldLeft(Cps.pure(List.empty[Int]))((acc, t) => acc.flatMap(ks => t.map(_ :: ks))).map(_.reverse)

  /** The floor: the results collected into a list in input order, on the calling thread or by a
    * callback chain on the pool. */
  def baselineHere(tasks: Array[() => Int]): List[Int] = {
    val b = List.newBuilder[Int]; var i = 0
    while (i < tasks.length) { b += tasks(i)(); i += 1 }
    b.result()
  }

  def baselinePooled(tasks: Array[(Int => Unit) => Unit], rt: BaselineLive, mode: effectbench.Mode): List[Int] =
    Tasks.baselineRun[List[Int]](rt.pool, mode) { done =>
      def loop(i: Int, acc: List[Int]): Unit = if (i == tasks.length) done(acc.reverse) else tasks(i)(k => loop(i + 1, k :: acc))
      loop(0, Nil)
    }

  private def inOrder(body: => Any): Program = Program.summarized(body)(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.sequence, "default", CatsEffectSetup, "sequence" + Tasks.ceCedeWhenPooled)((rt, p, mode) => {
      val ts = Tasks.catsEffect(p.int("n"), Tasks.onPool(p)); inOrder(rt.run(catsEffect(ts), mode))
    }),
    new Impl(Catalog.sequence, "default", ZioSetup, "ZIO.collectAll" + Tasks.zioYieldWhenPooled)((rt, p, mode) => {
      val ts = Tasks.zio(p.int("n"), Tasks.onPool(p)); inOrder(rt.run(zio(ts), mode))
    }),
    new Impl(Catalog.sequence, "default", FutureSetup, "foldLeft of flatMaps")((rt, p, mode) => {
      val ts = Tasks.future(p.int("n"), Tasks.onPool(p))(rt.ec); inOrder(rt.run(() => future(ts)(rt.ec), mode))
    }),
    new Impl(Catalog.sequence, "default", CpsSetup, "foldLeft of flatMaps")((rt, p, mode) => {
      val ts = Tasks.cps(p.int("n"), Tasks.onPool(p), rt.pool); inOrder(rt.run(cps(ts), mode))
    }),
    new Impl(Catalog.sequence, "default", BaselineSetup,
      "loop over thunks / callback chain, into a list")((rt, p, mode) => {
      val n = p.int("n")
      if (Tasks.onPool(p)) { val ts = Tasks.baselinePooled(n, rt.pool); inOrder(baselinePooled(ts, rt, mode)) }
      else { val ts = Tasks.baselineHere(n); inOrder(rt.run(() => baselineHere(ts), mode)) }
    })
  )
}
