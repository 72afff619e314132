package effectbench.modern

import cats.effect.IO
import cats.effect.std.Semaphore
import cats.effect.unsafe.IORuntime
import effectbench.{
  Catalog,
  Impl,
  Live,
  LoadWindow,
  ModernRow,
  NaReasons,
  Scenario,
  ScenarioImpls,
  ServiceModel,
  ServiceTarget,
  WindowProgram
}
import effectbench.Cover.{na, runs}
import java.util.concurrent.{CompletableFuture, ExecutorService, ScheduledExecutorService, TimeUnit}
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
  * The client, the schedule and the clock are the harness's (LoadWindow.runService). Baseline
  * has no fibers: its request is a task of its fixed pool, its timer the `ScheduledExecutorService`
  * of its sleep-drift cell, its pool `java.util.concurrent.Semaphore` (why that is the same work,
  * and not n/a, is said at its program below). */
object Service extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.service
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup),
    zio = runs(ZioSetup),
    future = na(NaReasons.service),
    cps = na(NaReasons.service),
    baseline = runs(BaselineSetup)
  )

  private def nanos(n: Long): FiniteDuration = FiniteDuration(n, TimeUnit.NANOSECONDS)

  // ---- cats-effect ----
  /** `timeoutTo(d, fallback)` races the sleep against `IO.sleep(d)` and cancels the loser, then
    * runs `fallback` when the sleep of `d` won (cats-effect 3.7.1 IO.timeoutTo: `racePair(IO.sleep(d))`
    * inside `uncancelable`, `Fiber.cancel` of the loser; read in IO.class with javap). */
  def catsEffectRequest(w: LoadWindow, s: ServiceModel.Schedule, k: Int, base: Long, timeout: FiniteDuration, pool: Semaphore[IO])
      : IO[Unit] =
    IO(Blackhole.consumeCPU(base)) *>
      IO.both(IO.both(IO(w.backendIn(k)) *> IO.sleep(nanos(s.a(k))) *> IO(w.backendOut(k)),
          IO(w.backendIn(k)) *> IO.sleep(nanos(s.b(k))) *> IO(w.backendOut(k))),
        (IO(w.backendStarted(k)) *> IO.sleep(nanos(s.c(k)))).timeoutTo(timeout, IO(w.timedOut(k)))) *>
      pool.permit.surround(IO(w.permitIn()) *> IO(Blackhole.consumeCPU(base)) *> IO(w.permitOut())) *>
      IO(w.answer(k))

  /** A request enters as ZIO's does (a fiber started from the client thread). Its p99 is over
    * 10 ms at every rate on two processors, and that is Cats Effect's own: when a worker wakes a
    * parked one, the woken worker spins until the waker marks it `Unparked`, and there it spins on
    * the waker's processor, holding the waker (and the fiber it was scheduling) 1–5 ms until the
    * scheduler preempts it. The lab's WakeStudy measures it without this cell (one fiber sleeping on an idle
    * runtime; the protocol in plain threads) and cites the source. */
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
      (ZIO.succeed(w.backendIn(k)) *> ZIO.sleep(zio.Duration.fromNanos(s.a(k))) *> ZIO.succeed(w.backendOut(k))).zipPar(
        ZIO.succeed(w.backendIn(k)) *> ZIO.sleep(zio.Duration.fromNanos(s.b(k))) *> ZIO.succeed(w.backendOut(k))
      ).zipPar(
        (ZIO.succeed(w.backendStarted(k)) *> ZIO.sleep(zio.Duration.fromNanos(s.c(k)))).timeout(timeout)
          .flatMap(o => if (o.isEmpty) ZIO.succeed(w.timedOut(k)) else ZIO.unit)
      ) *>
      pool.withPermit(ZIO.succeed(w.permitIn()) *> ZIO.succeed(Blackhole.consumeCPU(base)) *> ZIO.succeed(w.permitOut())) *>
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

  // ---- baseline ----
  /* Baseline is plain Scala with no effect system, "loops, callbacks, `java.util.concurrent`"
   * (Runtimes.Baseline), its tasks on a fixed pool of one platform thread per processor
   * (BaselineLive.pool; docs/scenarios.md, the scheduler family) and its sleeps those of sleep-drift's baseline:
   * a `ScheduledExecutorService` (BaselineLive.sleepTimer) whose wake hands the sleeper back to the
   * pool as a callback (SleepDrift.baselineSleeper). A request is written with those pieces, so it
   * is the same work as the others', not n/a: a task on the pool burns the first burst; each
   * backend is a `CompletableFuture` the timer completes after its sleep; the timeout is a task of
   * the same timer that completes the raced backend's future with `false` if it is not done yet,
   * the first `complete` winning (a CompletableFuture completes once), and the loser's timer task is
   * cancelled; `allOf` the three hands the rest to the pool (`thenRunAsync(..., pool)`), where the
   * pool's permits (BaselinePermits) are taken around the second burst. No pool thread waits for a
   * backend, the timeout or a permit: the JDK has no asynchronous acquire, so the permits are a
   * count and a queue of callbacks, as the effect runtimes' semaphores suspend a fiber; waiting
   * requests take permits in arrival order, as those runtimes queue theirs (the monix group's
   * Service). `CompletableFuture.completeOnTimeout` is that same timeout
   * (a Timeout task that completes the future if not done, a Canceller that cancels it when the
   * future completes: JDK 25's CompletableFuture.java l.2810-2842), but on the JDK's common-pool
   * delay scheduler (`arrangeTimeout` on ASYNC_POOL, `ForkJoinPool.asyncCommonPool()`, l.477 and
   * l.2849-2857): a second timer and a pool outside the baseline's, which is why the timeout here
   * is the baseline's own timer's. */
  private def baselineSleep(timer: ScheduledExecutorService, nanos: Long): CompletableFuture[Unit] = {
    val f = new CompletableFuture[Unit]
    timer.schedule((() => { f.complete(()); () }): Runnable, nanos, TimeUnit.NANOSECONDS)
    f
  }

  /** The baseline's connection pool: `n` permits and the requests waiting for one, in arrival order.
    * An acquire never blocks a thread: with no permit free, the rest of the request (`next`) waits
    * in the queue, and a release hands its permit to the first waiter, run as a task of `pool`. */
  final class BaselinePermits(n: Int, pool: java.util.concurrent.Executor) {
    private var free = n
    private val waiting = new java.util.ArrayDeque[Runnable]()
    def acquire(next: Runnable): Unit = {
      val now = synchronized {
        if (free > 0) { free -= 1; true }
        else { waiting.addLast(next); false }
      }
      if (now) next.run()
    }
    def release(): Unit = {
      val first = synchronized { val r = waiting.pollFirst(); if (r == null) free += 1; r }
      if (first != null) pool.execute(first)
    }
  }

  def baselineRequest(
      pool: ExecutorService, timer: ScheduledExecutorService, w: LoadWindow, s: ServiceModel.Schedule, k: Int,
      base: Long, timeoutNanos: Long, permits: BaselinePermits
  ): Unit = {
    Blackhole.consumeCPU(base)
    w.backendIn(k)
    val a = baselineSleep(timer, s.a(k)).thenApply(_ => w.backendOut(k))
    w.backendIn(k)
    val b = baselineSleep(timer, s.b(k)).thenApply(_ => w.backendOut(k))
    w.backendStarted(k)
    val c = new CompletableFuture[java.lang.Boolean]
    val backend = timer.schedule((() => { c.complete(true); () }): Runnable, s.c(k), TimeUnit.NANOSECONDS)
    val timeout = timer.schedule((() => { c.complete(false); () }): Runnable, timeoutNanos, TimeUnit.NANOSECONDS)
    c.thenAccept(won => { if (won) timeout.cancel(false) else backend.cancel(false); () })
    CompletableFuture.allOf(a, b, c).thenRunAsync(
      () => {
        if (!c.join()) w.timedOut(k)
        permits.acquire { () =>
          try { w.permitIn(); Blackhole.consumeCPU(base); w.permitOut() }
          finally permits.release()
          w.answer(k)
        }
      },
      pool
    )
    ()
  }

  final class BaselineTarget(pool: ExecutorService, timer: ScheduledExecutorService, base: Long, timeoutNanos: Long)
      extends ServiceTarget {
    @volatile private var permits: BaselinePermits = null
    def startWindow(n: Int): Unit = permits = new BaselinePermits(n, pool)
    def submit(w: LoadWindow, s: ServiceModel.Schedule, k: Int): Unit = {
      val p = permits
      pool.execute(() => baselineRequest(pool, timer, w, s, k, base, timeoutNanos, p))
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
    ),
    new Impl(Catalog.service, "default", BaselineSetup,
      "CompletableFutures the ScheduledExecutorService completes, allOf back to the fixed pool; permits a count and a queue " +
        "of callbacks, so a request waiting for one holds no pool thread (as the effect runtimes' semaphores suspend a fiber)")(
      (live, p, _) =>
        WindowProgram.service(new BaselineTarget(live.pool, live.sleepTimer, p.long("base"), ServiceModel.timeoutNanos(p)), p,
          Vector("cellAutoYieldBudget" -> "none (a pool thread runs a task to its end)"))
    )
  )
}
