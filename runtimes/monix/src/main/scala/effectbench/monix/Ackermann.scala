package effectbench.monix

import effectbench.{Catalog, Impl, Live, MonixRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import monix.eval.Task

/** ackermann in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.ackermann, docs/scenarios.md). */
object Ackermann extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.ackermann
  val row: MonixRow = MonixRow(monix = runs(MonixSetup) ++ na(NaReasons.ackermann))

  val StackBudget = 512

  def poolPerStep(m: Int, n: Long): Task[Long] = Task.shift >> {
    if (m == 0) Task.now(n + 1)
    else if (n == 0) poolPerStep(m - 1, 1)
    else poolPerStep(m, n - 1).flatMap(x => poolPerStep(m - 1, x))
  }
  def trampolined(m: Int, n: Long): Task[Long] = Task.defer {
    if (m == 0) Task.now(n + 1)
    else if (n == 0) trampolined(m - 1, 1)
    else trampolined(m, n - 1).flatMap(x => trampolined(m - 1, x))
  }
  def stackAware(m: Int, n: Long, depth: Int): Task[Long] =
    if (depth >= StackBudget) Task.defer(stackAware(m, n, 0))
    else if (m == 0) Task.now(n + 1)
    else if (n == 0) stackAware(m - 1, 1, depth + 1)
    else stackAware(m, n - 1, depth + 1).flatMap(x => stackAware(m - 1, x, depth + 1))

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.ackermann, "pool-per-step", MonixSetup, "Task.shift >> flatMap")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(poolPerStep(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "trampolined", MonixSetup, "Task.defer + flatMap")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(trampolined(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "stack-aware", MonixSetup, "flatMap, Task.defer every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(Task.defer(stackAware(m, n, 0)), mode))
    })
  )
}
