package effectbench.scala212

import com.thoughtworks.dsl.keywords.Shift
import effectbench.{Impl, Live, Oracles, Program}
import effectbench.scala212.DslTask.Task
import java.util.concurrent.Executor

/** The run-loop and collection families on Dsl.scala's task. Every bind is what the `!` plugin writes (it is not
  * served, so the call is explicit): `!task; rest` is `Shift(task).cpsApply(a => rest)`, and the
  * block's last value is returned with `now`. The `!` notation has no trailing map: right-sum and
  * raw-sum are the same program here, which is the point Dsl.scala's benchmarks make. */
object RunLoopTasks {
  def onPool(p: effectbench.Params): Boolean = p.get("executed-in").contains("thread-pool") || p.get("tasks").contains("forked")

  /** Task k yields k; on the pool it first shifts onto the pool (one bind, like cede/shift + map). */
  def dsl(n: Int, pool: Boolean, ex: Executor): List[Task[Int]] =
    List.tabulate(n)(k => if (pool) Shift(DslTask.shift(ex)).cpsApply[Task[Int]](_ => DslTask.now(k)) else DslTask.now(k))

  /** Suspension: a bind on the unit task, so the rest goes through Shift's stack-safe interpreter
    * (a bare `k => body(k)` is not a suspension there: it nests the stack). */
  def defer[A](body: => Task[A]): Task[A] = Shift(DslTask.unit).cpsApply[Task[A]](_ => body)
}
