package effectbench.loom

import effectbench.{Live, Mode, RuntimeSetup, Runtimes, Settings}
import ox.{fork, supervised}

/** Ox (direct style on virtual threads). Ox has no tracing, yield budget or pool of its own to
  * level: its forks are virtual threads on the JDK's carrier pool, sized to the processors by
  * default, in both profiles. */
final class OxLive(settings: Settings) extends Live {
  /** `fork` is the only entry mode: a `supervised` scope on the calling thread, the program in
    * one fork (a new virtual thread). The caller waits for the fork's result by ResultWait, as for
    * every runtime; the scope's own join at its end then finds the fork done. Every operation
    * thus opens (and closes) one `supervised` scope of its own, a cost the other runtimes'
    * entries do not have; the cells where it weighs (ackermann pool-per-step, which opens a second
    * one) say so in their syntax note. */
  def run[A](body: () => A, mode: Mode): A = {
    require(mode == Mode.Fork, "ox has no sync mode")
    supervised {
      effectbench.ResultWait.await[A] { s =>
        fork {
          try s.succeed(body())
          catch { case t: Throwable => s.fail(t) }
        }
        ()
      }
    }
  }

  private lazy val forkIsVirtual: Boolean = run(() => VirtualThreads.isVirtual(Thread.currentThread()), Mode.Fork)

  def readBack: Vector[(String, String)] = Vector(
    effectbench.Claim.ComputeThreads -> VirtualThreads.liveParallelism,
    "forkThread" -> (if (forkIsVirtual) "virtual" else "platform"),
    "virtualThreadScheduler.parallelism" -> VirtualThreads.schedulerParallelism,
    "jdk" -> VirtualThreads.jdk
  )

  def close(): Unit = ()
}

object OxSetup extends RuntimeSetup[OxLive] {
  val info = Runtimes.Ox
  def start(settings: Settings): OxLive = new OxLive(settings)
}
