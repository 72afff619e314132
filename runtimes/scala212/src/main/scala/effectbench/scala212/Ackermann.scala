package effectbench.scala212

import com.thoughtworks.dsl.keywords.Shift
import effectbench.{Catalog, Impl, Live, NaReasons, Oracles, Program, Scala212Row, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import effectbench.scala212.DslTask.Task
import java.util.concurrent.Executor

/** ackermann: pool-per-step shifts onto the pool at every call, trampolined suspends every call,
  * stack-aware suspends every 512 nested calls; one bind per non-tail call in each. */
object Ackermann extends ScenarioImpls[Scala212Row] {
  val scenario: Scenario = Catalog.ackermann
  val row: Scala212Row = Scala212Row(dsl = runs(DslSetup) ++ na(NaReasons.ackermann))

  val StackBudget = 512
  import RunLoopTasks.defer

  def poolPerStep(m: Int, n: Long, pool: Executor): Task[Long] = Shift(DslTask.shift(pool)).cpsApply[Task[Long]] { _ =>
    if (m == 0) DslTask.now(n + 1)
    else if (n == 0) poolPerStep(m - 1, 1, pool)
    else Shift(poolPerStep(m, n - 1, pool)).cpsApply[Task[Long]](x => poolPerStep(m - 1, x, pool))
  }
  def trampolined(m: Int, n: Long): Task[Long] = defer {
    if (m == 0) DslTask.now(n + 1)
    else if (n == 0) trampolined(m - 1, 1)
    else Shift(trampolined(m, n - 1)).cpsApply[Task[Long]](x => trampolined(m - 1, x))
  }
  def stackAware(m: Int, n: Long, depth: Int): Task[Long] =
    if (depth >= StackBudget) defer(stackAware(m, n, 0))
    else if (m == 0) DslTask.now(n + 1)
    else if (n == 0) stackAware(m - 1, 1, depth + 1)
    else Shift(stackAware(m, n - 1, depth + 1)).cpsApply[Task[Long]](x => stackAware(m - 1, x, depth + 1))

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.ackermann, "pool-per-step", DslSetup, "shift + Shift.cpsApply")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(poolPerStep(m, n, rt.pool), mode))
    }),
    new Impl(Catalog.ackermann, "trampolined", DslSetup, "suspend + Shift.cpsApply")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(trampolined(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "stack-aware", DslSetup, "Shift.cpsApply, suspend every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(defer(stackAware(m, n, 0)), mode))
    })
  )
}
