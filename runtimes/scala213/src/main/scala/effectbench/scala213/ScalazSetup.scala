package effectbench.scala213

import effectbench.{Live, Mode, RuntimeSetup, Settings}
import java.util.concurrent.{ExecutorService, Executors}
import scalaz.concurrent.{Strategy, Task}

/** Scalaz 7.2 scalaz.concurrent.Task under a profile. It has no tracing and no auto-yield budget
  * to level (its run loop never yields on its own; the read-back says so): the levelled profile
  * gives it its own fixed pool of one thread per processor, `defaults` uses
  * Strategy.DefaultExecutorService, the pool Task.fork uses when given none. */
final class ScalazLive(settings: Settings) extends Live {
  private val processors = java.lang.Runtime.getRuntime.availableProcessors()

  private val own: Option[ExecutorService] = settings match {
    case Settings.Defaults => None
    case Settings.Levelled => Some(Executors.newFixedThreadPool(processors, Threads.daemon("scalaz")))
  }

  val pool: ExecutorService = own.getOrElse(Strategy.DefaultExecutorService)

  /** `fork` starts with Task.fork onto the pool (the caller blocks for the result);
    * `sync` runs the task on the calling thread (unsafePerformSync). */
  def run[A](task: Task[A], mode: Mode): A = mode match {
    case Mode.Fork => Task.fork(task)(pool).unsafePerformSync
    case Mode.Sync => task.unsafePerformSync
  }

  def readBack: Vector[(String, String)] = Vector(
    "pool" -> (if (own.isDefined) "own fixed pool" else "Strategy.DefaultExecutorService"),
    "poolThreads" -> Threads.describe(pool),
    "autoYieldOps" -> "none (scalaz Task never yields on its own)",
    "tracing" -> "none (scalaz Task has no tracing)"
  )

  def close(): Unit = own.foreach(_.shutdownNow())
}

object ScalazSetup extends RuntimeSetup[ScalazLive] {
  val runtime = "scalaz"
  def start(settings: Settings): ScalazLive = new ScalazLive(settings)
}
