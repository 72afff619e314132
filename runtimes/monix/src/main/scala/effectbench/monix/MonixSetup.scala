package effectbench.monix

import effectbench.{Claim, Live, LivePools, Mode, RuntimeSetup, Runtimes, Settings}
import monix.eval.Task
import monix.eval.internal.TracingPlatform
import monix.execution.{ExecutionModel, Scheduler}
import monix.execution.schedulers.{ExecutorScheduler, SchedulerService}

/** Monix 3.4 Task under a profile. The levelled profile runs on a computation scheduler of one
  * thread per processor that yields every Settings.MonixBatch operations (the batch size nearest
  * ZIO's 10,240 that Monix accepts), with local context propagation off; the JVM properties of
  * Settings.jvmProperties set the same budget for Monix's own defaults and turn stack tracing and
  * enhanced exceptions off. `defaults` is Scheduler.global and Task.defaultOptions as shipped. */
final class MonixLive(settings: Settings) extends Live {
  private val processors = java.lang.Runtime.getRuntime.availableProcessors()

  private val own: Option[SchedulerService] = settings match {
    case Settings.Defaults => None
    case Settings.Levelled =>
      Some(Scheduler.computation(
          parallelism = processors,
          name = "monix-levelled",
          daemonic = true,
          executionModel = ExecutionModel.BatchedExecution(Settings.MonixBatch)
        ))
  }

  implicit val scheduler: Scheduler = own.getOrElse(Scheduler.global)

  implicit val options: Task.Options = settings match {
    case Settings.Defaults => Task.defaultOptions
    case Settings.Levelled => Task.defaultOptions.disableLocalContextPropagation
  }

  /** Both modes enter Monix's ordinary run loop, TaskRunLoop, through `runToFutureOpt`
    * (monix-eval/shared/src/main/scala/monix/eval/Task.scala: runToFutureOpt calls
    * TaskRunLoop.startFuture, which runs on the calling thread with the scheduler's execution
    * model — auto-yields included — and continues in TaskRunLoop.startFull after an async
    * boundary; monix-eval/shared/src/main/scala/monix/eval/internal/TaskRunLoop.scala). `fork`
    * starts with one Task.shift onto the scheduler; `sync` starts without it. runSyncUnsafe is not
    * used: it runs the first synchronous stretch in TaskRunSyncUnsafe
    * (monix-eval/jvm/src/main/scala/monix/eval/internal/TaskRunSyncUnsafe.scala), a separate loop
    * that never auto-yields. The caller waits for the future by ResultWait, as for every runtime. */
  def run[A](task: Task[A], mode: Mode): A = {
    val t = mode match {
      case Mode.Fork => Task.shift.flatMap(_ => task)
      case Mode.Sync => task
    }
    effectbench.ResultWait.future(t.runToFutureOpt(scheduler, options))
  }

  /** The live scheduler's pool: the ForkJoinPool of the computation scheduler, or the one behind
    * Scala's global execution context that Scheduler.global wraps. */
  private def computeThreads: String = scheduler match {
    case e: ExecutorScheduler => LivePools.threads(e.executor)
    case other => LivePools.threads(other)
  }

  private def tracing: String =
    if (TracingPlatform.isFullStackTracing) "full"
    else if (TracingPlatform.isCachedStackTracing) "cached"
    else "off"

  /** The measured binds per yield of the live scheduler's model (SliceProbe), once. */
  private lazy val slice = MonixSetup.bindsPerYield(scheduler.executionModel, options)

