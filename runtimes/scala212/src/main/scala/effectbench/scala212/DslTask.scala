package effectbench.scala212

import com.thoughtworks.dsl.Dsl.{!!, Continuation}
import java.util.concurrent.Executor
import scala.util.control.NonFatal
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec
import scala.util.Try

/** Dsl.scala's task, as its `domains-task` module defines it: a continuation (`!!`) whose answer
  * is itself a continuation over failures, ending in a TailRec trampoline. The `domains-task`
  * artifact is not served by the registry this project builds from (only `dsl` and the
  * `keywords-*` modules are), so the two type aliases and the three entry points below are
  * written here against Dsl.scala's own `!!`, `Continuation` and `keywords.Shift`; every bind goes
  * through Shift's stack-safe task interpreter, as code written with the `!` plugin would. */
object DslTask {
  type TaskDomain = TailRec[Unit] !! Throwable
  type Task[+A] = TaskDomain !! A

  def now[A](a: A): Task[A] = k => k(a)

  val unit: Task[Unit] = now(())

  /** Continue on the pool: the async boundary (Dsl.scala's Task.switchExecutionContext). */
  def shift(pool: Executor): Task[Unit] = continue =>
    failed => {
      pool.execute(new Runnable {
        def run(): Unit = {
          val next: TaskDomain =
            try continue(())
            catch { case NonFatal(e) => (_: Throwable => TailRec[Unit]) => failed(e) }
          next(failed).result
        }
      })
      TailCalls.done(())
    }

  /** Runs to completion on the calling thread, waiting there for any asynchronous part. */
  def blockingRun[A](task: Task[A]): A =
    effectbench.ResultWait.await[A] { s =>
      Continuation.toTryContinuation(task) { (r: Try[A]) =>
        s.complete(r)
        TailCalls.done(())
      }.result
    }
}
