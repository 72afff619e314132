package effectbench.modern

import effectbench.{Live, Mode, RuntimeSetup, Settings}
import java.util.concurrent.{ExecutorService, Executors}

/** The CPS task's pool: fixed, one thread per processor, in both profiles (it has no settings). */
final class CpsLive(settings: Settings) extends Live {
  val processors: Int = java.lang.Runtime.getRuntime.availableProcessors()
  val pool: ExecutorService = Executors.newFixedThreadPool(processors, Threads.daemon("cps"))

  def run[A](task: Cps[A], mode: Mode): A = mode match {
    case Mode.Fork => Cps.runBlocking(Cps.shift(pool).flatMap(_ => task))
    case Mode.Sync => Cps.runBlocking(task)
  }

  def readBack: Vector[(String, String)] = Vector("pool" -> s"fixed thread pool of $processors")
  def close(): Unit = pool.shutdownNow()
}

object CpsSetup extends RuntimeSetup[CpsLive] {
  val runtime = "cps"
  def start(settings: Settings): CpsLive = new CpsLive(settings)
}
