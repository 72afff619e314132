package effectbench.monix

import cats.effect.concurrent.{Deferred, Ref}
import effectbench.Work
import monix.catnap.{ConcurrentQueue, MVar}
import monix.eval.{Fiber, Task}
import monix.execution.{BufferCapacity, ChannelType}

/** The primitives the scheduler family counts (see effectbench.Work), for Monix: fibers are `start`ed Tasks,
  * yield is `Task.shift`, counter the Cats Effect 2 `Ref` over Task, signal its `Deferred`, queue
  * `monix.catnap.ConcurrentQueue` bounded and MPMC — except at capacity 1, which that queue refuses
  * (its JCTools MPMC array needs capacity >= 2): there the queue is `MVar`, Monix's one-slot
  * multi-producer multi-consumer queue (put suspends while full, take while empty).
  * With Work.off each helper is the bare primitive. */
final class MonixOps(w: Work) {
  private val on = w.counting
  private def hook(h: () => Unit): Task[Unit] = Task.eval(h())
  val shift: Task[Unit] = if (on) hook(() => w.yielded()).flatMap(_ => Task.shift) else Task.shift
  /** The fork is counted inside the forked program, when its body starts on the fiber: a start
    * that never runs its body is not counted. Monix's `start` does not fork a Task that is
    * already finished — it returns a finished Fiber for Task.Now and Task.Error
    * (monix-eval/shared/src/main/scala/monix/eval/internal/TaskStart.scala, `forked`) — so those
    * get no hook either: wrapping them would make the counted program fork where the measured one
    * does not. */
  def start[A](t: Task[A]): Task[Fiber[A]] =
    if (on && !MonixOps.finished(t)) hook(() => w.forked()).flatMap(_ => t).start else t.start
  def join[A](f: Fiber[A]): Task[A] = if (on) hook(() => w.joined()).flatMap(_ => f.join) else f.join
  def decrement(r: Ref[Task, Int]): Task[Int] = {
    val m = r.modify(n => (n - 1, n - 1))
    if (on) hook(() => w.updated()).flatMap(_ => m) else m
  }
  def complete[A](d: Deferred[Task, A], a: A): Task[Unit] =
    if (on) hook(() => w.signalled()).flatMap(_ => d.complete(a)) else d.complete(a)
  def await[A](d: Deferred[Task, A]): Task[A] = if (on) hook(() => w.awaited()).flatMap(_ => d.get) else d.get
  def offer[A](q: MVar[Task, A], a: A): Task[Unit] = if (on) hook(() => w.offered()).flatMap(_ => q.put(a)) else q.put(a)
  def take[A](q: MVar[Task, A]): Task[A] = if (on) hook(() => w.took()).flatMap(_ => q.take) else q.take
  def offer[A](q: ConcurrentQueue[Task, A], a: A): Task[Unit] = if (on) hook(() => w.offered()).flatMap(_ => q.offer(a)) else q.offer(a)
  def take[A](q: ConcurrentQueue[Task, A]): Task[A] = if (on) hook(() => w.took()).flatMap(_ => q.poll) else q.poll
  def allocate(i: Int): Task[Array[AnyRef]] = Task.eval { if (on) w.allocated(); effectbench.FiberWork.allocate(i) }
}

object MonixOps {
  /** Task.Now and Task.Error are private to monix.eval: told apart by their class names. */
  def finished(t: Task[?]): Boolean = t.getClass.getName match {
    case "monix.eval.Task$Now" | "monix.eval.Task$Error" => true
    case _ => false
  }

  /** A bounded multi-producer multi-consumer queue of capacity >= 2 (MPMC said explicitly). */
  def queue[A](capacity: Int): Task[ConcurrentQueue[Task, A]] =
    ConcurrentQueue[Task].withConfig[A](BufferCapacity.Bounded(capacity), ChannelType.MPMC)

  /** The queue of capacity 1 of the scheduler family: Monix's MVar (see above). */
  def oneSlotQueue[A]: Task[MVar[Task, A]] = MVar[Task].empty[A]()
}
