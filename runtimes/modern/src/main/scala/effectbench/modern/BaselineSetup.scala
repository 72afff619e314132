package effectbench.modern

import effectbench.{Live, Mode, RuntimeSetup, Runtimes, Settings, Threads}
import java.util.concurrent.{ExecutorService, Executors}

/** Plain Scala with no effect system: the floor. Its pool is the "fixed thread pool" reference
  * point of docs/scenarios.md: one thread per processor. */
final class BaselineLive(settings: Settings) extends Live {
  val processors: Int = java.lang.Runtime.getRuntime.availableProcessors()
  val pool: ExecutorService = Executors.newFixedThreadPool(processors, Threads.daemon("baseline"))

  /** `fork` runs the body on the pool (one hop) and waits; `sync` runs it here. */
  def run[A](body: () => A, mode: Mode): A = mode match {
    case Mode.Fork => effectbench.ResultWait.onExecutor(pool)(body)
    case Mode.Sync => body()
  }

  def readBack: Vector[(String, String)] = Vector(
    "pool" -> "fixed thread pool",
    "computeThreads" -> (pool match {
      case t: java.util.concurrent.ThreadPoolExecutor => t.getMaximumPoolSize.toString
      case other => "unreadable (" + other.getClass.getName + ")"
    }),
    "syncEntry" -> "the body called on the calling thread"
  )
  def close(): Unit = pool.shutdownNow()
}

object BaselineSetup extends RuntimeSetup[BaselineLive] {
  val info = Runtimes.Baseline
  def start(settings: Settings): BaselineLive = new BaselineLive(settings)
}
