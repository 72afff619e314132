package effectbench.loom

import effectbench.Work
import java.util.concurrent.{ArrayBlockingQueue, Callable, CompletableFuture, ExecutorService, Future}
import java.util.concurrent.atomic.AtomicInteger
import ox.{Fork, Ox}
import ox.channels.Channel

// The primitives the scheduler family counts (see effectbench.Work), for the direct-style runtimes. Both run
// each fiber as a virtual thread and yield with Thread.yield (on a virtual thread it gives the
// carrier back to the JDK's scheduler). Neither has a counter or a one-shot promise of its own:
// both use AtomicInteger and CompletableFuture, as future and baseline do. The hook runs right
// before the primitive, on the same thread — except a fork's, which runs first thing inside the
// forked body, on the new thread: a fork whose body never runs is not counted.

/** Ox: fibers are `fork`s of a supervised scope, joined with `join()`; queue `Channel.buffered`
  * (bounded, any number of senders and receivers). */
final class OxOps(w: Work) {
  private val on = w.counting
  def fork[A](body: => A)(using Ox): Fork[A] = if (on) ox.fork { w.forked(); body }
  else ox.fork(body)
  def join[A](f: Fork[A]): A = { if (on) w.joined(); f.join() }
  def yieldNow(): Unit = { if (on) w.yielded(); Thread.`yield`() }
  def decrement(c: AtomicInteger): Int = { if (on) w.updated(); c.decrementAndGet() }
  def complete[A](s: CompletableFuture[A], a: A): Unit = { if (on) w.signalled(); s.complete(a) }
  def await[A](s: CompletableFuture[A]): A = { if (on) w.awaited(); s.get() }
  def offer[A](q: Channel[A], a: A): Unit = { if (on) w.offered(); q.send(a) }
  def take[A](q: Channel[A]): A = { if (on) w.took(); q.receive() }
  def allocate(i: Int): Array[AnyRef] = { if (on) w.allocated(); effectbench.FiberWork.allocate(i) }
}

/** Plain virtual threads: fibers are tasks of the virtual-thread-per-task executor, joined with
  * `Future.get`; queue `ArrayBlockingQueue` (put and take park the virtual thread). */
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
