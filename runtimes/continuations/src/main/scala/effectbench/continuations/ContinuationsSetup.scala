package effectbench.continuations

import effectbench.{Claim, Live, LivePools, Mode, ResultWait, RuntimeSetup, Runtimes, Settings}
import java.util.concurrent.Executor
import scala.util.continuations._
import scala.util.control.TailCalls
import scala.util.control.TailCalls.TailRec

/** Scala Continuations (@cps, shift/reset). Delimited continuations have no run loop, tracing or
  * auto-yield to level; the asynchronous boundary needs a pool and the library ships none, so in
  * both profiles it runs on the same pool as `future`: the ForkJoinPool behind Scala's global
  * execution context, sized to the processors. The answer type of every computation is
  * TailRec[Unit], so that a chain of shifts is trampolined instead of nesting the stack. */
final class ContinuationsLive(settings: Settings) extends Live {
  val pool: Executor = LivePools.global

  /** The slot of the operation in flight: a continuation that throws on the pool fails it (a lost
    * exception on a pool thread would otherwise leave the caller waiting for ever). */
  @volatile private var current: ResultWait.Slot[Any] = null

  /** Continue on the pool: the async boundary. */
  def shiftToPool(): Unit @cps[TailRec[Unit]] = shift { (k: Unit => TailRec[Unit]) =>
    val slot = current
    pool.execute(new Runnable {
      def run(): Unit =
        try k(()).result
        catch { case t: Throwable => slot.fail(t) }
    })
    TailCalls.done(())
  }

  /** `fork` starts with one shift onto the pool; `sync` runs on the calling thread. Either way the
    * caller waits for the result by ResultWait, as for every runtime. */
  def run[A](program: () => A @cps[TailRec[Unit]], mode: Mode): A = {
    val slot = new ResultWait.Slot[Any]
    current = slot
    val fork = mode == Mode.Fork
    try {
      reset {
        if (fork) shiftToPool() else shiftUnit[Unit, TailRec[Unit], TailRec[Unit]](())
        val out = program()
        slot.succeed(out)
        TailCalls.done(())
      }.result
    } catch { case t: Throwable => slot.fail(t) }
    slot.await().asInstanceOf[A]
  }

  def readBack: Vector[(String, String)] = Vector(
    Claim.Pool -> LivePools.describe(pool),
    Claim.ComputeThreads -> LivePools.threads(pool),
    "syncEntry" -> "reset on the calling thread, no leading shift",
    "answerType" -> "TailRec[Unit] (trampolined)",
    "autoYieldOps" -> "none (continuations never yield on their own)",
    "tracing" -> "none"
  )

  // The global pool is future's; it is not this runtime's to shut down.
  def close(): Unit = ()
}

object ContinuationsSetup extends RuntimeSetup[ContinuationsLive] {
  val info = Runtimes.Continuations
  def start(settings: Settings): ContinuationsLive = new ContinuationsLive(settings)
}
