package effectbench.loom

import effectbench.Work
import java.util.concurrent.{ArrayBlockingQueue, Callable, CompletableFuture, ExecutorService, Future}
import java.util.concurrent.atomic.AtomicInteger

/** Plain virtual threads: fibers are tasks of the virtual-thread-per-task executor, joined with
  * `Future.get`; yield, counter and signal as OxOps's; queue `ArrayBlockingQueue` (put and take
  * park the virtual thread). */
final class LoomOps(w: Work, ex: ExecutorService) {
  private val on = w.counting
  def fork[A](body: => A): Future[A] =
    ex.submit(new Callable[A] { def call(): A = { if (on) w.forked(); body } })
  def join[A](f: Future[A]): A = { if (on) w.joined(); f.get() }
  def yieldNow(): Unit = { if (on) w.yielded(); Thread.`yield`() }
  def decrement(c: AtomicInteger): Int = { if (on) w.updated(); c.decrementAndGet() }
  def complete[A](s: CompletableFuture[A], a: A): Unit = { if (on) w.signalled(); s.complete(a) }
  def await[A](s: CompletableFuture[A]): A = { if (on) w.awaited(); s.get() }
  def offer[A](q: ArrayBlockingQueue[A], a: A): Unit = { if (on) w.offered(); q.put(a) }
  def take[A](q: ArrayBlockingQueue[A]): A = { if (on) w.took(); q.take() }
  def allocate(i: Int): Array[AnyRef] = { if (on) w.allocated(); effectbench.FiberWork.allocate(i) }
}
