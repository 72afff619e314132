package effectbench.modern

import effectbench.{Live, Mode, RuntimeSetup, Runtimes, Settings}
import java.util.concurrent.Executor
import scala.concurrent.ExecutionContext

/** The CPS task has no pool of its own: it runs on the same pool as `future`, the global
  * ForkJoinPool sized to the processors (docs/scenarios.md, "Settings profiles"), in both profiles. */
final class CpsLive(settings: Settings) extends Live {
  val pool: Executor = ExecutionContext.global

  def run[A](task: Cps[A], mode: Mode): A = mode match {
    case Mode.Fork => Cps.runBlocking(Cps.shift(pool).flatMap(_ => task))
    case Mode.Sync => Cps.runBlocking(task)
  }

  def readBack: Vector[(String, String)] =
    FutureLive.globalPoolReadBack :+ ("syncEntry" -> "Cps.runBlocking without shift (on the calling thread)")
  def close(): Unit = () // the global pool is shared, not ours to shut down
}

object CpsSetup extends RuntimeSetup[CpsLive] {
  val info = Runtimes.Cps
  def start(settings: Settings): CpsLive = new CpsLive(settings)
}
