package effectbench.loom

import effectbench.{
  Catalog,
  Impl,
  Live,
  LoadWindow,
  LoomRow,
  NaReasons,
  Scenario,
  ScenarioImpls,
  ServiceModel,
  ServiceTarget,
  WindowProgram
}
import effectbench.Cover.{na, runs}
import java.util.concurrent.{ExecutorService, Future, Semaphore, TimeUnit, TimeoutException}
import org.openjdk.jmh.infra.Blackhole

/** service on plain virtual threads: the catalog's program (Catalog.service; the modern group's
  * Service says what keeps the cells the same work), written as a loom user writes it, in blocking
  * style. A request is one virtual thread started from the client thread by the group's
  * virtual-thread-per-task executor (as HogProbe starts its probes); its two bursts are
  * `Blackhole.consumeCPU` on it; each backend is a virtual thread of the same executor that
  * `Thread.sleep`s (parked on the virtual-thread scheduler's timer, as SleepDrift's sleepers), the
  * three started at once and joined with `Future.get`.
  *
  * The timeout is the JDK's own timed wait on a result, `Future.get(timeout)`, and the loser is
  * cancelled with `cancel(true)`. Read in JDK 25's sources (src.zip): `submit` of the per-task
  * executor returns a ThreadBoundFuture, a FutureTask bound to the new thread
  * (ThreadPerTaskExecutor.java l.259-271, l.304-313); FutureTask.get(timeout) waits in `awaitDone`,
  * a `LockSupport.parkNanos` (FutureTask.java l.199-206, l.508), which on a virtual thread is
  * VirtualThread.parkNanos: the thread unmounts (VirtualThread.java l.768-800) and `afterYield`
  * schedules its wake on the scheduler's timer (l.558-567: `schedule(this::parkTimeoutExpired, ...)`),
  * so the waiting request holds no carrier; `cancel(true)` interrupts the runner
  * (FutureTask.java l.166-180), which ends the backend's sleep. Not chosen:
  * `CompletableFuture.orTimeout`, which completes on the JDK's common-pool delay scheduler
  * (CompletableFuture.java l.2792-2796, `arrangeTimeout` on ASYNC_POOL) and whose `cancel` does not
  * interrupt a running backend (l.2545: `mayInterruptIfRunning` has no effect); and
  * StructuredTaskScope, a preview API in JDK 25 (StructuredTaskScope.java l.351, @PreviewFeature).
  *
  * The pool is a `java.util.concurrent.Semaphore`, made anew each window and acquired on the
  * request's virtual thread (a virtual thread blocked on it unmounts too); fair, so that waiting
  * requests take permits in arrival order as the effect runtimes' semaphores hand them out (Monix's
  * waiters queue in a `Queue`: the monix group's Service), not to whichever request arrives while a
  * permit is free. */
object Service extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.service
  val row: LoomRow = LoomRow(ox = na(NaReasons.service), loom = runs(LoomSetup))

  private def backend(nanos: Long): Runnable = () => Thread.sleep(nanos / 1000000L, (nanos % 1000000L).toInt)

  /** A backend whose time in flight the window tracks (LoadWindow.backendIn): a and b. */
  private def tracked(w: LoadWindow, k: Int, nanos: Long): Runnable = () => {
    w.backendIn(k)
    try backend(nanos).run()
    finally w.backendOut(k)
  }

  def request(
      executor: ExecutorService, w: LoadWindow, s: ServiceModel.Schedule, k: Int, base: Long, timeoutNanos: Long,
      pool: Semaphore
  ): Unit = {
    Blackhole.consumeCPU(base)
    val a: Future[?] = executor.submit(tracked(w, k, s.a(k)))
    val b: Future[?] = executor.submit(tracked(w, k, s.b(k)))
    w.backendStarted(k)
    val c: Future[?] = executor.submit(backend(s.c(k)))
    try c.get(timeoutNanos, TimeUnit.NANOSECONDS)
    catch {
      case _: TimeoutException =>
        c.cancel(true)
        w.timedOut(k)
    }
    a.get()
    b.get()
    pool.acquire()
    try { w.permitIn(); Blackhole.consumeCPU(base); w.permitOut() }
    finally pool.release()
    w.answer(k)
  }

  final class LoomTarget(executor: ExecutorService, base: Long, timeoutNanos: Long) extends ServiceTarget {
    @volatile private var pool: Semaphore = null
    def startWindow(permits: Int): Unit = pool = new Semaphore(permits, true)
    def submit(w: LoadWindow, s: ServiceModel.Schedule, k: Int): Unit = {
      val p = pool
      executor.execute(() => request(executor, w, s, k, base, timeoutNanos, p))
    }
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.service, "default", LoomSetup,
      "a virtual thread per request and per backend; Future.get(timeout), cancel(true); Semaphore")((live, p, _) =>
      WindowProgram.service(new LoomTarget(live.executor, p.long("base"), ServiceModel.timeoutNanos(p)), p,
        Vector("cellAutoYieldBudget" -> "none (a virtual thread is not preempted)"))
    )
  )
}
