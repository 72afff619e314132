package effectbench.modern

import cats.effect.IO
import effectbench.{Catalog, Impl, Live, ModernRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** ackermann in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.ackermann, docs/scenarios.md). */
object Ackermann extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.ackermann
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup) ++ na(NaReasons.ackermann),
    zio = runs(ZioSetup) ++ na(NaReasons.ackermann),
    future = runs(FutureSetup) ++ na(NaReasons.ackermann),
    cps = runs(CpsSetup) ++ na(NaReasons.ackermann),
    baseline = runs(BaselineSetup) ++ na(NaReasons.ackermann)
  )

  /** Nested calls made eagerly before a stack-aware variant suspends. */
  val StackBudget = 512

  // ---- cats-effect
  def cePoolPerStep(m: Int, n: Long): IO[Long] = IO.cede >> {
    if (m == 0) IO.pure(n + 1)
    else if (n == 0) cePoolPerStep(m - 1, 1)
    else cePoolPerStep(m, n - 1).flatMap(x => cePoolPerStep(m - 1, x))
  }
  def ceTrampolined(m: Int, n: Long): IO[Long] = IO.defer {
    if (m == 0) IO.pure(n + 1)
    else if (n == 0) ceTrampolined(m - 1, 1)
    else ceTrampolined(m, n - 1).flatMap(x => ceTrampolined(m - 1, x))
  }
  def ceStackAware(m: Int, n: Long, depth: Int): IO[Long] =
    if (depth >= StackBudget) IO.defer(ceStackAware(m, n, 0))
    else if (m == 0) IO.pure(n + 1)
    else if (n == 0) ceStackAware(m - 1, 1, depth + 1)
    else ceStackAware(m, n - 1, depth + 1).flatMap(x => ceStackAware(m - 1, x, depth + 1))

  // ---- zio
  type UIO[A] = ZIO[Any, Nothing, A]
  def zioPoolPerStep(m: Int, n: Long): UIO[Long] = ZIO.yieldNow *> {
    if (m == 0) ZIO.succeed(n + 1)
    else if (n == 0) zioPoolPerStep(m - 1, 1)
    else zioPoolPerStep(m, n - 1).flatMap(x => zioPoolPerStep(m - 1, x))
  }
  def zioTrampolined(m: Int, n: Long): UIO[Long] = ZIO.suspendSucceed {
    if (m == 0) ZIO.succeed(n + 1)
    else if (n == 0) zioTrampolined(m - 1, 1)
    else zioTrampolined(m, n - 1).flatMap(x => zioTrampolined(m - 1, x))
  }
  def zioStackAware(m: Int, n: Long, depth: Int): UIO[Long] =
    if (depth >= StackBudget) ZIO.suspendSucceed(zioStackAware(m, n, 0))
    else if (m == 0) ZIO.succeed(n + 1)
    else if (n == 0) zioStackAware(m - 1, 1, depth + 1)
    else zioStackAware(m, n - 1, depth + 1).flatMap(x => zioStackAware(m - 1, x, depth + 1))

  // ---- future: it cannot suspend without the pool, so its suspension is a hop (Future.delegate)
  def futurePoolPerStep(m: Int, n: Long)(implicit ec: ExecutionContext): Future[Long] = Future.delegate {
    if (m == 0) Future.successful(n + 1)
    else if (n == 0) futurePoolPerStep(m - 1, 1)
    else futurePoolPerStep(m, n - 1).flatMap(x => futurePoolPerStep(m - 1, x))
  }
  def futureStackAware(m: Int, n: Long, depth: Int)(implicit ec: ExecutionContext): Future[Long] =
    if (depth >= StackBudget) Future.delegate(futureStackAware(m, n, 0))
    else if (m == 0) Future.successful(n + 1)
    else if (n == 0) futureStackAware(m - 1, 1, depth + 1)
    else futureStackAware(m, n - 1, depth + 1).flatMap(x => futureStackAware(m - 1, x, depth + 1))

  // ---- cps: suspension is a bind on unit (the task has no separate defer)
  private def defer[A](body: => Cps[A]): Cps[A] = Cps.unit.flatMap(_ => body)
  def cpsPoolPerStep(m: Int, n: Long, pool: java.util.concurrent.Executor): Cps[Long] = Cps.shift(pool).flatMap { _ =>
    if (m == 0) Cps.pure(n + 1)
    else if (n == 0) cpsPoolPerStep(m - 1, 1, pool)
    else cpsPoolPerStep(m, n - 1, pool).flatMap(x => cpsPoolPerStep(m - 1, x, pool))
  }
  def cpsTrampolined(m: Int, n: Long): Cps[Long] = defer {
    if (m == 0) Cps.pure(n + 1)
    else if (n == 0) cpsTrampolined(m - 1, 1)
    else cpsTrampolined(m, n - 1).flatMap(x => cpsTrampolined(m - 1, x))
  }
  def cpsStackAware(m: Int, n: Long, depth: Int): Cps[Long] =
    if (depth >= StackBudget) defer(cpsStackAware(m, n, 0))
    else if (m == 0) Cps.pure(n + 1)
    else if (n == 0) cpsStackAware(m - 1, 1, depth + 1)
    else cpsStackAware(m, n - 1, depth + 1).flatMap(x => cpsStackAware(m - 1, x, depth + 1))

  // ---- baseline
  /** The floor: direct recursion on the thread stack (not stack-safe, by design). */
  def plain(m: Int, n: Long): Long =
    if (m == 0) n + 1
    else if (n == 0) plain(m - 1, 1)
    else plain(m - 1, plain(m, n - 1))

  /** The trampoline by hand: the pending outer calls live in a heap stack of their m. */
  def baselineTrampolined(m0: Int, n0: Long): Long = {
    val pending = new java.util.ArrayDeque[Integer]()
    pending.push(m0)
    var n = n0
    while (!pending.isEmpty) {
      val m = pending.pop().intValue
      if (m == 0) n += 1
      else if (n == 0) { pending.push(m - 1); n = 1 }
      else { pending.push(m - 1); pending.push(m); n -= 1 }
    }
    n
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.ackermann, "pool-per-step", CatsEffectSetup, "IO.cede >> flatMap" + Tasks.ceCedeNote)((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(cePoolPerStep(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "trampolined", CatsEffectSetup, "IO.defer + flatMap")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(ceTrampolined(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "stack-aware", CatsEffectSetup, "flatMap, IO.defer every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(IO.defer(ceStackAware(m, n, 0)), mode))
    }),
    new Impl(Catalog.ackermann, "pool-per-step", ZioSetup, "ZIO.yieldNow *> flatMap" + Tasks.zioYieldNote)((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(zioPoolPerStep(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "trampolined", ZioSetup, "ZIO.suspendSucceed + flatMap")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(zioTrampolined(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "stack-aware", ZioSetup, "flatMap, ZIO.suspendSucceed every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(ZIO.suspendSucceed(zioStackAware(m, n, 0)), mode))
    }),
    new Impl(Catalog.ackermann, "pool-per-step", FutureSetup, "Future.delegate + flatMap")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => futurePoolPerStep(m, n)(rt.ec), mode))
    }),
    new Impl(Catalog.ackermann, "stack-aware", FutureSetup, "flatMap, Future.delegate every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => futureStackAware(m, n, 0)(rt.ec), mode))
    }),
    new Impl(Catalog.ackermann, "pool-per-step", CpsSetup, "shift + flatMap")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(cpsPoolPerStep(m, n, rt.pool), mode))
    }),
    new Impl(Catalog.ackermann, "trampolined", CpsSetup, "unit.flatMap suspension + flatMap")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(cpsTrampolined(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "stack-aware", CpsSetup, "flatMap, suspension every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(defer(cpsStackAware(m, n, 0)), mode))
    }),
    new Impl(Catalog.ackermann, "plain", BaselineSetup, "direct recursion")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => plain(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "trampolined", BaselineSetup, "explicit heap stack")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => baselineTrampolined(m, n), mode))
    })
  )
}
