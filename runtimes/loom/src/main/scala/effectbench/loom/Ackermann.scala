package effectbench.loom

import effectbench.{Impl, Program}
import java.util.concurrent.ExecutorService
import ox.{Ox, fork, supervised}

/** ackermann in direct style. pool-per-step: every call runs on a new virtual thread (an Ox fork,
  * or a task of the virtual-thread-per-task executor) and is joined; stack-aware: direct recursion
  * that continues on a fresh virtual thread (a fresh stack) every 512 nested calls. Direct style
  * has no suspension to trampoline on, so `trampolined` is n/a. Unfair if the hop were skipped. */
object Ackermann {
  private val file = "runtimes/loom/src/main/scala/effectbench/loom/Ackermann.scala"
  val StackBudget = 512

  def oxPoolPerStep(m: Int, n: Long)(using Ox): Long = fork {
    if (m == 0) n + 1
    else if (n == 0) oxPoolPerStep(m - 1, 1)
    else oxPoolPerStep(m - 1, oxPoolPerStep(m, n - 1))
  }.join()

  def oxStackAware(m: Int, n: Long, depth: Int)(using Ox): Long =
    if (depth >= StackBudget) fork(oxStackAware(m, n, 0)).join()
    else if (m == 0) n + 1
    else if (n == 0) oxStackAware(m - 1, 1, depth + 1)
    else oxStackAware(m - 1, oxStackAware(m, n - 1, depth + 1), depth + 1)

  def loomPoolPerStep(m: Int, n: Long, ex: ExecutorService): Long = ex.submit { () =>
    if (m == 0) n + 1
    else if (n == 0) loomPoolPerStep(m - 1, 1, ex)
    else loomPoolPerStep(m - 1, loomPoolPerStep(m, n - 1, ex), ex)
  }.get()

  def loomStackAware(m: Int, n: Long, depth: Int, ex: ExecutorService): Long =
    if (depth >= StackBudget) ex.submit(() => loomStackAware(m, n, 0, ex)).get()
    else if (m == 0) n + 1
    else if (n == 0) loomStackAware(m - 1, 1, depth + 1, ex)
    else loomStackAware(m - 1, loomStackAware(m, n - 1, depth + 1, ex), depth + 1, ex)

  val impls: Vector[Impl[?]] = Vector(
    new Impl("ackermann", "pool-per-step", OxSetup, s"$file#oxPoolPerStep", "direct style, fork/join per call")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => supervised(oxPoolPerStep(m, n)), mode))
    }),
    new Impl("ackermann", "stack-aware", OxSetup, s"$file#oxStackAware", "direct style, fork/join every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => supervised(oxStackAware(m, n, 0)), mode))
    }),
    new Impl("ackermann", "pool-per-step", LoomSetup, s"$file#loomPoolPerStep", "direct style, virtual thread per call")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => loomPoolPerStep(m, n, rt.executor), mode))
    }),
    new Impl("ackermann", "stack-aware", LoomSetup, s"$file#loomStackAware", "direct style, new virtual thread every 512 calls")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => loomStackAware(m, n, 0, rt.executor), mode))
    })
  )
}
