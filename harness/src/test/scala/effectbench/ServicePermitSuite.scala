package effectbench

import java.util.concurrent.{ConcurrentLinkedQueue, Executors, ScheduledExecutorService, TimeUnit}
import java.util.concurrent.atomic.AtomicInteger

/** service's permit check can fail on any machine: with one permit, and a held step that waits on a
  * timer (so a holder keeps no thread busy), requests served by one thread overlap their held steps
  * unless the permit keeps them apart. A target that skips the permit fails the oracle; the same
  * target taking it passes. */
class ServicePermitSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(1, "min")

  private val holdNanos = 500000L

  /** A semaphore whose waiters are callbacks: an acquire never blocks a thread. */
  private final class AsyncPermits(n: Int) {
    private val free = new AtomicInteger(n)
    private val waiters = new ConcurrentLinkedQueue[Runnable]()
    def acquire(next: Runnable): Unit = {
      waiters.add(next)
      drain()
    }
    def release(): Unit = { free.incrementAndGet(); drain() }
    private def drain(): Unit = {
      var f = free.get()
      while (f > 0 && !waiters.isEmpty) {
        if (free.compareAndSet(f, f - 1)) {
          val r = waiters.poll()
          if (r != null) r.run() else { free.incrementAndGet(); () }
        }
        f = free.get()
      }
    }
  }

  /** Requests on one thread: the backends counted as served at once, the schedule's slow ones
    * timed out, then the held step (a timer's wait) under a permit, or with none when `skip`. */
  private final class OneThread(timer: ScheduledExecutorService, skip: Boolean) extends ServiceTarget {
    private val worker = Executors.newSingleThreadExecutor(Threads.daemon("service-oracle-test"))
    @volatile private var permits: AsyncPermits = null
    def startWindow(n: Int): Unit = permits = new AsyncPermits(n)
    def submit(w: LoadWindow, s: ServiceModel.Schedule, k: Int): Unit = worker.execute { () =>
      w.backendIn(k); w.backendIn(k); w.backendStarted(k)
      w.backendOut(k); w.backendOut(k)
      if (s.slow(k)) w.timedOut(k)
      val p = permits
      val held: Runnable = () => {
        w.permitIn()
        timer.schedule((() => worker.execute { () => w.permitOut(); if (!skip) p.release(); w.answer(k) }): Runnable, holdNanos,
          TimeUnit.NANOSECONDS)
        ()
      }
      if (skip) held.run() else p.acquire(() => worker.execute(held))
    }
    def close(): Unit = worker.shutdownNow()
  }

  private val params = Catalog.service.complete(Params.of("rate" -> "2000", "window-ms" -> "100", "permits" -> "1"))

  private def window(skip: Boolean): (WindowResult, String) = {
    val timer = Executors.newSingleThreadScheduledExecutor(Threads.daemon("service-oracle-timer"))
    val target = new OneThread(timer, skip)
    try {
      val s = ServiceModel.schedule(params)
      val r = LoadWindow.runService(target, s, permits = 1)
      (r, WindowProgram.serviceSummary(s.timeouts, 1)(r))
    } finally { target.close(); timer.shutdownNow() }
  }

  test("one permit taken around a held step that waits: the oracle holds, one holder at a time") {
    val (r, text) = window(skip = false)
    assertEquals(text, ServiceModel.oracleAt(params), r.toString)
    assertEquals(r.permitsHeldMost, 1)
  }

  test("the permit skipped: held steps overlap on one thread, and the oracle fails") {
    val (r, text) = window(skip = true)
    assert(r.permitsHeldMost > 1, r.toString)
    assertNotEquals(text, ServiceModel.oracleAt(params))
  }
}
