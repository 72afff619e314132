package effectbench.scala212

import effectbench.{Live, Mode, RuntimeSetup, Settings}
import java.util.concurrent.{ExecutorService, Executors}

/** Dsl.scala's task. It has no run loop of its own (binds are trampolined continuations), hence
  * no tracing and no auto-yield to level; its asynchronous boundary needs a pool, which is a
  * fixed pool of one thread per processor in both profiles (Dsl.scala ships none). */
final class DslLive(settings: Settings) extends Live {
  private val processors = java.lang.Runtime.getRuntime.availableProcessors()
  val pool: ExecutorService = Executors.newFixedThreadPool(processors, Threads.daemon("dsl"))

  /** `fork` starts with one shift onto the pool; `sync` runs the task on the calling thread. */
  def run[A](task: DslTask.Task[A], mode: Mode): A = mode match {
    case Mode.Fork => DslTask.blockingRun[A](k => DslTask.shift(pool)(_ => task(k)))
    case Mode.Sync => DslTask.blockingRun(task)
  }

  def readBack: Vector[(String, String)] = Vector(
    "pool" -> s"fixed thread pool of $processors",
    "autoYieldOps" -> "none (continuations never yield on their own)",
    "tracing" -> "none"
  )

  def close(): Unit = pool.shutdownNow()
}

object DslSetup extends RuntimeSetup[DslLive] {
  val runtime = "dsl"
  def start(settings: Settings): DslLive = new DslLive(settings)
}
