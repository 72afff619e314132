package effectbench.modern

import effectbench.Work
import java.util.concurrent.{CompletableFuture, Executor}
import java.util.concurrent.atomic.AtomicInteger

/** Baseline: tasks on the fixed pool, written as callbacks. A fork and a yield each submit the
  * rest of the task to the pool; counter `AtomicInteger`, signal `CompletableFuture`, queue the
  * callback queue below. Pool threads never block (with 2 threads a blocking take could starve
  * the offer it waits for). */
final class BaselineOps(w: Work, pool: Executor) {
  private val on = w.counting
  def fork(body: => Unit): Unit = if (on) pool.execute(() => { w.forked(); body }) else pool.execute(() => body)
  def yieldThen(rest: => Unit): Unit = if (on) pool.execute(() => { w.yielded(); rest }) else pool.execute(() => rest)
  def join[A](f: CompletableFuture[A]): A = { if (on) w.joined(); f.join() }
  def decrement(c: AtomicInteger): Int = { if (on) w.updated(); c.decrementAndGet() }
  def complete[A](s: CompletableFuture[A], a: A): Unit = { if (on) w.signalled(); s.complete(a) }
  def await[A](s: CompletableFuture[A]): CompletableFuture[A] = { if (on) w.awaited(); s }
  /** True when the item went in at once; otherwise `resumed` runs on the pool once it has. */
  def offer[A](q: CallbackQueue[A], a: A, resumed: () => Unit): Boolean = { if (on) w.offered(); q.offer(a, resumed) }
  /** The item when one was there; otherwise null, and `resumed` gets it on the pool later. */
  def take[A <: AnyRef](q: CallbackQueue[A], resumed: A => Unit): A = { if (on) w.took(); q.take(resumed) }
  def allocate(i: Int): Array[AnyRef] = { if (on) w.allocated(); effectbench.FiberWork.allocate(i) }
  /** Once every fiber has completed: the sum of their results, each one joined. */
  def sumWhenAll(fs: Array[CompletableFuture[Int]]): CompletableFuture[Long] =
    CompletableFuture.allOf(fs: _*).thenApply { _ =>
      var sum = 0L
      var k = 0
      while (k < fs.length) { sum += join(fs(k)); k += 1 }
      sum
    }
}
