package effectbench.scala213

import effectbench.{Claim, Live, LivePools, Mode, RuntimeSetup, Runtimes, Settings}
import java.util.concurrent.ExecutorService
import scalaz.concurrent.{Strategy, Task}

/** Scalaz 7.2 scalaz.concurrent.Task under a profile. It has no tracing and no auto-yield budget
  * to level (its run loop never yields on its own; the read-back says so) and no pool of its own
  * that the levelled profile could size: levelled forks onto the same pool as `future`, the
  * ForkJoinPool behind Scala's global execution context, sized to the processors. `defaults` uses
  * Strategy.DefaultExecutorService, the pool Task.fork uses when given none. */
final class ScalazLive(settings: Settings) extends Live {
  val pool: ExecutorService = settings match {
    case Settings.Defaults => Strategy.DefaultExecutorService
    case Settings.Levelled => LivePools.globalService
  }

  /** `fork` starts with Task.fork onto the pool (the caller waits for the result); `sync` starts
    * the task's run loop on the calling thread with no fork. Both hand the result to ResultWait
    * through `unsafePerformAsync`, so the wait (when the task finishes on a pool thread) follows
    * `--wait` as every runtime's does, not unsafePerformSync's own CountDownLatch. */
  def run[A](task: Task[A], mode: Mode): A = mode match {
    // unsafePerformSync is unsafePerformAsync plus a CountDownLatch (scalaz 7.2.30
    // scalaz/concurrent/Future.scala, checked with javap): here the callback fills ResultWait's slot.
    case Mode.Fork => effectbench.ResultWait.await[A](s => Task.fork(task)(pool).unsafePerformAsync(r => r.fold(s.fail, s.succeed)))
    case Mode.Sync => effectbench.ResultWait.await[A](s => task.unsafePerformAsync(r => r.fold(s.fail, s.succeed)))
  }

  def readBack: Vector[(String, String)] = Vector(
    Claim.Pool -> LivePools.describe(pool),
    Claim.ComputeThreads -> LivePools.threads(pool),
    "autoYieldOps" -> "none (scalaz Task never yields on its own)",
    "tracing" -> "none (scalaz Task has no tracing)",
    "syncEntry" -> "unsafePerformAsync on the calling thread (unsafePerformSync without its latch)"
  )

  // Neither pool is this runtime's to shut down: the global one is future's, the default one scalaz's.
  def close(): Unit = ()
}

object ScalazSetup extends RuntimeSetup[ScalazLive] {
  val info = Runtimes.Scalaz
  def start(settings: Settings): ScalazLive = new ScalazLive(settings)
}
