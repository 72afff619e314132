package effectbench.modern

import effectbench.Work

/** ZIO 2: fibers are `fork`ed effects, yield is `ZIO.yieldNow`, counter `Ref`, signal `Promise`,
  * queue `Queue.bounded`. */
final class ZioOps(w: Work) {
  import zio.{Fiber, Promise, Queue, Ref, UIO, ZIO}
  private val on = w.counting
  private def hook(h: () => Unit): UIO[Unit] = ZIO.succeed(h())
  val yieldNow: UIO[Unit] = if (on) hook(() => w.yielded()).flatMap(_ => ZIO.yieldNow) else ZIO.yieldNow
  /** `forkDaemon`, not `fork`: ZIO's `fork` ties the child to its parent (it is interrupted when
    * the parent ends), which would break a chain of forks and drop a ping-pong offer; CE's `start`
    * and the other runtimes' forks have no such tie. ZIO's own chained-fork benchmark does the same. */
  def fork[A](z: UIO[A]): UIO[Fiber.Runtime[Nothing, A]] =
    if (on) hook(() => w.forked()).flatMap(_ => z).forkDaemon else z.forkDaemon
  def join[A](f: Fiber[Nothing, A]): UIO[A] = if (on) hook(() => w.joined()).flatMap(_ => f.join) else f.join
  def decrement(r: Ref[Int]): UIO[Int] = {
    val m = r.modify(n => (n - 1, n - 1))
    if (on) hook(() => w.updated()).flatMap(_ => m) else m
  }
  def complete[A](p: Promise[Nothing, A], a: A): UIO[Unit] =
    if (on) hook(() => w.signalled()).flatMap(_ => p.succeed(a).unit) else p.succeed(a).unit
  def await[A](p: Promise[Nothing, A]): UIO[A] = if (on) hook(() => w.awaited()).flatMap(_ => p.await) else p.await
  def offer[A](q: Queue[A], a: A): UIO[Unit] = if (on) hook(() => w.offered()).flatMap(_ => q.offer(a).unit) else q.offer(a).unit
  def take[A](q: Queue[A]): UIO[A] = if (on) hook(() => w.took()).flatMap(_ => q.take) else q.take
  def allocate(i: Int): UIO[Array[AnyRef]] =
    ZIO.succeed { if (on) w.allocated(); effectbench.FiberWork.allocate(i) }
}
