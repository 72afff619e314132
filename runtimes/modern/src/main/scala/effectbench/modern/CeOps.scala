package effectbench.modern

import cats.effect.{Deferred, FiberIO, IO, Ref}
import cats.effect.std.Queue
import effectbench.Work

/** Cats Effect: fibers are `start`ed IOs, yield is `IO.cede`, counter `Ref`, signal `Deferred`,
  * queue `std.Queue.bounded`. */
final class CeOps(w: Work) {
  private val on = w.counting
  private def hook(h: () => Unit): IO[Unit] = IO(h())
  val cede: IO[Unit] = if (on) hook(() => w.yielded()).flatMap(_ => IO.cede) else IO.cede
  def start[A](io: IO[A]): IO[FiberIO[A]] = if (on) hook(() => w.forked()).flatMap(_ => io).start else io.start
  def join[A](f: FiberIO[A]): IO[A] = if (on) hook(() => w.joined()).flatMap(_ => f.joinWithNever) else f.joinWithNever
  def decrement(r: Ref[IO, Int]): IO[Int] = {
    val m = r.modify(n => (n - 1, n - 1))
    if (on) hook(() => w.updated()).flatMap(_ => m) else m
  }
  def complete[A](d: Deferred[IO, A], a: A): IO[Unit] =
    if (on) hook(() => w.signalled()).flatMap(_ => d.complete(a).void) else d.complete(a).void
  def await[A](d: Deferred[IO, A]): IO[A] = if (on) hook(() => w.awaited()).flatMap(_ => d.get) else d.get
  def offer[A](q: Queue[IO, A], a: A): IO[Unit] = if (on) hook(() => w.offered()).flatMap(_ => q.offer(a)) else q.offer(a)
  def take[A](q: Queue[IO, A]): IO[A] = if (on) hook(() => w.took()).flatMap(_ => q.take) else q.take
  def allocate(i: Int): IO[Array[AnyRef]] =
    IO { if (on) w.allocated(); effectbench.FiberWork.allocate(i) }
}
