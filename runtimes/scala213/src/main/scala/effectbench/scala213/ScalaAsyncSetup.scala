package effectbench.scala213

import effectbench.{Claim, Live, LivePools, Mode, RuntimeSetup, Runtimes, Settings}
import scala.concurrent.{ExecutionContext, Future}

/** Scala Async (async/await compiled by scalac's -Xasync) over scala.concurrent.Future, on the
  * global execution context as users run it, in both profiles: Future has no tracing or yield
  * budget to level, and the global pool is already sized to the processors (read back below). */
final class ScalaAsyncLive(settings: Settings) extends Live {
  implicit val ec: ExecutionContext = ExecutionContext.global

  /** Only `fork` exists: the program starts from a callback on the global pool. */
  def run[A](program: () => Future[A], mode: Mode): A = {
    require(mode == Mode.Fork, "scala-async has no sync mode")
    effectbench.ResultWait.future(Future.unit.flatMap(_ => program()))
  }

  def readBack: Vector[(String, String)] = Vector(
    Claim.Pool -> LivePools.describe(LivePools.find(ec, 3).getOrElse(ec)),
    Claim.ComputeThreads -> LivePools.threads(ec),
    "executionContext" -> ec.getClass.getName,
    "autoYieldOps" -> "none (a completed await continues in the state machine)"
  )

  def close(): Unit = ()
}

object ScalaAsyncSetup extends RuntimeSetup[ScalaAsyncLive] {
  val info = Runtimes.ScalaAsync
  def start(settings: Settings): ScalaAsyncLive = new ScalaAsyncLive(settings)
}
