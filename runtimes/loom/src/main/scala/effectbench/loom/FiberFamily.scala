package effectbench.loom

import effectbench.{Impl, Live, Work}

/** The loom group's implementations of family S (scheduler and fibers), one line per scenario object.
  * Measured cells and the same-work test's counted cells come from the one `implsWith`, so the test
  * counts the programs that are measured. */
object FiberFamily {
  /** The implementations with the given work hooks: `Work.off` for measured cells, a counting
    * Work for the same-work test. */
  def implsWith(w: Work): Vector[Impl[? <: Live]] =
    ForkMany.impls(w) ++ ChainedFork.impls(w) ++ PingPong.impls(w) ++ YieldMany.impls(w) ++
      EnqueueDequeue.impls(w) ++ SchedulerStress.impls(w) ++ Alloc.impls(w) ++ ForkJoin.impls(w)

  val impls: Vector[Impl[? <: Live]] = implsWith(Work.off)
}
