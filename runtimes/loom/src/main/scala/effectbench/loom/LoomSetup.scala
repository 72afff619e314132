package effectbench.loom

import effectbench.{Live, Mode, RuntimeSetup, Runtimes, Settings}
import java.util.concurrent.ExecutorService

/** Plain virtual threads and java.util.concurrent, no library: a virtual-thread-per-task
  * executor. Nothing to level (no tracing, no yield budget; the carrier pool is the JDK's, sized
  * to the processors by default) in either profile. */
final class LoomLive(settings: Settings) extends Live {
  val executor: ExecutorService = VirtualThreads.perTaskExecutor()

  /** `fork` is the only entry mode: the program runs on a new virtual thread; the caller waits. */
  def run[A](body: () => A, mode: Mode): A = {
    require(mode == Mode.Fork, "loom has no sync mode")
    effectbench.ResultWait.onExecutor(executor)(body)
  }

  private lazy val taskIsVirtual: Boolean = run(() => VirtualThreads.isVirtual(Thread.currentThread()), Mode.Fork)

  def readBack: Vector[(String, String)] = Vector(
    effectbench.Claim.ComputeThreads -> VirtualThreads.liveParallelism,
    "executor" -> executor.getClass.getName,
    "taskThread" -> (if (taskIsVirtual) "virtual" else "platform"),
    "virtualThreadScheduler.parallelism" -> VirtualThreads.schedulerParallelism,
    "jdk" -> VirtualThreads.jdk
  )

  def close(): Unit = executor.shutdownNow()
}

object LoomSetup extends RuntimeSetup[LoomLive] {
  val info = Runtimes.Loom
  def start(settings: Settings): LoomLive = new LoomLive(settings)
}
