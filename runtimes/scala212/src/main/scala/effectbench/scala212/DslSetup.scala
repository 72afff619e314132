package effectbench.scala212

import effectbench.{Claim, Live, LivePools, Mode, RuntimeSetup, Runtimes, Settings}
import java.util.concurrent.Executor

/** Dsl.scala's task. It has no run loop of its own (binds are trampolined continuations), hence
  * no tracing and no auto-yield to level; its asynchronous boundary needs a pool and Dsl.scala
  * ships none, so in both profiles it runs on the same pool as `future`: the ForkJoinPool behind
  * Scala's global execution context, sized to the processors. */
final class DslLive(settings: Settings) extends Live {
  val pool: Executor = LivePools.global

  /** `fork` starts with one shift onto the pool; `sync` runs the task on the calling thread. */
  def run[A](task: DslTask.Task[A], mode: Mode): A = mode match {
    case Mode.Fork => DslTask.blockingRun[A](k => DslTask.shift(pool)(_ => task(k)))
    case Mode.Sync => DslTask.blockingRun(task)
  }

  def readBack: Vector[(String, String)] = Vector(
    Claim.Pool -> LivePools.describe(pool),
    Claim.ComputeThreads -> LivePools.threads(pool),
    "autoYieldOps" -> "none (continuations never yield on their own)",
    "tracing" -> "none",
    "syncEntry" -> "the task applied to its continuation on the calling thread"
  )

  // The global pool is future's; it is not this runtime's to shut down.
  def close(): Unit = ()
}

object DslSetup extends RuntimeSetup[DslLive] {
  val info = Runtimes.Dsl
  def start(settings: Settings): DslLive = new DslLive(settings)
}
