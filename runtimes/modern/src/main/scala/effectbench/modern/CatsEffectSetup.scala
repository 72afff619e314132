package effectbench.modern

import cats.effect.IO
import cats.effect.unsafe.{IORuntime, IORuntimeConfig}
import effectbench.{Live, Mode, RuntimeSetup, Runtimes, Settings}

/** Cats Effect 3 under a profile. Tracing is a JVM property (see Settings.jvmProperties); the
  * auto-yield budget and the pool size are set here. */
final class CatsEffectLive(settings: Settings) extends Live {
  // CE's default cancelation check, kept; the multiplier makes the budget.
  private val CancelationCheck = 512
  private val processors = java.lang.Runtime.getRuntime.availableProcessors()

  val runtime: IORuntime = settings match {
    case Settings.Defaults => IORuntime.global
    case Settings.Levelled =>
      // The auto-yield budget is the cancelation check (512, CE's default) times the multiplier
      // 40 = 20,480 run-loop iterations, as -Dcats.effect.auto.yield.threshold.multiplier=40 would
      // set (core/jvm/src/main/scala/cats/effect/unsafe/IORuntimeConfigCompanionPlatform.scala):
      // Settings.CatsEffectAutoYield, two iterations per bind, so 10,240 binds per yield.
      CatsEffectSetup.runtimeOn(processors, IORuntimeConfig(CancelationCheck, Settings.CatsEffectAutoYield, false, 16))
  }

  /** `fork` hands the fiber to the compute pool once, as `unsafeRunAsync` does with every new fiber
    * (no cede after it: ZIO's and Monix's `fork` pay one submission too); its result reaches the waiting thread
    * through `unsafeRunAsync` (IO.scala: `unsafeRunAsync` calls `unsafeRunAsyncImpl`, the entry
    * `unsafeRunSync` also takes, via `unsafeRunTimed` with an ArrayBlockingQueue to block on; checked
    * with javap on cats-effect_3-3.7.1.jar), so the wait is ResultWait's, as for every runtime.
    *
    * There is no `sync` mode: CE 3 (3.5.7, 3.6.3, 3.7.1) has no entry that runs a fiber on the calling thread
    * (`IO.unsafeRunFiber` hands every new IOFiber to `runtime.compute.execute`; see the row
    * `Runtimes.CatsEffect`), so a `sync` cell here would carry a pool hand-off and a wake-up that
    * no other runtime's `sync` row has. The catalog calls those cells n/a; running one fails. */
  def run[A](io: IO[A], mode: Mode): A = mode match {
    case Mode.Fork => CatsEffectSetup.fork(io, runtime)
    case Mode.Sync => throw new UnsupportedOperationException(Runtimes.CatsEffectSyncNa)
  }

  /** "off" when CE's stack tracing is off, else its mode; read from TracingConstants, which reads
    * `cats.effect.tracing.mode` once when the class loads (core/jvm/src/main/java/cats/effect/tracing/TracingConstants.java). */
  private def tracing: String =
    Reflect.staticBoolean("cats.effect.tracing.TracingConstants", "isStackTracing") match {
      case Some(false) => "off"
      case Some(true) => Reflect.staticField("cats.effect.tracing.TracingConstants", "stackTracingMode").map(_.toString).getOrElse("on")
      case None => "unreadable"
    }

  /** The measured binds per yield of the live runtime's config (SliceProbe), once. */
  private lazy val slice = CatsEffectSetup.bindsPerYield(runtime.config)

  def readBack: Vector[(String, String)] = Vector(
    "syncEntry" -> "none (sync cells are n/a: IO.unsafeRunFiber hands every fiber to compute.execute)",
    "tracing" -> tracing,
    "enhancedExceptions" -> (if (runtime.config.enhancedExceptions) "on" else "off"),
    "autoYieldBudget" -> runtime.config.autoYieldThreshold.toString,
    "cancelationCheckThreshold" -> runtime.config.cancelationCheckThreshold.toString,
    effectbench.SliceProbe.Key -> slice.text,
    "compute" -> runtime.compute.getClass.getSimpleName,
    // WorkStealingThreadPool's own thread count (a private field of the live pool)
    "computeThreads" -> Reflect.intField(runtime.compute, "threadCount").map(_.toString).getOrElse("unreadable"),
    // The version of the cats-effect jar this JVM loaded (a `--lib` cell's version is this, not the request).
    effectbench.LibraryVersion.ReadBackKey -> effectbench.LibraryVersion.of(classOf[IO[?]])
  ) ++ (if (settings == Settings.Levelled) Vector(effectbench.SliceProbe.LevelKey -> effectbench.SliceProbe.level(slice, "cats-effect"))
        else Vector.empty)

  /** The latency family's budget variants (LatencyModel): the auto-yield budget of each, in run-loop
    * iterations. `shipped` is Cats Effect's own default, the cancelation check 512 times the
    * multiplier 2 (IORuntimeConfig's DefaultCancelationCheckThreshold and DefaultAutoYieldThreshold);
    * `levelled` and `budget-128` are twice the binds they name, since a bind of `IO.unit` takes two
    * iterations (Settings.CatsEffectAutoYield). `yield-off` is the largest threshold IORuntimeConfig
    * accepts with the cancelation check at 512 (it requires the threshold > 1 and a multiple of the
    * check, nothing more; core/shared/src/main/scala/cats/effect/unsafe/IORuntimeConfig.scala, checked
    * with javap on cats-effect_3-3.7.1.jar): 2,147,483,136 iterations, which no fiber runs
    * within a window, so the run loop never yields on its own there. */
  def budgetOf(variant: String): Int = variant match {
    case effectbench.LatencyModel.Levelled => Settings.CatsEffectAutoYield
    case effectbench.LatencyModel.Shipped => 1024
    case effectbench.LatencyModel.Budget128 => 2 * 128
    case effectbench.LatencyModel.YieldOff => CatsEffectSetup.YieldOffBudget
    case other => throw new IllegalArgumentException(s"Cats Effect has no budget variant $other")
  }

