package effectbench.loom

import effectbench.Work
import java.util.concurrent.CompletableFuture
import java.util.concurrent.atomic.AtomicInteger
import ox.{Fork, Ox}
import ox.channels.Channel

/** Ox: fibers are `fork`s of a supervised scope, each a virtual thread, joined with `join()`; yield is
  * `Thread.yield` (on a virtual thread it gives the carrier back to the JDK's scheduler); counter
  * `AtomicInteger` and signal `CompletableFuture`, Ox having neither of its own (as future and
  * baseline); queue `Channel.buffered` (bounded, any number of senders and receivers). */
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
