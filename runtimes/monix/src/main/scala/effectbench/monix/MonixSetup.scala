package effectbench.monix

import effectbench.{Live, Mode, RuntimeSetup, Settings}
import monix.eval.Task
import monix.execution.{ExecutionModel, Scheduler}
import monix.execution.schedulers.{CanBlock, SchedulerService}

/** Monix 3.4 Task under a profile. The levelled profile runs on a computation scheduler of one
  * thread per processor that yields every 1024 operations (BatchedExecution(1024)), with local
  * context propagation off; the JVM properties of Settings.jvmProperties set the same budget and
  * flag for Monix's own defaults. `defaults` is Scheduler.global and Task.defaultOptions as shipped. */
final class MonixLive(settings: Settings) extends Live {
  private val processors = java.lang.Runtime.getRuntime.availableProcessors()

  private val own: Option[SchedulerService] = settings match {
    case Settings.Defaults => None
    case Settings.Levelled =>
      Some(Scheduler.computation(
        parallelism = processors,
        name = "monix-levelled",
        daemonic = true,
        executionModel = ExecutionModel.BatchedExecution(Settings.AutoYield)))
  }

  implicit val scheduler: Scheduler = own.getOrElse(Scheduler.global)

  implicit val options: Task.Options = settings match {
    case Settings.Defaults => Task.defaultOptions
    case Settings.Levelled => Task.defaultOptions.disableLocalContextPropagation
  }

  /** `fork` starts with one Task.shift onto the scheduler (the caller blocks for the result);
    * `sync` runs the run loop on the calling thread (runSyncUnsafe) until the first async boundary. */
  def run[A](task: Task[A], mode: Mode): A = {
    val t = mode match {
      case Mode.Fork => Task.shift.flatMap(_ => task)
      case Mode.Sync => task
    }
    t.runSyncUnsafeOpt()(scheduler, options, CanBlock.permit)
  }

  def readBack: Vector[(String, String)] = Vector(
    "scheduler" -> (if (own.isDefined) s"computation (ForkJoin) of $processors threads" else "Scheduler.global"),
    "executionModel" -> scheduler.executionModel.toString,
    "autoYieldOps" -> scheduler.executionModel.recommendedBatchSize.toString,
    "localContextPropagation" -> options.localContextPropagation.toString,
    "autoCancelableRunLoops" -> options.autoCancelableRunLoops.toString,
    // Monix's own defaults, which read the monix.environment.* JVM properties of Settings.jvmProperties.
    "default.batchSize" -> ExecutionModel.Default.recommendedBatchSize.toString,
    "default.localContextPropagation" -> Task.defaultOptions.localContextPropagation.toString
  )

  def close(): Unit = own.foreach(_.shutdown())
}

object MonixSetup extends RuntimeSetup[MonixLive] {
  val runtime = "monix"
  def start(settings: Settings): MonixLive = new MonixLive(settings)
}
