package effectbench

/** How each runtime is configured: the `levelled` and `defaults` profiles of SCENARIOS.md. */
sealed abstract class Settings(val id: String, val summary: String)

object Settings {
  case object Levelled extends Settings("levelled",
    "tracing and stack-trace enrichment off, auto-yield every 1024 operations, compute pools sized to the processors, fiber-root tracking off")
  case object Defaults extends Settings("defaults", "every library exactly as shipped")

  val all: Vector[Settings] = Vector(Levelled, Defaults)
  def get(id: String): Option[Settings] = all.find(_.id == id)
  def apply(id: String): Settings = get(id).getOrElse(throw new NoSuchElementException(s"unknown settings $id"))

  /** The auto-yield budget of the levelled profile, in operations between forced yields. */
  val AutoYield = 1024

  /** System properties the JVM of a cell needs, read by runtimes before any of their classes
    * load (which is why they cannot be set from inside the benchmark). */
  def jvmProperties(settings: Settings, runtime: String): Vector[String] = (settings, runtime) match {
    case (Levelled, "cats-effect") => Vector(
      "-Dcats.effect.tracing.mode=none",
      "-Dcats.effect.tracing.exceptions.enhanced=false",
      "-Dcats.effect.auto.yield.threshold.multiplier=2", // x cancelation check 512 = 1024 ops
      "-Dcats.effect.cancelation.check.threshold=512"
    )
    // Read once by Monix 3.4.1's Platform: batchSize is ExecutionModel.Default's budget (the same
    // 1024 MonixSetup sets on its scheduler); localContextPropagation is on only for 1/true/yes.
    // MonixSetup reads both back (default.batchSize, default.localContextPropagation).
    case (Levelled, "monix") => Vector(
      "-Dmonix.environment.batchSize=" + AutoYield,
      "-Dmonix.environment.localContextPropagation=0"
    )
    case (Levelled, "zio") => Vector.empty // configured in code: RuntimeFlags and executor
    case _ => Vector.empty
  }
}

/** Where a program starts: `fork` pays one yield onto the runtime's pool, `sync` runs on the
  * calling thread where the runtime allows it. */
sealed abstract class Mode(val id: String)
object Mode {
  case object Fork extends Mode("fork")
  case object Sync extends Mode("sync")
  val all: Vector[Mode] = Vector(Fork, Sync)
  def get(id: String): Option[Mode] = all.find(_.id == id)
  def apply(id: String): Mode = get(id).getOrElse(throw new NoSuchElementException(s"unknown mode $id"))
}
