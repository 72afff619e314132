package effectbench.modern

import cats.effect.{Deferred, FiberIO, IO, Ref}
import cats.effect.std.Queue
import effectbench.Work
import java.util.concurrent.{CompletableFuture, Executor}
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.locks.ReentrantLock
import scala.concurrent.{ExecutionContext, Future, Promise}

// The primitives the scheduler family counts (see effectbench.Work), one helper per runtime of the group.
// Every scenario file reaches forks, yields, queue operations, counter updates and signals only
// through these, so the same-work test sees every one. With Work.off each helper is the bare
// primitive: the counting branch is chosen once, when the helper is built. A fork is counted
// inside the forked program, as its first step: a fork whose body never runs is not counted.

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

/** Future on the global execution context. A fork and a yield are each one pool task that runs
  * the rest of the program: `Future.delegate(rest)` is `Future.unit.flatMap(_ => rest)`, and a
  * flatMap of a completed future submits one Transformation to the EC, which runs `rest` and
  * links its result to the returned promise without another task (scala/scala 2.13
  * `src/library/scala/concurrent/impl/Promise.scala`: `flatMap`, `submitWithValue`, `run` with
  * `linkRootOf`/`completeWith`, the latter on the parasitic EC). Since 2.13.4 the global EC does
  * not batch callbacks: its `execute` is the ForkJoinPool's (`impl/ExecutionContextImpl.scala`;
  * `ExecutionContext.scala`: "global is batching in 2.13.0-3"; batching is `opportunistic`'s).
  * So a yield followed by `.flatMap(k)` on the yielded future would be two tasks: the
  * continuation goes inside `yieldThen`. Counter `AtomicInteger`, signal `Promise`, queue the
  * callback queue below (Future has no queue of its own). */
final class FutureOps(w: Work, ec: ExecutionContext) {
  private val on = w.counting
  def fork[A](body: => Future[A]): Future[A] =
    if (on) Future.delegate { w.forked(); body }(ec) else Future.delegate(body)(ec)
  /** One yield: `rest` runs as one task on the pool. */
  def yieldThen[A](rest: => Future[A]): Future[A] =
    if (on) Future.delegate { w.yielded(); rest }(ec) else Future.delegate(rest)(ec)
  def join[A](f: Future[A]): Future[A] = { if (on) w.joined(); f }
  def decrement(c: AtomicInteger): Int = { if (on) w.updated(); c.decrementAndGet() }
  def complete[A](p: Promise[A], a: A): Unit = { if (on) w.signalled(); p.success(a) }
  def await[A](p: Promise[A]): Future[A] = { if (on) w.awaited(); p.future }
  def offer[A](q: CallbackQueue[A], a: A): Future[Unit] = {
    if (on) w.offered()
    val p = Promise[Unit]()
    if (q.offer(a, () => p.success(()))) Future.unit else p.future
  }
  def take[A <: AnyRef](q: CallbackQueue[A]): Future[A] = {
    if (on) w.took()
    val p = Promise[A]()
    val got = q.take(a => p.success(a))
    if (got != null) Future.successful(got) else p.future
  }
  def allocate(i: Int): Array[AnyRef] = { if (on) w.allocated(); effectbench.FiberWork.allocate(i) }
}

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

/** A bounded multi-producer multi-consumer queue for tasks that must not block a pool thread:
  * built like `ArrayBlockingQueue` (a lock around a bounded buffer), but a full offer or an empty
  * take parks a callback instead of a thread; a parked callback is resumed through `resume`
  * (a pool submission), as a fiber runtime reschedules a suspended fiber. */
final class CallbackQueue[A](capacity: Int, resume: Executor) {
  private final class ParkedOffer(val item: A, val k: () => Unit)
  private val lock = new ReentrantLock()
  private val items = new java.util.ArrayDeque[A](capacity)
  private val takers = new java.util.ArrayDeque[A => Unit]()
  private val offerers = new java.util.ArrayDeque[ParkedOffer]()

  /** True when the item went in (or straight to a waiting taker); false when parked. */
  def offer(a: A, k: () => Unit): Boolean = {
    var taker: A => Unit = null
    var done = true
    lock.lock()
    try {
      if (!takers.isEmpty) taker = takers.poll()
      else if (items.size < capacity) items.add(a)
      else { offerers.add(new ParkedOffer(a, k)); done = false }
    } finally lock.unlock()
    if (taker != null) { val t = taker; resume.execute(() => t(a)) }
    done
  }

  /** The head item when there is one; otherwise null, and `k` is resumed with an item later. */
  def take(k: A => Unit): A = {
    var got: A = null.asInstanceOf[A]
    var offerer: ParkedOffer = null
    lock.lock()
    try {
      if (!items.isEmpty) {
        got = items.poll()
        if (!offerers.isEmpty) { offerer = offerers.poll(); items.add(offerer.item) }
      } else takers.add(k)
    } finally lock.unlock()
    if (offerer != null) { val o = offerer; resume.execute(() => o.k()) }
    got
  }
}
