package effectbench.modern

import cats.effect.IO
import effectbench.{Catalog, Impl, Live, ModernRow, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** left-sum in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.leftSum, docs/scenarios.md). */
object LeftSum extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.leftSum
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = runs(CpsSetup),
    baseline = runs(BaselineSetup)
  )

  def catsEffect(tasks: List[IO[Int]]): IO[Long] = tasks match {
    case head :: tail => for { h <- head; rest <- catsEffect(tail) } yield h + rest
    case Nil => IO.pure(0L)
  }

  def zio(tasks: List[ZIO[Any, Nothing, Int]]): ZIO[Any, Nothing, Long] = tasks match {
    case head :: tail => for { h <- head; rest <- zio(tail) } yield h + rest
    case Nil => ZIO.succeed(0L)
  }

  def future(tasks: List[() => Future[Int]])(implicit ec: ExecutionContext): Future[Long] = tasks match {
    case head :: tail => for { h <- head(); rest <- future(tail) } yield h + rest
    case Nil => Future.successful(0L)
  }

  def cps(tasks: List[Cps[Int]]): Cps[Long] = tasks match {
    case head :: tail => for { h <- head; rest <- cps(tail) } yield h + rest
    case Nil => Cps.pure(0L)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.leftSum, "default", CatsEffectSetup, "for-comprehension" + Tasks.ceCedeWhenPooled)((rt, p, mode) => {
      val ts = Tasks.catsEffect(p.int("n"), Tasks.onPool(p)); Program(rt.run(catsEffect(ts), mode))
    }),
    new Impl(Catalog.leftSum, "default", ZioSetup, "for-comprehension" + Tasks.zioYieldWhenPooled)((rt, p, mode) => {
      val ts = Tasks.zio(p.int("n"), Tasks.onPool(p)); Program(rt.run(zio(ts), mode))
    }),
    new Impl(Catalog.leftSum, "default", FutureSetup, "for-comprehension")((rt, p, mode) => {
      val ts = Tasks.future(p.int("n"), Tasks.onPool(p))(rt.ec); Program(rt.run(() => future(ts)(rt.ec), mode))
    }),
    new Impl(Catalog.leftSum, "default", CpsSetup, "for-comprehension")((rt, p, mode) => {
      val ts = Tasks.cps(p.int("n"), Tasks.onPool(p), rt.pool); Program(rt.run(cps(ts), mode))
    }),
    new Impl(Catalog.leftSum, "default", BaselineSetup,
      "loop over thunks / callback chain")((rt, p, mode) => BaselineSum.program(rt, p, mode))
  )
}
