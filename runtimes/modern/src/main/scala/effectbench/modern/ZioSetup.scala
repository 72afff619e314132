package effectbench.modern

import effectbench.{Live, Mode, RuntimeSetup, Runtimes, Settings}
import zio.{RuntimeFlag, Unsafe, ZIO}

/** ZIO 2 under a profile. The levelled profile turns off fiber-root tracking, op supervision
  * and runtime metrics. ZIO's auto-yield budget (10,240 operations) is fixed in its run loop:
  * the others are levelled to it; the read-back reads it from the run loop's code. */
final class ZioLive(val settings: Settings) extends Live {
  val runtime: zio.Runtime[Any] = settings match {
    case Settings.Defaults => zio.Runtime.default
    case Settings.Levelled =>
      Unsafe.unsafe { implicit u =>
        zio.Runtime.unsafe.fromLayer(
          ZioSetup.disableFlags(RuntimeFlag.FiberRoots, RuntimeFlag.OpSupervision, RuntimeFlag.RuntimeMetrics, RuntimeFlag.OpLog)
        )
      }
  }

  /** `fork` starts with one yieldNow onto ZIO's executor; `sync` is `unsafe.run` of the program
    * itself: in ZIO 2.1.26 `Runtime.UnsafeAPIV1.run` calls `runOrFork`, which makes the
    * FiberRuntime and calls its `start` on the calling thread, blocking on a OneShot only if the
    * fiber suspends (core/shared/src/main/scala/zio/Runtime.scala; checked with javap on
    * zio_3-2.1.26.jar): the same run loop as `fork`, entered here. Both modes enter through that
    * `runOrFork` itself (public in `UnsafeAPI3`): when the fiber suspends, its exit reaches the
    * waiting thread through `addObserver`, as `unsafe.run` does with its OneShot, but the wait is
    * ResultWait's, as for every runtime. (`unsafe.fork` is not used: its `makeFiber` adds the fiber
    * to the global scope, a root set when FiberRoots is on, which `runOrFork` does not.) */
  def run[E, A](program: ZIO[Any, E, A], mode: Mode): A = ZioSetup.run(runtime, program, mode)

  private def flag(f: RuntimeFlag): String = if (zio.RuntimeFlags.isEnabled(runtime.runtimeFlags)(f)) "on" else "off"

  /** The executor the runtime's fibers run on, asked of a fiber of this runtime. */
  private def executor: zio.Executor = Unsafe.unsafe { implicit u => runtime.unsafe.run(ZIO.executor).getOrThrow() }

  /** ZScheduler keeps one Worker per pool thread in `workers`, sized to its poolSize when built
    * (core/jvm-native/src/main/scala/zio/internal/ZScheduler.scala). */
  private def computeThreads: String =
    Reflect.fieldValue(executor, "zio$internal$ZScheduler$$workers").collect { case a: Array[?] => a.length.toString }
      .getOrElse("unreadable (executor " + executor.getClass.getName + ")")

  /** ZIO's budget is `FiberRuntime.MaxOperationsBeforeYield` (10,240 in 2.1.26), a `final val`
    * the compiler inlines into `runLoop` (`ops += 1; if (ops > MaxOperationsBeforeYield && cooperativeYielding) ...`,
    * core/shared/src/main/scala/zio/internal/FiberRuntime.scala): there is no field to read, so it is
    * read from the loaded FiberRuntime class file; "unreadable" unless exactly one such limit is there. */
  private def autoYieldBudget: String = autoYieldBudgetOf(runtime)

  def autoYieldBudgetOf(rt: zio.Runtime[Any]): String =
    if (!zio.RuntimeFlags.isEnabled(rt.runtimeFlags)(RuntimeFlag.CooperativeYielding)) "off (CooperativeYielding disabled)"
    else Reflect.counterLimits(classOf[zio.internal.FiberRuntime[?, ?]]).distinct match {
      case Vector(n) => n.toString
      case other => "unreadable (limits found: " + other.mkString(",") + ")"
    }

  /** The measured binds per yield of the live runtime (SliceProbe), once. */
  private lazy val slice = ZioSetup.bindsPerYield(runtime)

  /** Whether the programs this profile runs carry ZIO's auto-trace: under `levelled` the copy
    * compiled with the empty trace (effectbench.ZioAutoTrace), under `defaults` the sources as
    * written; each reads the Trace its compiler supplied in that copy's Tasks. */
  private def autoTrace: String = settings match {
    case Settings.Levelled =>
      if (effectbench.modern.untraced.Tasks.compiledTrace.isEmpty) effectbench.Claim.zioAutoTraceOff.expected
      else "on (the levelled programs' copy was compiled with auto-trace)"
    case Settings.Defaults =>
      if (Tasks.compiledTrace.isEmpty) "off (compiled with the empty trace)" else effectbench.Claim.zioAutoTraceOn.expected
  }

