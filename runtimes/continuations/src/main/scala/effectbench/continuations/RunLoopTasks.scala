package effectbench.continuations

import effectbench.{Impl, Live, Oracles, Program}
import scala.collection.mutable.ListBuffer
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

/** The run-loop and collection families with Scala Continuations: code in direct style, every `@cps` call a bind the
  * plugin writes (a flatMap of its Shift objects), answers trampolined through TailRec. There is
  * no for-comprehension and so no trailing map: right-sum is raw-sum's program. */
object RunLoopTasks {
  type C = TailRec[Unit]
  type Task = () => Int @cps[C]

  def onPool(p: effectbench.Params): Boolean = p.get("executed-in").contains("thread-pool") || p.get("tasks").contains("forked")

  /** A value through the trampoline: the suspension point of these programs. */
  def now[A](a: A): A @cps[C] = shift { (k: A => C) => TailCalls.tailcall(k(a)) }

  /** Task k yields k (a shift); on the pool it first shifts onto the pool. */
  def tasks(n: Int, pool: Boolean, rt: ContinuationsLive): List[Task] =
    List.tabulate(n) { k =>
      if (pool) (() => { rt.shiftToPool(); k }): Task else (() => now(k)): Task
    }
}