  private val budgeted = scala.collection.mutable.Map.empty[Int, IORuntime]

  /** A runtime with this auto-yield budget and the profile's other settings: this one when its
    * budget is already that, else one of its own on a pool of the same size (made once per budget,
    * shut down with this). IORuntimeConfig requires the budget to be a multiple of the cancelation
    * check (core/shared/src/main/scala/cats/effect/unsafe/IORuntimeConfig.scala), so the check is the
    * smaller of 512 and the budget. */
  def withBudget(budget: Int): IORuntime =
    if (runtime.config.autoYieldThreshold == budget) runtime
    else
      synchronized {
        budgeted.getOrElseUpdate(budget, {
            val threads = settings match {
              case Settings.Defaults => math.max(2, processors) // as IORuntime.global sizes its pool
              case Settings.Levelled => processors
            }
            CatsEffectSetup.runtimeOn(threads,
              runtime.config.copy(cancelationCheckThreshold = math.min(CancelationCheck, budget), autoYieldThreshold = budget))
          })
      }

  /** The runtime of a latency budget variant (hog-probe's and sleep-drift's cells both run on it). */
  def forVariant(variant: String): IORuntime = withBudget(budgetOf(variant))

  /** What a cell on `rt` reads back of its budget (the runtime it ran on, not the profile's). */
  def budgetReadBack(rt: IORuntime): Vector[(String, String)] = Vector(
    "cellAutoYieldBudget" -> rt.config.autoYieldThreshold.toString,
    "cellCancelationCheckThreshold" -> rt.config.cancelationCheckThreshold.toString,
    effectbench.SliceProbe.CellKey -> CatsEffectSetup.bindsPerYield(rt.config).text
  )

  def close(): Unit = {
    synchronized(budgeted.values.foreach(_.shutdown()))
    if (settings != Settings.Defaults) runtime.shutdown()
  }
}

object CatsEffectSetup extends RuntimeSetup[CatsEffectLive] {

  /** The `yield-off` variant's auto-yield threshold: the largest Int that is a multiple of the
    * cancelation check of 512 (CatsEffectLive.budgetOf). */
  val YieldOffBudget: Int = 512 * (Int.MaxValue / 512)

  /** A work-stealing pool of `threads` threads and its shutdown. Cats Effect 3.6 returns (pool,
    * polling-system API, shutdown), 3.5 returns (pool, shutdown) (IORuntimeCompanionPlatform.scala,
    * `createWorkStealingComputeThreadPool`, on the 3.x and series/3.5.x branches): the pool is the
    * first element and the shutdown the last, so this compiles against either (`--lib
    * cats-effect=3.5.7` builds this file against 3.5.7). */
  def workStealingPool(threads: Int): (scala.concurrent.ExecutionContextExecutor & cats.effect.unsafe.Scheduler, () => Unit) = {
    val created = IORuntime.createWorkStealingComputeThreadPool(threads = threads)
    (created._1, created.productElement(created.productArity - 1).asInstanceOf[() => Unit])
  }
  /** A runtime on a work-stealing pool of `threads` threads that is both its compute pool and its
    * scheduler, as in IORuntime.global, with `config`. */
  def runtimeOn(threads: Int, config: IORuntimeConfig): IORuntime = {
    val (pool, shutdown) = workStealingPool(threads)
    IORuntime.builder()
      .setCompute(pool.asInstanceOf[scala.concurrent.ExecutionContext], shutdown)
      .setScheduler(pool, () => ())
      .setConfig(config)
      .build()
  }

  /** One bind of the measured chain: hog-probe's step (`IO.unit.flatMap`), counted by the probe. */
  def sliceStep(probe: effectbench.SliceProbe, i: Long): IO[Unit] =
    IO.unit.flatMap { _ => probe.bind(); if (i == 1) IO.unit else sliceStep(probe, i - 1) }

  /** The binds per yield of a run loop with `config` (SliceProbe): the chain runs on a runtime of
    * that config whose compute pool is the probe's queue, where every auto-cede re-submits the fiber
    * (IOFiber.rescheduleFiber on a foreign ExecutionContext: `ec.execute`). */
  def bindsPerYield(config: IORuntimeConfig): effectbench.SliceProbe.Slice = {
    var rt: IORuntime = null
    try
      effectbench.SliceProbe.measure { probe =>
        rt = IORuntime.builder().setCompute(probe.executor, () => ()).setConfig(config).build()
        sliceStep(probe, effectbench.SliceProbe.Binds).unsafeRunAsync(_ => probe.done())(rt)
      }
    finally if (rt != null) rt.shutdown()
  }

  /** The `fork` entry (CatsEffectLive.run) on `rt`. */
  def fork[A](io: IO[A], rt: IORuntime): A = effectbench.ResultWait.await[A](s => io.unsafeRunAsync(e => s.complete(e.toTry))(rt))

  val info = Runtimes.CatsEffect
  def start(settings: Settings): CatsEffectLive = new CatsEffectLive(settings)
}
