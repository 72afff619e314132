package effectbench.modern

import cats.effect.IO
import cats.syntax.all.*
import effectbench.{Catalog, Impl, Live, Mode, ModernRow, NaReasons, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import scala.collection.mutable.ListBuffer
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** cartesian (traverse): every pair [x, y] of two lists of S tasks, by the runtime's (flat)traverse;
  * each cell is a for-comprehension of its two tasks. Unfair if a side built the pairs outside the
  * effect. The `list-transformer` variant has no modern runtime (no ListT in Cats, ZIO or the stdlib). */
object Cartesian extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.cartesian
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup) ++ na(NaReasons.cartesian),
    zio = runs(ZioSetup) ++ na(NaReasons.cartesian),
    future = runs(FutureSetup) ++ na(NaReasons.cartesian),
    cps = runs(CpsSetup) ++ na(NaReasons.cartesian),
    baseline = runs(BaselineSetup) ++ na(NaReasons.cartesian)
  )

  def catsEffect(rows: List[IO[Int]], columns: List[IO[Int]]): IO[List[Int]] = {
    def cell(tx: IO[Int], ty: IO[Int]): IO[List[Int]] = for { x <- tx; y <- ty } yield List(x, y)
    rows.flatTraverse(tx => columns.flatTraverse(ty => cell(tx, ty)))
  }

  def zio(rows: List[ZIO[Any, Nothing, Int]], columns: List[ZIO[Any, Nothing, Int]]): ZIO[Any, Nothing, List[Int]] = {
    def cell(tx: ZIO[Any, Nothing, Int], ty: ZIO[Any, Nothing, Int]): ZIO[Any, Nothing, List[Int]] =
      for { x <- tx; y <- ty } yield List(x, y)
    // ZIO has no flatTraverse: foreach, then flatten (what flatTraverse does inside)
    ZIO.foreach(rows)(tx => ZIO.foreach(columns)(ty => cell(tx, ty)).map(_.flatten)).map(_.flatten)
  }

  /** Sequential, as every other runtime traverses: `Future.traverse` would start every cell at once
    * (Futures are eager), in parallel on the pool in thread-pool mode. The stdlib has no sequential
    * traverse, so it is the textbook flatMap recursion, as for the CPS task. */
  def future(rows: List[() => Future[Int]], columns: List[() => Future[Int]])(implicit ec: ExecutionContext): Future[List[Int]] = {
    def flatTraverse[A, B](as: List[A])(f: A => Future[List[B]]): Future[List[B]] = as match {
      case a :: rest => for { bs <- f(a); more <- flatTraverse(rest)(f) } yield bs ++ more
      case Nil => Future.successful(Nil)
    }
    def cell(tx: () => Future[Int], ty: () => Future[Int]): Future[List[Int]] = for { x <- tx(); y <- ty() } yield List(x, y)
    flatTraverse(rows)(tx => flatTraverse(columns)(ty => cell(tx, ty)))
  }

  /** The vanilla CPS task has no library: its flatTraverse is written here, the textbook recursion. */
  def cps(rows: List[Cps[Int]], columns: List[Cps[Int]]): Cps[List[Int]] = {
    def flatTraverse[A, B](as: List[A])(f: A => Cps[List[B]]): Cps[List[B]] = as match {
      case a :: rest => for { bs <- f(a); more <- flatTraverse(rest)(f) } yield bs ++ more
      case Nil => Cps.pure(Nil)
    }
    def cell(tx: Cps[Int], ty: Cps[Int]): Cps[List[Int]] = for { x <- tx; y <- ty } yield List(x, y)
    flatTraverse(rows)(tx => flatTraverse(columns)(ty => cell(tx, ty)))
  }

  def baselineHere(rows: Array[() => Int], columns: Array[() => Int]): List[Int] = {
    val out = ListBuffer.empty[Int]
    for (tx <- rows; ty <- columns) { out += tx(); out += ty() }
    out.toList
  }

  def baselinePooled(
      rows: Array[(Int => Unit) => Unit], columns: Array[(Int => Unit) => Unit], ex: java.util.concurrent.Executor,
      mode: Mode
  ): List[Int] = Tasks.baselineRun[List[Int]](ex, mode) { done =>
    val out = ListBuffer.empty[Int]
    val s = columns.length
    def loop(i: Int): Unit =
      if (i == rows.length * s) done(out.toList)
      else rows(i / s)(x => columns(i % s)(y => { out += x; out += y; loop(i + 1) }))
    loop(0)
  }

  private def summarized(body: => Any): Program = Program.summarized(body)(r => Oracles.cartesianOf(r.asInstanceOf[List[Int]]))
  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.cartesian, "traverse", CatsEffectSetup, "flatTraverse + for-comprehension" + Tasks.ceCedeWhenPooled)((rt, p, mode) => {
      val ts = Tasks.catsEffect(p.int("s"), Tasks.onPool(p)); summarized(rt.run(catsEffect(ts, ts), mode))
    }),
    new Impl(Catalog.cartesian, "traverse", ZioSetup, "ZIO.foreach + for-comprehension" + Tasks.zioYieldWhenPooled)((rt, p, mode) => {
      val ts = Tasks.zio(p.int("s"), Tasks.onPool(p)); summarized(rt.run(zio(ts, ts), mode))
    }),
    new Impl(Catalog.cartesian, "traverse", FutureSetup, "sequential flatTraverse (flatMap recursion) + for-comprehension")(
      (rt, p, mode) => {
        val ts = Tasks.future(p.int("s"), Tasks.onPool(p))(rt.ec); summarized(rt.run(() => future(ts, ts)(rt.ec), mode))
      }
    ),
    new Impl(Catalog.cartesian, "traverse", CpsSetup, "hand-written flatTraverse + for-comprehension")((rt, p, mode) => {
      val ts = Tasks.cps(p.int("s"), Tasks.onPool(p), rt.pool); summarized(rt.run(cps(ts, ts), mode))
    }),
    new Impl(Catalog.cartesian, "traverse", BaselineSetup, "nested loops / callback chain")((rt, p, mode) => {
      val s = p.int("s")
      if (Tasks.onPool(p)) { val ts = Tasks.baselinePooled(s, rt.pool); summarized(baselinePooled(ts, ts, rt.pool, mode)) }
      else { val ts = Tasks.baselineHere(s); summarized(rt.run(() => baselineHere(ts, ts), mode)) }
    })
  )
}
