package effectbench.modern

import cats.effect.IO
import cats.syntax.all.*
import effectbench.{Catalog, Impl, Live, Program, ScenarioImpls}
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** sequence in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.sequence, docs/scenarios.md). Unfair if one side ran them in parallel
  * (Future.sequence would: Futures start when created). */
object Sequence extends ScenarioImpls {
  def catsEffect(tasks: List[IO[Int]]): IO[Long] = tasks.sequence.map(_.foldLeft(0L)(_ + _))

  def zio(tasks: List[ZIO[Any, Nothing, Int]]): ZIO[Any, Nothing, Long] = ZIO.collectAll(tasks).map(_.foldLeft(0L)(_ + _))

  /** The stdlib has no lazy sequence (Future.sequence of started futures is a gather): a fold of
    * flatMaps, each starting its task when the previous one is done. */
  def future(tasks: List[() => Future[Int]])(implicit ec: ExecutionContext): Future[Long] =
    tasks.foldLeft(Future.successful(List.empty[Int]))((acc, t) => acc.flatMap(ks => t().map(_ :: ks)))
      .map(_.foldLeft(0L)(_ + _))

  /** The vanilla CPS task has no library: the same fold of flatMaps, by hand. */
  def cps(tasks: List[Cps[Int]]): Cps[Long] =
    tasks.foldLeft(Cps.pure(List.empty[Int]))((acc, t) => acc.flatMap(ks => t.map(_ :: ks)))
      .map(_.foldLeft(0L)(_ + _))

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.sequence, "default", CatsEffectSetup, "sequence" + Tasks.ceCedeWhenPooled)((rt, p, mode) => {
      val ts = Tasks.catsEffect(p.int("n"), Tasks.onPool(p)); Program(rt.run(catsEffect(ts), mode))
    }),
    new Impl(Catalog.sequence, "default", ZioSetup, "ZIO.collectAll" + Tasks.zioYieldWhenPooled)((rt, p, mode) => {
      val ts = Tasks.zio(p.int("n"), Tasks.onPool(p)); Program(rt.run(zio(ts), mode))
    }),
    new Impl(Catalog.sequence, "default", FutureSetup, "foldLeft of flatMaps")((rt, p, mode) => {
      val ts = Tasks.future(p.int("n"), Tasks.onPool(p))(rt.ec); Program(rt.run(() => future(ts)(rt.ec), mode))
    }),
    new Impl(Catalog.sequence, "default", CpsSetup, "foldLeft of flatMaps")((rt, p, mode) => {
      val ts = Tasks.cps(p.int("n"), Tasks.onPool(p), rt.pool); Program(rt.run(cps(ts), mode))
    }),
    new Impl(Catalog.sequence, "default", BaselineSetup,
      "loop over thunks / callback chain")((rt, p, mode) => BaselineSum.program(rt, p, mode))
  )
}
