package effectbench.modern

import effectbench.{Live, Mode, RuntimeSetup, Runtimes, Settings}
import java.util.concurrent.ForkJoinPool
import scala.concurrent.{ExecutionContext, Future}

/** scala.concurrent.Future on the global execution context, as users run it; it has no
  * tracing or yield budget to level. */
final class FutureLive(settings: Settings) extends Live {
  implicit val ec: ExecutionContext = ExecutionContext.global

  /** Only `fork` exists: the program starts from a callback on the global pool. */
  def run[A](program: () => Future[A], mode: Mode): A = {
    require(mode == Mode.Fork, "Future has no sync mode")
    effectbench.ResultWait.future(Future.unit.flatMap(_ => program()))
  }

  def readBack: Vector[(String, String)] = FutureLive.globalPoolReadBack
  def close(): Unit = ()
}

object FutureLive {
  /** The global EC is an ExecutionContextImpl whose `executor` is the ForkJoinPool it made
    * (scala/scala 2.13 `src/library/scala/concurrent/impl/ExecutionContextImpl.scala`:
    * `createDefaultExecutorService`); its parallelism is read from that live pool. */
  def globalPool: Option[ForkJoinPool] =
    Reflect.fieldValue(ExecutionContext.global, "executor").collect { case p: ForkJoinPool => p }
      .orElse(Some(ExecutionContext.global).collect { case p: ForkJoinPool => p })

  def globalPoolReadBack: Vector[(String, String)] = globalPool match {
    case Some(p) => Vector("pool" -> effectbench.Claim.GlobalPool, "computeThreads" -> p.getParallelism.toString)
    case None => Vector("pool" -> ("unreadable: " + ExecutionContext.global.getClass.getName), "computeThreads" -> "unreadable")
  }
}

object FutureSetup extends RuntimeSetup[FutureLive] {
  val info = Runtimes.Future
  def start(settings: Settings): FutureLive = new FutureLive(settings)
}
