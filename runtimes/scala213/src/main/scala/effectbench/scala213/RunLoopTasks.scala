package effectbench.scala213

import java.util.concurrent.ExecutorService
import scala.concurrent.{ExecutionContext, Future}
import scalaz.concurrent.Task

/** The tasks of families R and C on this group: task k yields k. On the pool (executed-in =
  * thread-pool, tasks = forked) a scalaz task is `Task(k)(pool)` (a fork onto the pool, then the
  * value) and a Future is `Future(k)` (a callback on the EC), like the modern group's tasks. */
object RunLoopTasks {
  def onPool(p: effectbench.Params): Boolean = p.get("executed-in").contains("thread-pool") || p.get("tasks").contains("forked")

  def scalaz(n: Int, pool: Boolean, ex: ExecutorService): List[Task[Int]] =
    List.tabulate(n)(k => if (pool) Task(k)(ex) else Task.delay(k))

  /** Futures are eager: a reusable task is a thunk that starts one. */
  def future(n: Int, pool: Boolean)(implicit ec: ExecutionContext): List[() => Future[Int]] =
    List.tabulate(n)(k => if (pool) () => Future(k) else () => Future.successful(k))
}
