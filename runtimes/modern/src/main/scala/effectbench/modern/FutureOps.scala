package effectbench.modern

import effectbench.Work
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.{ExecutionContext, Future, Promise}

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
