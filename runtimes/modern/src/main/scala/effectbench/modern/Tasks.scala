package effectbench.modern

import cats.effect.IO
import effectbench.{Mode, Params}
import java.util.concurrent.{CompletableFuture, Executor}
import scala.concurrent.{ExecutionContext, Future}
import zio.ZIO

/** The tasks of families R and C, made once per runtime so a reader can compare them: task k
  * yields k. `onPool` (executed-in = thread-pool, tasks = forked) makes each task start with one
  * hop onto the runtime's own pool: CE `cede`, ZIO `yieldNow`, Future `Future.apply` (a callback on
  * the EC), CPS `shift`, baseline `execute`. Every task is the hop plus one map, or one suspended
  * value without the hop. */
object Tasks {
  def onPool(p: Params): Boolean = p.get("executed-in").contains("thread-pool") || p.get("tasks").contains("forked")

  def catsEffect(n: Int, pool: Boolean): List[IO[Int]] =
    List.tabulate(n)(k => if (pool) IO.cede.map(_ => k) else IO(k))

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
    * starts it here; the calling thread waits for the result either way. */
  def baselineRun[A](ex: Executor, mode: Mode)(start: (A => Unit) => Unit): A = {
    val done = new CompletableFuture[A]()
    mode match {
      case Mode.Fork => ex.execute(() => start(a => { done.complete(a); () }))
      case Mode.Sync => start(a => { done.complete(a); () })
    }
    done.get()
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
