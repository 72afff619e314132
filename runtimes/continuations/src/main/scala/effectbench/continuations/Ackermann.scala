package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, NaReasons, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import scala.collection.mutable.ListBuffer
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

import RunLoopTasks.{C, Task, now}

/** ackermann: pool-per-step shifts onto the pool at every call, trampolined passes every call
  * through the trampoline, stack-aware only every 512 nested calls; each non-tail call is a bind. */
object Ackermann extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.ackermann
  val row: ContinuationsRow = ContinuationsRow(continuations = runs(ContinuationsSetup) ++ na(NaReasons.ackermann))

  val StackBudget = 512

  def poolPerStep(m: Int, n: Long, rt: ContinuationsLive): Long @cps[C] = {
    rt.shiftToPool()
    if (m == 0) n + 1
    else if (n == 0) poolPerStep(m - 1, 1, rt)
    else {
      val x = poolPerStep(m, n - 1, rt)
      poolPerStep(m - 1, x, rt)
    }
  }
  def trampolined(m: Int, n: Long): Long @cps[C] = {
    now(())
    if (m == 0) n + 1
    else if (n == 0) trampolined(m - 1, 1)
    else {
      val x = trampolined(m, n - 1)
      trampolined(m - 1, x)
    }
  }
  def stackAware(m: Int, n: Long, depth: Int): Long @cps[C] =
    if (depth >= StackBudget) { now(()); stackAware(m, n, 0) }
    else if (m == 0) n + 1
    else if (n == 0) stackAware(m - 1, 1, depth + 1)
    else {
      val x = stackAware(m, n - 1, depth + 1)
      stackAware(m - 1, x, depth + 1)
    }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.ackermann, "pool-per-step", ContinuationsSetup, "shift/reset (@cps), shift to pool per call")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => poolPerStep(m, n, rt), mode))
    }),
    new Impl(Catalog.ackermann, "trampolined", ContinuationsSetup, "shift/reset (@cps), trampoline per call")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => trampolined(m, n), mode))
    }),
    new Impl(Catalog.ackermann, "stack-aware", ContinuationsSetup, "shift/reset (@cps), trampoline every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => { now(()); stackAware(m, n, 0) }, mode))
    })
  )
}
