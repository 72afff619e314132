package effectbench.modern

import effectbench.{Live, Mode, RuntimeSetup, Settings}
import scala.concurrent.{Await, ExecutionContext, Future}
import scala.concurrent.duration.Duration

/** scala.concurrent.Future on the global execution context, as users run it; it has no
  * tracing or yield budget to level. */
final class FutureLive(settings: Settings) extends Live {
  implicit val ec: ExecutionContext = ExecutionContext.global

  /** Only `fork` exists: the program starts from a callback on the global pool. */
  def run[A](program: () => Future[A], mode: Mode): A = {
    require(mode == Mode.Fork, "Future has no sync mode")
    Await.result(Future.unit.flatMap(_ => program()), Duration.Inf)
  }

  def readBack: Vector[(String, String)] = Vector(
    "executionContext" -> "ExecutionContext.global",
    "parallelism" -> sys.props.getOrElse("scala.concurrent.context.numThreads", "x1 (processors: " + java.lang.Runtime.getRuntime.availableProcessors() + ")")
  )

  def close(): Unit = ()
}

object FutureSetup extends RuntimeSetup[FutureLive] {
  val runtime = "future"
  def start(settings: Settings): FutureLive = new FutureLive(settings)
}
