package effectbench.monix

import monix.eval.Task

/** The tasks of the run-loop and collection families on Monix: task k yields k; on the pool (executed-in =
  * thread-pool, tasks = forked) it starts with one Task.shift onto the scheduler, then one map —
  * the same shape as the modern group's tasks (cede/yieldNow/shift then map). */
object Tasks {
  def onPool(p: effectbench.Params): Boolean = p.get("executed-in").contains("thread-pool") || p.get("tasks").contains("forked")

  def monix(n: Int, pool: Boolean): List[Task[Int]] =
    List.tabulate(n)(k => if (pool) Task.shift.map(_ => k) else Task.eval(k))
}
