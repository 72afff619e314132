package effectbench.modern

import cats.effect.IO
import cats.effect.std.Semaphore
import cats.effect.unsafe.IORuntime
import effectbench.{Catalog, Impl, Live, LoadWindow, ScenarioImpls, ServiceModel, ServiceTarget, WindowProgram}
import java.util.concurrent.TimeUnit
import org.openjdk.jmh.infra.Blackhole
import scala.concurrent.duration.FiniteDuration
import zio.{Unsafe, ZIO}

/** service in this group: the program, its oracle and its same-work rules are the catalog's
  * (Catalog.service; the schedule is ServiceModel's). Same work: a request is one fiber submitted
  * from outside the runtime; its two bursts of `base` tokens are `Blackhole.consumeCPU` inside the
  * effect; its three backends are sleeps of the runtime's own timer run at once by the runtime's
  * pairwise parallel combinator (`IO.both` twice, `zipPar` twice); the third is raced against the
  * timeout by the runtime's own timeout, which counts the request as timed out when the timeout
  * wins; the connection pool is the runtime's own semaphore, made anew each window, its permit
  * held around the second burst. Unfair would be a backend written with a timer of this
  * repository's, a fan-out run one after the other, or a semaphore acquired outside the effect.
  * The client, the schedule and the clock are the harness's (LoadWindow.runService). */
object Service extends ScenarioImpls {
  private def nanos(n: Long): FiniteDuration = FiniteDuration(n, TimeUnit.NANOSECONDS)

  // ---- cats-effect ----
  /** `timeoutTo(d, fallback)` races the sleep against `IO.sleep(d)` and cancels the loser, then
    * runs `fallback` when the sleep of `d` won (cats-effect 3.7.1 IO.timeoutTo: `racePair(IO.sleep(d))`
    * inside `uncancelable`, `Fiber.cancel` of the loser; read in IO.class with javap). */
  def catsEffectRequest(w: LoadWindow, s: ServiceModel.Schedule, k: Int, base: Long, timeout: FiniteDuration, pool: Semaphore[IO])
      : IO[Unit] =
    IO(Blackhole.consumeCPU(base)) *>
      IO.both(IO.both(IO.sleep(nanos(s.a(k))), IO.sleep(nanos(s.b(k)))),
        IO.sleep(nanos(s.c(k))).timeoutTo(timeout, IO(w.timedOut(k)))) *>
      pool.permit.surround(IO(Blackhole.consumeCPU(base))) *>
      IO(w.answer(k))

  final class CatsEffectTarget(rt: IORuntime, base: Long, timeout: FiniteDuration) extends ServiceTarget {
    @volatile private var pool: Semaphore[IO] = null
    def startWindow(permits: Int): Unit = pool = Semaphore[IO](permits.toLong).unsafeRunSync()(rt)
    def submit(w: LoadWindow, s: ServiceModel.Schedule, k: Int): Unit =
      catsEffectRequest(w, s, k, base, timeout, pool).unsafeRunAndForget()(rt)
  }

  // ---- zio ----
  /** `timeout(d)` races the sleep against the clock and interrupts the loser, `None` when the
    * timeout won (ZIO 2.1.26 ZIO.timeout calls `timeoutTo`, whose `TimeoutTo.apply` races two fibers
    * with `raceFibersWith` and `interruptAs` the loser; read in ZIO.class and ZIO$TimeoutTo.class
    * with javap). */
  def zioRequest(w: LoadWindow, s: ServiceModel.Schedule, k: Int, base: Long, timeout: zio.Duration, pool: zio.Semaphore)
      : ZIO[Any, Nothing, Unit] =
    ZIO.succeed(Blackhole.consumeCPU(base)) *>
      ZIO.sleep(zio.Duration.fromNanos(s.a(k))).zipPar(ZIO.sleep(zio.Duration.fromNanos(s.b(k)))).zipPar(
        ZIO.sleep(zio.Duration.fromNanos(s.c(k))).timeout(timeout).flatMap(o => if (o.isEmpty) ZIO.succeed(w.timedOut(k)) else ZIO.unit)
      ) *>
      pool.withPermit(ZIO.succeed(Blackhole.consumeCPU(base))) *>
      ZIO.succeed(w.answer(k))

  /** Started as HogProbe.ZioTarget starts its fibers: `runOrFork` of a program that begins with `yieldNow`. */
  final class ZioTarget(rt: zio.Runtime[Any], base: Long, timeout: zio.Duration) extends ServiceTarget {
    @volatile private var pool: zio.Semaphore = null
    def startWindow(permits: Int): Unit = Unsafe.unsafe { implicit u =>
      pool = rt.unsafe.run(zio.Semaphore.make(permits.toLong)).getOrThrowFiberFailure()
    }
    def submit(w: LoadWindow, s: ServiceModel.Schedule, k: Int): Unit = Unsafe.unsafe { implicit u =>
      rt.unsafe.runOrFork(ZIO.yieldNow *> zioRequest(w, s, k, base, timeout, pool)); ()
    }
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.service, "default", CatsEffectSetup, "IO.both, timeoutTo, std.Semaphore; fibers by unsafeRunAndForget")((live, p, _) =>
      WindowProgram.service(new CatsEffectTarget(live.runtime, p.long("base"), nanos(ServiceModel.timeoutNanos(p))), p,
        live.budgetReadBack(live.runtime))
    ),
    new Impl(Catalog.service, "default", ZioSetup, "zipPar, timeout, Semaphore.withPermit; fibers by runOrFork after yieldNow")(
      (live, p, _) =>
        WindowProgram.service(new ZioTarget(live.runtime, p.long("base"), zio.Duration.fromNanos(ServiceModel.timeoutNanos(p))), p,
          live.budgetReadBack(live.runtime))
    )
  )
}
