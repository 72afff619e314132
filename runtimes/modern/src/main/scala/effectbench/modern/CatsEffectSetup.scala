package effectbench.modern

import cats.effect.IO
import cats.effect.unsafe.{IORuntime, IORuntimeConfig}
import effectbench.{Live, Mode, RuntimeSetup, Settings}

/** Cats Effect 3 under a profile. Tracing is a JVM property (see Settings.jvmProperties); the
  * auto-yield budget and the pool size are set here. */
final class CatsEffectLive(settings: Settings) extends Live {
  private val processors = java.lang.Runtime.getRuntime.availableProcessors()

  val runtime: IORuntime = settings match {
    case Settings.Defaults => IORuntime.global
    case Settings.Levelled =>
      // The work-stealing pool is both the compute pool and the scheduler, as in IORuntime.global.
      val (pool, _, shutdown) = IORuntime.createWorkStealingComputeThreadPool(threads = processors)
      IORuntime.builder()
        .setCompute(pool.asInstanceOf[scala.concurrent.ExecutionContext], shutdown)
        .setScheduler(pool, () => ())
        .setConfig(IORuntimeConfig(Settings.AutoYield / 2, Settings.AutoYield, false, 16))
        .build()
  }

  /** `fork` starts with one cede onto the compute pool; `sync` runs on the calling thread up to
    * the first async boundary (syncStep), then finishes on the pool. */
  def run[A](io: IO[A], mode: Mode): A = mode match {
    case Mode.Fork => (IO.cede *> io).unsafeRunSync()(runtime)
    case Mode.Sync =>
      io.syncStep(Int.MaxValue).unsafeRunSync() match {
        case Right(a) => a
        case Left(rest) => rest.unsafeRunSync()(runtime)
      }
  }

  def readBack: Vector[(String, String)] = Vector(
    // CE's unsafeRunSync always starts the fiber on the compute pool; the only calling-thread
    // run is syncStep, which interprets the IO with SyncIO until the first async boundary.
    "syncMode" -> "IO#syncStep on the calling thread (SyncIO interpreter), rest on the pool",
    "tracing.mode" -> Reflect.staticBoolean("cats.effect.tracing.TracingConstants", "isStackTracing")
      .map(on => if (on) sys.props.getOrElse("cats.effect.tracing.mode", "cached") else "none").getOrElse("unknown"),
    "enhancedExceptions" -> runtime.config.enhancedExceptions.toString,
    "autoYieldThreshold" -> runtime.config.autoYieldThreshold.toString,
    "cancelationCheckThreshold" -> runtime.config.cancelationCheckThreshold.toString,
    "compute" -> runtime.compute.getClass.getSimpleName,
    "computeThreads" -> Reflect.intField(runtime.compute, "threadCount").map(_.toString).getOrElse(processors.toString)
  )

  def close(): Unit = if (settings != Settings.Defaults) runtime.shutdown()
}

object CatsEffectSetup extends RuntimeSetup[CatsEffectLive] {
  val runtime = "cats-effect"
  def start(settings: Settings): CatsEffectLive = new CatsEffectLive(settings)
}
