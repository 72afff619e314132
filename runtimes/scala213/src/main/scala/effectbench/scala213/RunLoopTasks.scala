package effectbench.scala213

import java.util.concurrent.ExecutorService
import scala.concurrent.{ExecutionContext, Future}
import scalaz.concurrent.Task

/** The tasks of the run-loop and collection families on this group: task k yields k. On the pool (executed-in =
  * thread-pool, tasks = forked) a scalaz task is `Task(k)(pool)` (a fork onto the pool, then the
  * value) and a Future is `Future(k)` (a callback on the EC), like the modern group's tasks. */
object RunLoopTasks {
  def onPool(p: effectbench.Params): Boolean = p.get("executed-in").contains("thread-pool") || p.get("tasks").contains("forked")

  def scalaz(n: Int, pool: Boolean, ex: ExecutorService): List[Task[Int]] =
    List.tabulate(n)(k => if (pool) Task(k)(ex) else Task.delay(k))

  /** Futures are eager: a reusable task is a thunk that starts one. */
  /** The direct-style rule of docs/scenarios.md for scala-async's sums at `executed-in = current-thread`:
    * there each `await` of a task is of a finished future (Future.successful), which the async
    * state machine continues inline, with no callback. The step is kept opaque the way baseline
    * keeps its steps (each task is a thunk called through a list, `head()`), and the cells say so
    * in their syntax note; what each level still pays is its async block, started with a hop onto
    * the execution context, and the await of the rest of the sum, a callback. */
  val scalaAsyncSumNote: String =
    "; current-thread: each await of a task is of a finished future and continues inline (no callback); the task stays an opaque thunk call, as baseline's steps; each level's async block is still a hop and its await of the rest a callback"

  def future(n: Int, pool: Boolean)(implicit ec: ExecutionContext): List[() => Future[Int]] =
    List.tabulate(n)(k => if (pool) () => Future(k) else () => Future.successful(k))
}
