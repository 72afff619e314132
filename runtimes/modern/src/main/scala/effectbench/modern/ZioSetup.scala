package effectbench.modern

import effectbench.{Live, Mode, RuntimeSetup, Settings}
import zio.{RuntimeFlag, Unsafe, ZIO}

/** ZIO 2 under a profile. The levelled profile turns off fiber-root tracking, op supervision
  * and runtime metrics. ZIO's auto-yield budget (10,240 operations) is fixed in its run loop and
  * cannot be levelled; the read-back says so. */
final class ZioLive(settings: Settings) extends Live {
  val runtime: zio.Runtime[Any] = settings match {
    case Settings.Defaults => zio.Runtime.default
    case Settings.Levelled =>
      Unsafe.unsafe { implicit u =>
        zio.Runtime.unsafe.fromLayer(
          zio.Runtime.disableFlags(RuntimeFlag.FiberRoots, RuntimeFlag.OpSupervision, RuntimeFlag.RuntimeMetrics, RuntimeFlag.OpLog)
        )
      }
  }

  /** `fork` starts with one yieldNow onto ZIO's executor; `sync` runs on the calling thread until
    * the first async boundary (ZIO 2 starts fibers on the caller). */
  def run[E, A](program: ZIO[Any, E, A], mode: Mode): A = Unsafe.unsafe { implicit u =>
    val p = mode match {
      case Mode.Fork => ZIO.yieldNow *> program
      case Mode.Sync => program
    }
    runtime.unsafe.run(p).getOrThrowFiberFailure()
  }

  def readBack: Vector[(String, String)] = Vector(
    "runtimeFlags" -> zio.RuntimeFlags.toSet(runtime.runtimeFlags).map(_.toString).toVector.sorted.mkString(" "),
    "fiberRoots" -> zio.RuntimeFlags.isEnabled(runtime.runtimeFlags)(RuntimeFlag.FiberRoots).toString,
    "autoYieldOps" -> "10240 (fixed in ZIO's FiberRuntime)",
    "computeThreads" -> java.lang.Runtime.getRuntime.availableProcessors().toString
  )

  def close(): Unit = ()
}

object ZioSetup extends RuntimeSetup[ZioLive] {
  val runtime = "zio"
  def start(settings: Settings): ZioLive = new ZioLive(settings)
}
