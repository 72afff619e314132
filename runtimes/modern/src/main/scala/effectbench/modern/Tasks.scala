package effectbench.modern

import cats.effect.IO
import effectbench.{Mode, Params}
import java.util.concurrent.Executor
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** The tasks of the run-loop and collection families, made once per runtime so a reader can compare them: task k
  * yields k. `onPool` (executed-in = thread-pool, tasks = forked) makes each task start with one
  * hop onto the runtime's own pool: CE `cede`, ZIO `yieldNow`, Future `Future.apply` (a callback on
  * the EC), CPS `shift`, baseline `execute`. Every task is the hop plus one map, or one suspended
  * value without the hop. */
object Tasks {
  /** Cats Effect 3.7.1: `IO.cede` on a worker thread goes through `IOFiber.rescheduleFiber` to
    * `WorkStealingThreadPool.reschedule` and `WorkerThread.reschedule`
    * (core/jvm/src/main/scala/cats/effect/unsafe/WorkerThread.scala), which puts the fiber in the
    * worker's one-slot `cedeBypass` when that slot is free and the worker's local queue is empty:
    * no queue operation, no wake-up of another worker; the worker runs it next (checked with javap
    * on cats-effect_3-3.7.1.jar). A lone fiber's cede is that bypass. The library's own design and
    * fair to measure, but where a ratio mostly measures hops the cell says so. */
  val ceCedeNote: String =
    "; a lone fiber's IO.cede takes CE's one-slot cede bypass (WorkerThread.reschedule: no queue operation, no wake-up)"

  /** ZIO 2.1.26: `ZIO.yieldNow` ends the run loop with EvaluationSignal.YieldNow and
    * `FiberRuntime.drainQueueLaterOnExecutor(true)` (core/shared/src/main/scala/zio/internal/FiberRuntime.scala)
    * calls the executor's `submitAndYield`; `ZScheduler.submitAndYield`
    * (core/jvm/src/main/scala/zio/internal/ZScheduler.scala), on a worker whose `nextRunnable` is
    * empty, whose local queue is empty and with nothing in the global queue, stores the fiber in
    * `worker.nextRunnable` and skips `maybeUnparkWorker` (checked with javap on zio_3-2.1.26.jar):
    * a lone fiber's yield is that slot, with no queue operation and no wake-up. */
  val zioYieldNote: String =
    "; a lone fiber's ZIO.yieldNow takes ZIO's next-runnable slot (ZScheduler.submitAndYield: no queue operation, no wake-up)"

  /** The notes for cells whose tasks hop only with `executed-in = thread-pool` or `tasks = forked`. */
  val ceCedeWhenPooled: String = "; thread-pool/forked" + ceCedeNote
  val zioYieldWhenPooled: String = "; thread-pool/forked" + zioYieldNote

  def onPool(p: Params): Boolean = p.get("executed-in").contains("thread-pool") || p.get("tasks").contains("forked")

  def catsEffect(n: Int, pool: Boolean): List[IO[Int]] =
    List.tabulate(n)(k => if (pool) IO.cede.map(_ => k) else IO(k))

  /** The `Trace` the compiler supplies here: a call site's location as written, empty in the
    * copy compiled with the empty trace (effectbench.ZioAutoTrace). */
  def compiledTrace: String = implicitly[_root_.zio.Trace].toString

  def zio(n: Int, pool: Boolean): List[ZIO[Any, Nothing, Int]] =
    List.tabulate(n)(k => if (pool) ZIO.yieldNow.map(_ => k) else ZIO.succeed(k))

  /** Futures are eager, so a reusable task is a thunk that starts one (as Future users write it). */
  def future(n: Int, pool: Boolean)(implicit ec: ExecutionContext): List[() => Future[Int]] =
    List.tabulate(n)(k => if (pool) () => Future(k) else () => Future.successful(k))

  def cps(n: Int, pool: Boolean, ex: Executor): List[Cps[Int]] =
    List.tabulate(n)(k => if (pool) Cps.shift(ex).map(_ => k) else Cps.delay(k))

  /** Baseline tasks on the current thread are plain thunks, read in a loop. */
  def baselineHere(n: Int): Array[() => Int] = Array.tabulate(n)(k => () => k)

  /** Baseline tasks on the pool are callbacks called from a pool thread (so a chain of them
    * never grows the stack). */
  def baselinePooled(n: Int, ex: Executor): Array[(Int => Unit) => Unit] =
    Array.tabulate(n)(k => (cb: Int => Unit) => ex.execute(() => cb(k)))

  /** Runs a callback program to completion: `fork` starts it with one hop onto the pool, `sync`
    * starts it here; the calling thread waits for the result through ResultWait (one wait, by the
    * run's strategy, as every runtime's), which returns at once when the program finished inline. */
  def baselineRun[A](ex: Executor, mode: Mode)(start: (A => Unit) => Unit): A =
    effectbench.ResultWait.await[A] { s =>
      def body(): Unit =
        try start(a => s.succeed(a))
        catch { case t: Throwable => s.fail(t) }
      mode match {
        case Mode.Fork => ex.execute(() => body())
        case Mode.Sync => body()
      }
    }
}

/** The baseline of the three sums (raw, left, right): no effect, so no association to choose;
  * a loop over thunks on the current thread, a chain of callbacks on the pool. */
object BaselineSum {
  def here(tasks: Array[() => Int]): Long = {
    var acc = 0L; var i = 0
    while (i < tasks.length) { acc += tasks(i)(); i += 1 }
    acc
  }

  def pooled(tasks: Array[(Int => Unit) => Unit], ex: Executor, mode: Mode): Long =
    Tasks.baselineRun[Long](ex, mode) { done =>
      def loop(i: Int, acc: Long): Unit = if (i == tasks.length) done(acc) else tasks(i)(k => loop(i + 1, acc + k))
      loop(0, 0L)
    }

  def program(rt: BaselineLive, p: Params, mode: Mode): effectbench.Program = {
    val n = p.int("n")
    if (Tasks.onPool(p)) { val ts = Tasks.baselinePooled(n, rt.pool); effectbench.Program(pooled(ts, rt.pool, mode)) }
    else { val ts = Tasks.baselineHere(n); effectbench.Program(rt.run(() => here(ts), mode)) }
  }
}
