package effectbench

/** How each runtime is configured: the `levelled` and `defaults` profiles of docs/scenarios.md. */
sealed abstract class Settings(val id: String, val summary: String)

object Settings {
  case object Levelled extends Settings("levelled",
        "tracing and stack-trace enrichment off, auto-yield every 10,240 binds, measured (ZIO's fixed budget; Monix the nearest batch size it accepts, 8,192), compute pools sized to the processors, fiber-root tracking off; reports print what each live runtime reads back")
  case object Defaults extends Settings("defaults", "every library exactly as shipped")

  val all: Vector[Settings] = Vector(Levelled, Defaults)
  def get(id: String): Option[Settings] = all.find(_.id == id)
  def apply(id: String): Settings = get(id).getOrElse(throw new NoSuchElementException(s"unknown settings $id"))

  /** The auto-yield budget of the levelled profile, in binds of `unit.flatMap` one fiber runs
    * between two forced yields: ZIO 2's, fixed in its run loop (one operation per such bind), so
    * the others are levelled to it (docs/scenarios.md). Each runtime reads back the figure it
    * measures (SliceProbe, `bindsPerYield`). */
  val AutoYield = 10240

  /** How far, as a share of the larger, two runtimes' measured binds per yield may be apart and
    * still be called levelled. */
  val SliceTolerance = 0.05

  /** The runtimes whose levelled slice cannot be brought within SliceTolerance of AutoYield, and
    * why: their levelled read-back says "no" (`Claim.SliceLevelled`), and the report flags it. */
  val unlevelledSlice: Map[String, String] = Map(
    "monix" -> "Monix batches only in powers of two: BatchedExecution rounds up and masks its frame index"
  )

  /** Cats Effect's auto-yield threshold under levelled, in run-loop iterations: a bind of
    * `IO.unit` takes two (IOFiber.runLoop counts one at the top of every pass and one more on the
    * FlatMap-of-Pure path, `runLoop(next(pure.value), nextCancelation - 1, ...)`), so twice
    * AutoYield: multiplier 40 x cancelation check 512. */
  val CatsEffectAutoYield = 2 * AutoYield

  /** What the levelled profile claims for a runtime, as read-back keys and the values the live
    * runtime must report under them (the runtime table's `levelledClaims`). Every runtime's
    * `Live.readBack` carries these keys with values read from the running runtime (never restated
    * from the request); ReadBackSuite starts each runtime in a JVM configured like the measuring
    * one and compares. */
  def levelledClaims(runtime: String, processors: Int): Vector[Claim] =
    Runtimes.get(runtime).fold(Vector.empty[Claim])(_.levelledClaims(processors))

  /** Monix's auto-yield budget under levelled: the batch size nearest to AutoYield that Monix
    * accepts. Monix 3.4.1 rounds every batch size up to a power of two — `BatchedExecution(n)`
    * keeps `math.nextPowerOf2(n)` (monix-execution/shared/src/main/scala/monix/execution/ExecutionModel.scala,
    * .../internal/math.scala), and so does `-Dmonix.environment.batchSize`
    * (monix-execution/jvm/src/main/scala/monix/execution/internal/Platform.scala) — so 10,240 would
    * become 16,384; the nearest power of two is 8,192 (2,048 away, against 6,144). */
  val MonixBatch = 8192

  /** System properties the JVM of a cell needs, read by runtimes before any of their classes
    * load (which is why they cannot be set from inside the benchmark): the runtime table's. */
  def jvmProperties(settings: Settings, runtime: String): Vector[String] =
    Runtimes.get(runtime).fold(Vector.empty[String])(_.jvmProperties(settings))
}

/** One setting a profile claims: the read-back key and the value the live runtime must report. */
final case class Claim(key: String, expected: String)

object Claim {
  val Tracing = "tracing"
  val EnhancedExceptions = "enhancedExceptions"
  val AutoYield = "autoYieldBudget"
  val ComputeThreads = "computeThreads"
  val FiberRoots = "fiberRoots"
  /** A runtime's measured binds per yield (the harness's SliceProbe), shown beside its budget. */
  val BindsPerYield = "bindsPerYield"
  /** The same, measured on the runtime a latency cell ran on (its budget variant's). */
  val CellBindsPerYield = "cellBindsPerYield"
  /** Under levelled: "yes" when the measured binds per yield are the profile's, else "no: " and why. */
  val SliceLevelled = "sliceLevelled"
  val Pool = "pool"
  /** The pool that task types without one of their own run on under levelled, as `future` does. */
  val GlobalPool = "global ForkJoinPool"
  val tracingOff: Claim = Claim(Tracing, "off")
  val enhancedExceptionsOff: Claim = Claim(EnhancedExceptions, "off")
  val fiberRootsOff: Claim = Claim(FiberRoots, "off")
  /** ZIO's tracing under `defaults`: its auto-trace, compiled into the programs, as shipped. */
  val zioAutoTraceOn: Claim = Claim(Tracing, "auto-trace on (compiled in, as shipped)")
  /** ZIO's tracing under `levelled`: the programs' copy compiled with the empty trace at every call site. */
  val zioAutoTraceOff: Claim = Claim(Tracing, "auto-trace off (programs compiled with the empty trace)")
  def autoYield(ops: Int): Claim = Claim(AutoYield, ops.toString)
  def computeThreads(n: Int): Claim = Claim(ComputeThreads, n.toString)
}
