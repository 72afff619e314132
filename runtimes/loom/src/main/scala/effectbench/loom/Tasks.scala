package effectbench.loom

/** The tasks of the run-loop and collection families in direct style: task k is a function returning k. On the pool
  * (executed-in = thread-pool, tasks = forked) it first yields its virtual thread, which puts it
  * back on the carrier pool: the direct-style twin of cede/yieldNow/shift. Ox and plain virtual
  * threads use the same tasks (Ox adds scopes and forks, not a task type). */
object Tasks {
  def onPool(p: effectbench.Params): Boolean = p.get("executed-in").contains("thread-pool") || p.get("tasks").contains("forked")

  def direct(n: Int, pool: Boolean): List[() => Int] =
    List.tabulate(n)(k =>
      if (pool) () => { Thread.`yield`(); k }
      else () => k
    )
}
