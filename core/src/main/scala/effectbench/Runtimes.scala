package effectbench

/** A runtime of the catalog (docs/scenarios.md): an effect system or a plain baseline. Everything the project knows
  * about a runtime outside its own implementations is a field here; the catalog's runtime lists,
  * the profiles' JVM properties and claims, and the thread-leak check all read this table.
  *
  * @param group         the classpath group (sbt module under runtimes/) that implements it, or "none"
  * @param minJdk        the lowest JDK feature version its cells run on
  * @param versionKey    the key of its library version in `project/Versions.scala`'s `forRuntimes`
  *                      (hence in the generated `BuildInfo.libraryVersions` and run.json)
  * @param families      the scenario families it is defined for (every runtime has the run-loop and collection families)
  * @param levelledJvm   system properties the `levelled` profile needs in the cell's JVM, read by
  *                      the runtime before its classes load (`defaults` adds none)
  * @param levelledClaims what the `levelled` profile claims for it, given the processor count: the
  *                      read-back keys and values its live runtime must report
  * @param threadNames   thread-name prefixes of its own pools (the thread-leak check)
  * @param syncNa        why it has no `sync` entry mode, when it has none
  * @param unavailable   why none of its cells can run here, when none can */
final case class RuntimeInfo(
    id: String,
    group: String,
    minJdk: Int,
    versionKey: String,
    families: Set[Family],
    levelledJvm: Vector[String],
    levelledClaims: Int => Vector[Claim],
    threadNames: Vector[String],
    syncNa: Option[String] = None,
    unavailable: Option[String] = None,
    /** What it is, in a few words, for the runtime table of docs/scenarios.md. */
    about: String = ""
) {
  def jvmProperties(settings: Settings): Vector[String] = if (settings == Settings.Levelled) levelledJvm else Vector.empty
}

object Runtimes {
  import Claim._
  private val runLoop: Set[Family] = Set(Family.RunLoop, Family.Collections)
  private val all4: Set[Family] = Set(Family.RunLoop, Family.Collections, Family.Errors, Family.Scheduler)
  /** Runtimes with a scheduler, whose latency cells are written. */
  private val withLatency: Set[Family] = all4 + Family.Latency
  private def globalPool(n: Int) = Vector(Claim(Pool, GlobalPool), computeThreads(n))
  private def poolOnly(n: Int) = Vector(computeThreads(n))
  /** `scala.concurrent.ExecutionContext.global` names its threads so. */
  private val globalThreads = Vector("scala-execution-context-global")

