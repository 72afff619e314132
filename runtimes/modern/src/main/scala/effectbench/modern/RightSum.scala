package effectbench.modern

import cats.effect.IO
import effectbench.{Catalog, Impl, Live, ModernRow, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** right-sum in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.rightSum, docs/scenarios.md). */
object RightSum extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.rightSum
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = runs(CpsSetup),
    baseline = runs(BaselineSetup)
  )

  def catsEffect(tasks: List[IO[Int]], acc: Long): IO[Long] = tasks match {
    case head :: tail => for { h <- head; sum <- catsEffect(tail, acc + h) } yield sum
    case Nil => IO.pure(acc)
  }

  def zio(tasks: List[ZIO[Any, Nothing, Int]], acc: Long): ZIO[Any, Nothing, Long] = tasks match {
    case head :: tail => for { h <- head; sum <- zio(tail, acc + h) } yield sum
    case Nil => ZIO.succeed(acc)
  }

  def future(tasks: List[() => Future[Int]], acc: Long)(implicit ec: ExecutionContext): Future[Long] = tasks match {
    case head :: tail => for { h <- head(); sum <- future(tail, acc + h) } yield sum
    case Nil => Future.successful(acc)
  }

  def cps(tasks: List[Cps[Int]], acc: Long): Cps[Long] = tasks match {
    case head :: tail => for { h <- head; sum <- cps(tail, acc + h) } yield sum
    case Nil => Cps.pure(acc)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.rightSum, "default", CatsEffectSetup, "for-comprehension" + Tasks.ceCedeWhenPooled)((rt, p, mode) => {
      val ts = Tasks.catsEffect(p.int("n"), Tasks.onPool(p)); Program(rt.run(catsEffect(ts, 0L), mode))
    }),
    new Impl(Catalog.rightSum, "default", ZioSetup, "for-comprehension" + Tasks.zioYieldWhenPooled)((rt, p, mode) => {
      val ts = Tasks.zio(p.int("n"), Tasks.onPool(p)); Program(rt.run(zio(ts, 0L), mode))
    }),
    new Impl(Catalog.rightSum, "default", FutureSetup, "for-comprehension")((rt, p, mode) => {
      val ts = Tasks.future(p.int("n"), Tasks.onPool(p))(rt.ec); Program(rt.run(() => future(ts, 0L)(rt.ec), mode))
    }),
    new Impl(Catalog.rightSum, "default", CpsSetup, "for-comprehension")((rt, p, mode) => {
      val ts = Tasks.cps(p.int("n"), Tasks.onPool(p), rt.pool); Program(rt.run(cps(ts, 0L), mode))
    }),
    new Impl(Catalog.rightSum, "default", BaselineSetup,
      "loop over thunks / callback chain")((rt, p, mode) => BaselineSum.program(rt, p, mode))
  )
}