  def readBack: Vector[(String, String)] = Vector(
    "syncEntry" -> "Runtime#unsafe.run without yieldNow (FiberRuntime.start on the calling thread)",
    "runtimeFlags" -> zio.RuntimeFlags.toSet(runtime.runtimeFlags).map(_.toString).toVector.sorted.mkString(" "),
    "fiberRoots" -> flag(RuntimeFlag.FiberRoots),
    "opSupervision" -> flag(RuntimeFlag.OpSupervision),
    "autoYieldBudget" -> autoYieldBudget,
    effectbench.SliceProbe.Key -> slice.text,
    // ZIO 2 has no run-time tracing switch: traces are `Trace` values the compiler supplies at
    // each call site (zio.stacktracer), left out only at compile time (effectbench.ZioAutoTrace).
    effectbench.Claim.Tracing -> autoTrace,
    "computeThreads" -> computeThreads,
    // The version of the zio jar this JVM loaded (a `--lib` cell's version is this, not the request).
    effectbench.LibraryVersion.ReadBackKey -> effectbench.LibraryVersion.of(classOf[zio.ZIO[?, ?, ?]])
  ) ++ (if (settings == Settings.Levelled) Vector(effectbench.SliceProbe.LevelKey -> effectbench.SliceProbe.level(slice, "zio"))
        else Vector.empty)

  /** The latency family's `yield-off` variant: this runtime's flags with cooperative yielding disabled too,
    * so a fiber runs until it suspends (FiberRuntime's run loop yields on its budget only while
    * CooperativeYielding is on; see autoYieldBudget). Made once. */
  lazy val withoutYielding: zio.Runtime[Any] = Unsafe.unsafe { implicit u =>
    val off = settings match {
      case Settings.Defaults => ZioSetup.disableFlags(RuntimeFlag.CooperativeYielding)
      case Settings.Levelled =>
        ZioSetup.disableFlags(RuntimeFlag.FiberRoots, RuntimeFlag.OpSupervision, RuntimeFlag.RuntimeMetrics, RuntimeFlag.OpLog,
          RuntimeFlag.CooperativeYielding)
    }
    zio.Runtime.unsafe.fromLayer(off)
  }

  /** The runtime of a latency budget variant: `levelled` is this one (ZIO's fixed budget). */
  def forVariant(variant: String): zio.Runtime[Any] = variant match {
    case effectbench.LatencyModel.YieldOff => withoutYielding
    case _ => runtime
  }

  /** What a cell on `rt` reads back of its budget. */
  def budgetReadBack(rt: zio.Runtime[Any]): Vector[(String, String)] =
    Vector("cellAutoYieldBudget" -> autoYieldBudgetOf(rt), effectbench.SliceProbe.CellKey -> ZioSetup.bindsPerYield(rt).text)

  def close(): Unit = ()
}

object ZioSetup extends RuntimeSetup[ZioLive] {
  /** A layer that turns `flags` off in the runtime made from it, written as ZIO 2.1's
    * `Runtime.disableFlags` is (one `withRuntimeFlagsScoped` per flag), with calls ZIO 2.0 has too:
    * 2.0 has no `Runtime.disableFlags`, and this group is what `--lib zio=2.0.x` compiles. */
  def disableFlags(flags: RuntimeFlag*): zio.ZLayer[Any, Nothing, Unit] =
    zio.ZLayer.scoped(ZIO.foreachDiscard(flags)(flag => ZIO.withRuntimeFlagsScoped(zio.RuntimeFlags.disable(flag))))

  /** One bind of the measured chain: hog-probe's step (`ZIO.unit.flatMap`), counted by the probe. */
  def sliceStep(probe: effectbench.SliceProbe, i: Long): ZIO[Any, Nothing, Unit] =
    ZIO.unit.flatMap { _ => probe.bind(); if (i == 1) ZIO.unit else sliceStep(probe, i - 1) }

  /** The binds per yield of `rt`'s run loop (SliceProbe): the chain is shifted onto the probe's
    * queue (`onExecutor`), where every yield re-submits the fiber to its current executor. */
  def bindsPerYield(rt: zio.Runtime[Any]): effectbench.SliceProbe.Slice =
    effectbench.SliceProbe.measure { probe =>
      val onProbe = sliceStep(probe, effectbench.SliceProbe.Binds).onExecutor(zio.Executor.fromExecutionContext(probe.executor))
      Unsafe.unsafe { implicit u => rt.unsafe.fork(onProbe).unsafe.addObserver(_ => probe.done()) }
    }

  /** Both entries of ZioLive.run, on `rt`. */
  def run[E, A](runtime: zio.Runtime[Any], program: ZIO[Any, E, A], mode: Mode): A = Unsafe.unsafe { implicit u =>
    val p = mode match {
      case Mode.Fork => ZIO.yieldNow *> program
      case Mode.Sync => program
    }
    val exit = runtime.unsafe.runOrFork(p) match {
      case Right(done) => done
      case Left(fiber) => effectbench.ResultWait.await[zio.Exit[E, A]](s => fiber.unsafe.addObserver(e => s.succeed(e)))
    }
    exit.getOrThrowFiberFailure()
  }

  val info = Runtimes.Zio
  def start(settings: Settings): ZioLive = new ZioLive(settings)
}