  /** Why Cats Effect has no `sync` cells (see its row). It names no version, since `--lib` measures
    * others than the build's: it holds in each version checked (3.5.7, 3.6.3 and 3.7.1, see the row). */
  val CatsEffectSyncNa: String =
    "Cats Effect 3 has no calling-thread entry to its run loop: every unsafeRun* hands the new IOFiber to the compute pool (IO.unsafeRunFiber), and syncStep is SyncIO's interpreter, another program"
  val CatsEffect: RuntimeInfo = RuntimeInfo("cats-effect", "modern", 17, "cats-effect", withLatency,
    levelledJvm = Vector(
      "-Dcats.effect.tracing.mode=none",
      "-Dcats.effect.tracing.exceptions.enhanced=false",
      "-Dcats.effect.auto.yield.threshold.multiplier=" + Settings.CatsEffectAutoYield / 512, // x cancelation check 512
      "-Dcats.effect.cancelation.check.threshold=512"
    ),
    levelledClaims = n => Vector(tracingOff, enhancedExceptionsOff, autoYield(Settings.CatsEffectAutoYield), computeThreads(n)),
    threadNames = Vector("io-compute", "io-blocker", "io-scheduler"), about = "Cats Effect 3 `IO`",
    // Cats Effect 3.5.7, 3.6.3 and 3.7.1 alike (checked with javap on cats-effect_3-<v>.jar of each,
    // and in the source of core/shared/src/main/scala/cats/effect/IO.scala, `unsafeRunFiber`): every
    // unsafeRun* entry (unsafeRunSync -> unsafeRunTimed -> unsafeRunAsyncImpl in 3.6.3 and 3.7.1,
    // -> unsafeRunAsync in 3.5.7; unsafeRunAsync, unsafeRunAsyncOutcome, unsafeRunAndForget,
    // unsafeToFuture via unsafeToFutureCancelable) builds the IOFiber in `unsafeRunFiber` and hands it
    // to `runtime.compute.execute`; `syncStep` returns a SyncIO in all three;
    // IOFiber itself is `private` to cats.effect. So there is no calling-thread entry to the run loop,
    // and `syncStep` is SyncIO's interpreter, another program (docs/scenarios.md, Entry modes).
    syncNa = Some(CatsEffectSyncNa))
  // ZIO's levelled settings are made in code (RuntimeFlags and executor), not by JVM properties.
  val Zio: RuntimeInfo = RuntimeInfo("zio", "modern", 17, "zio", withLatency, Vector.empty,
    n => Vector(autoYield(Settings.AutoYield), computeThreads(n), fiberRootsOff, zioAutoTraceOff), Vector("ZScheduler", "zio-"),
    about = "ZIO 2 `ZIO`")
  val Future: RuntimeInfo = RuntimeInfo("future", "modern", 17, "future", withLatency, Vector.empty, globalPool, globalThreads,
    syncNa = Some("Future callbacks always run on an ExecutionContext; there is no calling-thread run"),
    about = "`scala.concurrent.Future` on the global execution context")
  val Cps: RuntimeInfo = RuntimeInfo("cps", "modern", 17, "cps", runLoop, Vector.empty, globalPool, Vector("cps-"),
    about = "a plain continuation-passing task written here, `(A => TailRec[Unit]) => TailRec[Unit]`: no library")
  val Baseline: RuntimeInfo = RuntimeInfo("baseline", "modern", 17, "baseline", withLatency, Vector.empty, poolOnly, Vector("baseline-"),
    about = "plain Scala with no effect system (loops, callbacks, `java.util.concurrent`): the floor of each scenario")
  // Read once by Monix 3.4.1: batchSize by Platform (ExecutionModel.Default's budget, the same
  // MonixBatch MonixSetup sets on its scheduler; monix-execution/jvm/.../internal/Platform.scala),
  // localContextPropagation (on only for 1/true/yes) likewise; stackTracingMode (none/cached/full,
  // default cached) and enhancedExceptions (default true) by monix-eval's
  // monix-eval/jvm/src/main/java/monix/eval/internal/TracingPlatform.java, static finals the run
  // loops test. MonixSetup reads all four back from the live classes.
  val Monix: RuntimeInfo = RuntimeInfo("monix", "monix", 17, "monix", withLatency,
    levelledJvm = Vector(
      "-Dmonix.environment.batchSize=" + Settings.MonixBatch,
      "-Dmonix.environment.localContextPropagation=0",
      "-Dmonix.eval.stackTracingMode=none",
      "-Dmonix.eval.enhancedExceptions=false"
    ),
    levelledClaims = n => Vector(tracingOff, enhancedExceptionsOff, autoYield(Settings.MonixBatch), computeThreads(n)),
    // Scheduler.global (the defaults profile) runs on Scala's global execution context.
    threadNames = Vector("monix-") ++ globalThreads, about = "Monix 3 `Task` (on Cats Effect 2, hence a classpath of its own)")
  // Levelled forks onto future's global pool. Defaults uses Strategy.DefaultExecutorService, a
  // fixed pool whose DefaultDaemonThreadFactory wraps Executors.defaultThreadFactory(), hence the
  // JDK's "pool-N-thread-M" names (scalaz 7.2.30, concurrent/src/main/scala/scalaz/concurrent/Strategy.scala).
  val Scalaz: RuntimeInfo =
    RuntimeInfo("scalaz", "scala213", 17, "scalaz", Set[Family](Family.RunLoop, Family.Collections, Family.Scheduler), Vector.empty,
      globalPool, Vector("pool-"),
      about = "Scalaz 7.2 `scalaz.concurrent.Task` (removed in 7.3)")
  val ScalaAsync: RuntimeInfo = RuntimeInfo("scala-async", "scala213", 17, "scala-async", runLoop, Vector.empty, globalPool, globalThreads,
    syncNa = Some("async blocks run on an ExecutionContext; there is no calling-thread run"),
    about = "`Future` written with Scala Async's `async`/`await` (`-Xasync`): direct style over `future`")
  val Dsl: RuntimeInfo = RuntimeInfo("dsl", "scala212", 17, "dsl", runLoop, Vector.empty, globalPool, globalThreads,
    about = "Dsl.scala's continuation task, written with explicit `cpsApply`/`Shift` (its `!` plugins are not served)")
  val Continuations: RuntimeInfo = RuntimeInfo("continuations", "continuations", 17, "continuations", runLoop, Vector.empty,
    globalPool, globalThreads, about = "Scala Continuations (`@cps`, `shift`/`reset`), on the Scala 2.12 patch its plugin is published for")
  /** ox and loom share the JDK's virtual-thread scheduler, whose carriers are ForkJoinPool-N-worker-M. */
  val Ox: RuntimeInfo = RuntimeInfo("ox", "loom", 21, "ox", all4, Vector.empty, poolOnly, Vector("ForkJoinPool-"),
    syncNa = Some("direct style always runs on a virtual thread inside an Ox scope"),
    about = "Ox, direct style on virtual threads")
  val Loom: RuntimeInfo = RuntimeInfo("loom", "loom", 21, "loom",
    Set[Family](Family.RunLoop, Family.Collections, Family.Scheduler, Family.Latency), Vector.empty,
    poolOnly,
    Vector("ForkJoinPool-"),
    syncNa = Some("the program is a virtual thread; there is no calling-thread run"),
    about = "plain virtual threads with `java.util.concurrent`: the reference point for `ox`")
  val Kyo: RuntimeInfo = RuntimeInfo("kyo", "none", 21, "", all4, Vector.empty, _ => Vector.empty, Vector.empty,
    unavailable = Some("Kyo is not served by the package registry this project builds from"),
    about = "Kyo: its slot is kept so it can be added where the library is served")

