package effectbench.scala213

import effectbench.{Catalog, Impl, Live, NaReasons, Program, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import java.util.concurrent.ExecutorService
import scala.async.Async.{async, await}
import scala.concurrent.{ExecutionContext, Future}
import scalaz.concurrent.Task

/** ackermann on scalaz Task: pool-per-step forks every call onto the pool then binds, trampolined
  * suspends then binds, stack-aware binds and suspends only every 512 nested calls; one flatMap
  * per non-tail call in each. scala-async: pool-per-step only — every call is an async block,
  * and an async block always starts with one callback on the execution context
  * (scala-async 1.0.1, scala/async/FutureStateMachine.scala: `start` is
  * `Future.unit.onComplete(this)`), so each call is a task on the pool and each await of an
  * unfinished call a callback. Unfair if one side suspended more or less often. */
object Ackermann extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.ackermann
  val row: Scala213Row = Scala213Row(
    scalaz = runs(ScalazSetup) ++ na(NaReasons.ackermann),
    scalaAsync = runs(ScalaAsyncSetup) ++ na(NaReasons.ackermann)
  )

  val StackBudget = 512

  def poolPerStep(m: Int, n: Long, pool: ExecutorService): Task[Long] = Task.fork {
    if (m == 0) Task.now(n + 1)
    else if (n == 0) poolPerStep(m - 1, 1, pool)
    else poolPerStep(m, n - 1, pool).flatMap(x => poolPerStep(m - 1, x, pool))
  }(pool)
  def scalaAsyncPoolPerStep(m: Int, n: Long)(implicit ec: ExecutionContext): Future[Long] = async {
    if (m == 0) n + 1
    else if (n == 0) await(scalaAsyncPoolPerStep(m - 1, 1))
    else await(scalaAsyncPoolPerStep(m - 1, await(scalaAsyncPoolPerStep(m, n - 1))))
  }
  def trampolined(m: Int, n: Long): Task[Long] = Task.suspend {
    if (m == 0) Task.now(n + 1)
    else if (n == 0) trampolined(m - 1, 1)
    else trampolined(m, n - 1).flatMap(x => trampolined(m - 1, x))
  }
  def stackAware(m: Int, n: Long, depth: Int): Task[Long] =
    if (depth >= StackBudget) Task.suspend(stackAware(m, n, 0))
    else if (m == 0) Task.now(n + 1)
    else if (n == 0) stackAware(m - 1, 1, depth + 1)
    else stackAware(m, n - 1, depth + 1).flatMap(x => stackAware(m - 1, x, depth + 1))

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.ackermann, "pool-per-step", ScalazSetup, "Task.fork + flatMap")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(poolPerStep(m, n, rt.pool), mode))
    }),
    new Impl(Catalog.ackermann, "pool-per-step", ScalaAsyncSetup, "async/await, an async block per call")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => scalaAsyncPoolPerStep(m, n)(rt.ec), mode))
    }),
    new Impl(Catalog.ackermann, "trampolined", ScalazSetup, "Task.suspend + flatMap")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(trampolined(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "stack-aware", ScalazSetup, "flatMap, Task.suspend every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(Task.suspend(stackAware(m, n, 0)), mode))
    })
  )
}
