package effectbench.modern

import effectbench.{Live, Mode, RuntimeSetup, Runtimes, Settings, Threads}
import java.util.concurrent.{CompletableFuture, ExecutorService, Executors}

/** Plain Scala with no effect system: the floor. Its pool is the "fixed thread pool" reference
  * point of docs/scenarios.md: one thread per processor. */
final class BaselineLive(settings: Settings, poolOf: Int => ExecutorService) extends Live {
  def this(settings: Settings) = this(settings, n => Executors.newFixedThreadPool(n, Threads.daemon("baseline")))
  val processors: Int = java.lang.Runtime.getRuntime.availableProcessors()
  /** The fixed pool; a test gives another (BaselineWaitSuite drives the pool's tasks itself). */
  val pool: ExecutorService = poolOf(processors)

  /** The timer of sleep-drift: one thread of java.util.concurrent's scheduled executor that hands
    * each wake to the fixed pool, made when first asked for. */
  lazy val timer: java.util.concurrent.ScheduledExecutorService =
    Executors.newSingleThreadScheduledExecutor(Threads.daemon("baseline-timer"))
  @volatile private var timerMade = false
  def sleepTimer: java.util.concurrent.ScheduledExecutorService = { timerMade = true; timer }

  /** `fork` runs the body on the pool (one hop) and waits; `sync` runs it here. */
  def run[A](body: () => A, mode: Mode): A = mode match {
    case Mode.Fork => effectbench.ResultWait.onExecutor(pool)(body)
    case Mode.Sync => body()
  }

  /** A callback program that hands back a CompletableFuture (the scheduler-family baselines): `fork` starts
    * it on the pool, `sync` here; its completion reaches the calling thread through ResultWait, one
    * wake-up by the run's strategy (waiting for the future's hand-back and then joining it would be
    * two, and would ignore `--wait`). */
  def runAsync[A](body: () => CompletableFuture[A], mode: Mode): A =
    effectbench.ResultWait.await[A] { s =>
      def start(): Unit =
        try {
          body().whenComplete((a, t) => if (t == null) s.succeed(a) else s.fail(t)); ()
        } catch { case t: Throwable => s.fail(t) }
      mode match {
        case Mode.Fork => pool.execute(() => start())
        case Mode.Sync => start()
      }
    }

  def readBack: Vector[(String, String)] = Vector(
    "pool" -> "fixed thread pool",
    "computeThreads" -> (pool match {
      case t: java.util.concurrent.ThreadPoolExecutor => t.getMaximumPoolSize.toString
      case other => "unreadable (" + other.getClass.getName + ")"
    }),
    "syncEntry" -> "the body called on the calling thread"
  )
  def close(): Unit = {
    if (timerMade) timer.shutdownNow()
    pool.shutdownNow()
  }
}

object BaselineSetup extends RuntimeSetup[BaselineLive] {
  val info = Runtimes.Baseline
  def start(settings: Settings): BaselineLive = new BaselineLive(settings)
}
