package effectbench.loom

import effectbench.{Live, Mode, RuntimeSetup, Runtimes, Settings}
import ox.{forkUnsupervised, unsupervised}

/** Ox (direct style on virtual threads). Ox has no tracing, yield budget or pool of its own to
  * level: its forks are virtual threads on the JDK's carrier pool, sized to the processors by
  * default, in both profiles. */
final class OxLive(settings: Settings) extends Live {
  /** `fork` is the only entry mode: an `unsupervised` scope whose body runs on the calling thread
    * (Ox 1.0 `unsupervised` calls its body in place, where `supervised` would run it in a fork of
    * its own), the program in one `forkUnsupervised` (one new virtual thread). The calling thread
    * waits for the result by ResultWait, as for every runtime; the scope's end then joins the
    * fork, which has completed the result by then. Every operation thus opens (and closes) one
    * Ox scope of its own, a cost the other runtimes' entries do not have; the cells where it weighs
    * (ackermann pool-per-step, which opens a `supervised` scope besides) say so in their syntax
    * note. */
  def run[A](body: () => A, mode: Mode): A = {
    require(mode == Mode.Fork, "ox has no sync mode")
    unsupervised {
      effectbench.ResultWait.await[A] { s =>
        forkUnsupervised {
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