  val all: Vector[RuntimeInfo] =
    Vector(CatsEffect, Zio, Future, Cps, Baseline, Monix, Scalaz, ScalaAsync, Dsl, Continuations, Ox, Loom, Kyo)

  val ids: Vector[String] = all.map(_.id)
  def get(id: String): Option[RuntimeInfo] = all.find(_.id == id)
  def apply(id: String): RuntimeInfo = get(id).getOrElse(throw new NoSuchElementException(s"unknown runtime $id"))
  /** The runtimes defined for a scenario family, in table order. */
  def inFamily(family: Family): Vector[String] = all.filter(_.families.contains(family)).map(_.id)
}

// Each group's row of a scenario: one field per runtime of the group, in table order (GroupRow).
// A runtime added to a group is a field here, which every scenario object of the group must fill.

final case class ModernRow(catsEffect: Cover, zio: Cover, future: Cover, cps: Cover, baseline: Cover) extends GroupRow {
  import Runtimes._
  def cells: Vector[(RuntimeInfo, Cover)] = Vector(CatsEffect -> catsEffect, Zio -> zio, Future -> future, Cps -> cps, Baseline -> baseline)
}

final case class MonixRow(monix: Cover) extends GroupRow {
  def cells: Vector[(RuntimeInfo, Cover)] = Vector(Runtimes.Monix -> monix)
}

final case class Scala213Row(scalaz: Cover, scalaAsync: Cover) extends GroupRow {
  def cells: Vector[(RuntimeInfo, Cover)] = Vector(Runtimes.Scalaz -> scalaz, Runtimes.ScalaAsync -> scalaAsync)
}

final case class Scala212Row(dsl: Cover) extends GroupRow {
  def cells: Vector[(RuntimeInfo, Cover)] = Vector(Runtimes.Dsl -> dsl)
}

final case class ContinuationsRow(continuations: Cover) extends GroupRow {
  def cells: Vector[(RuntimeInfo, Cover)] = Vector(Runtimes.Continuations -> continuations)
}

final case class LoomRow(ox: Cover, loom: Cover) extends GroupRow {
  def cells: Vector[(RuntimeInfo, Cover)] = Vector(Runtimes.Ox -> ox, Runtimes.Loom -> loom)
}