  def readBack: Vector[(String, String)] = Vector(
    // Claims of the levelled profile (Settings.levelledClaims), each read from the live classes.
    Claim.Tracing -> tracing,
    Claim.EnhancedExceptions -> (if (TracingPlatform.enhancedExceptions) "on" else "off"),
    Claim.AutoYield -> scheduler.executionModel.recommendedBatchSize.toString,
    effectbench.SliceProbe.Key -> slice.text,
    Claim.ComputeThreads -> computeThreads,
    // The version of the monix-eval jar this JVM loaded (a `--lib` cell's version is this, not the request).
    effectbench.LibraryVersion.ReadBackKey -> effectbench.LibraryVersion.of(classOf[monix.eval.Task[?]]),
    "syncEntry" -> "runToFuture (TaskRunLoop.startFuture on the calling thread, no leading shift)",
    "scheduler" -> (scheduler match {
      case e: ExecutorScheduler => s"${e.getClass.getSimpleName} over ${e.executor.getClass.getName}"
      case other => other.getClass.getName
    }),
    "executionModel" -> scheduler.executionModel.toString,
    "localContextPropagation" -> options.localContextPropagation.toString,
    "autoCancelableRunLoops" -> options.autoCancelableRunLoops.toString,
    // Monix's own defaults, which read the monix.environment.* JVM properties of Settings.jvmProperties.
    "default.batchSize" -> ExecutionModel.Default.recommendedBatchSize.toString,
    "default.localContextPropagation" -> Task.defaultOptions.localContextPropagation.toString
  ) ++ (if (settings == Settings.Levelled) Vector(effectbench.SliceProbe.LevelKey -> effectbench.SliceProbe.level(slice, "monix"))
        else Vector.empty)

  /** The latency family's budget variants (LatencyModel) as Monix execution models: `levelled` the levelled
    * profile's batch (Settings.MonixBatch), `shipped` Monix's own default batch of 1,024
    * (ExecutionModel.Default without -Dmonix.environment.batchSize: monix-execution's
    * internal/Platform.scala), `budget-128` a batch of 128, and `yield-off` SynchronousExecution, the
    * model whose run loop never yields (ExecutionModel.scala: its recommendedBatchSize is the
    * largest power of two, `nextFrameIndex` always 1). */
  def modelOf(variant: String): ExecutionModel = variant match {
    case effectbench.LatencyModel.Levelled => ExecutionModel.BatchedExecution(Settings.MonixBatch)
    case effectbench.LatencyModel.Shipped => ExecutionModel.BatchedExecution(1024)
    case effectbench.LatencyModel.Budget128 => ExecutionModel.BatchedExecution(128)
    case effectbench.LatencyModel.YieldOff => ExecutionModel.SynchronousExecution
    case other => throw new IllegalArgumentException(s"Monix has no budget variant $other")
  }

  /** The live scheduler with a variant's execution model: the same pool, its batch changed. */
  def withModel(em: ExecutionModel): Scheduler = scheduler.withExecutionModel(em)

  /** The scheduler of a latency budget variant (hog-probe's and sleep-drift's cells both run on it). */
  def forVariant(variant: String): Scheduler = withModel(modelOf(variant))

  /** What a cell on `s` reads back of its budget (the scheduler it ran on). */
  def budgetReadBack(s: Scheduler): Vector[(String, String)] = Vector(
    "cellAutoYieldBudget" -> (s.executionModel match {
      case ExecutionModel.SynchronousExecution => "off (SynchronousExecution)"
      case em => em.recommendedBatchSize.toString
    }),
    effectbench.SliceProbe.CellKey -> MonixSetup.bindsPerYield(s.executionModel, options).text
  )

  def close(): Unit = own.foreach(_.shutdown())
}

object MonixSetup extends RuntimeSetup[MonixLive] {
  /** One bind of the measured chain: hog-probe's step (`Task.unit.flatMap`), counted by the probe. */
  def sliceStep(probe: effectbench.SliceProbe, i: Long): Task[Unit] =
    Task.unit.flatMap { _ => probe.bind(); if (i == 1) Task.unit else sliceStep(probe, i - 1) }

  /** The binds per yield of Monix's run loop under `em` (SliceProbe): the chain runs on a
    * scheduler over the probe's queue with that model, where every async boundary the batch
    * forces is a `scheduler.execute` (TaskRunLoop). */
  def bindsPerYield(em: ExecutionModel, opts: Task.Options): effectbench.SliceProbe.Slice =
    effectbench.SliceProbe.measure { probe =>
      val s = Scheduler(probe.executor, em)
      Task.shift.flatMap(_ => sliceStep(probe, effectbench.SliceProbe.Binds)).runAsyncOpt(_ => probe.done())(s, opts)
      ()
    }

  val info = Runtimes.Monix
  def start(settings: Settings): MonixLive = new MonixLive(settings)
}
