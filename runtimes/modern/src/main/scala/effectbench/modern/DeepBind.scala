package effectbench.modern

import cats.effect.IO
import effectbench.{Catalog, Impl, Live, ModernRow, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** deep-bind in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.deepBind, docs/scenarios.md). */
object DeepBind extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.deepBind
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = runs(FutureSetup),
    cps = runs(CpsSetup),
    baseline = runs(BaselineSetup)
  )

  def catsEffect(d: Int): IO[Int] = {
    def loop(i: Int): IO[Int] = IO.unit.flatMap(_ => if (i > d) IO.pure(i) else loop(i + 1))
    loop(0)
  }

  def zio(d: Int): ZIO[Any, Nothing, Int] = {
    def loop(i: Int): ZIO[Any, Nothing, Int] = ZIO.unit.flatMap(_ => if (i > d) ZIO.succeed(i) else loop(i + 1))
    loop(0)
  }

  def future(d: Int)(implicit ec: ExecutionContext): Future[Int] = {
    def loop(i: Int): Future[Int] = Future.unit.flatMap(_ => if (i > d) Future.successful(i) else loop(i + 1))
    loop(0)
  }

  def cps(d: Int): Cps[Int] = {
    def loop(i: Int): Cps[Int] = Cps.unit.flatMap(_ => if (i > d) Cps.pure(i) else loop(i + 1))
    loop(0)
  }

  /** The floor: one opaque step per bind. Without the step the JIT folds the whole loop into
    * `d + 1`, and every ratio to baseline would compare against a constant. */
  def baseline(d: Int): Int = {
    @annotation.tailrec
    def loop(i: Int): Int = {
      org.openjdk.jmh.infra.Blackhole.consumeCPU(0)
      if (i > d) i else loop(i + 1)
    }
    loop(0)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.deepBind, "default", CatsEffectSetup, "flatMap")((rt, p, mode) => {
      val io = catsEffect(p.int("d")); Program(rt.run(io, mode))
    }),
    new Impl(Catalog.deepBind, "default", ZioSetup, "flatMap")((rt, p, mode) => {
      val z = zio(p.int("d")); Program(rt.run(z, mode))
    }),
    new Impl(Catalog.deepBind, "default", FutureSetup, "flatMap")((rt, p, mode) => {
      val d = p.int("d"); Program(rt.run(() => future(d)(rt.ec), mode))
    }),
    new Impl(Catalog.deepBind, "default", CpsSetup, "flatMap")((rt, p, mode) => {
      val c = cps(p.int("d")); Program(rt.run(c, mode))
    }),
    new Impl(Catalog.deepBind, "default", BaselineSetup, "tail-recursive loop")((rt, p, mode) => {
      val d = p.int("d"); Program(rt.run(() => baseline(d), mode))
    })
  )
}
