package effectbench.runner

/** How long JMH measures each cell (`--profile`): forks, warm-ups and iterations. Not a settings
  * profile (`effectbench.Settings`, `--settings`) nor a profiler's output (`ProfilerCommand`).
  * Several forks in every profile: one fork hides run-to-run variance (Kalibera & Jones), which
  * dominates on a shared machine. */
final case class MeasureProfile(id: String, forks: Int, warmups: Int, warmupSeconds: Double, iterations: Int, iterationSeconds: Double) {
  /** Measured seconds per cell, not counting JVM start-up. */
  def measuredSeconds: Double = forks * (warmups * warmupSeconds + iterations * iterationSeconds)
  def describe: String = s"$forks forks × ($forkShape)"
  /** One fork's iterations. */
  def forkShape: String = s"$warmups warm-up × ${warmupSeconds}s + $iterations iterations × ${iterationSeconds}s"
}

object Profiles {
  /** A quick fork warms up for 3 s and then measures 4 iterations of 0.25 s: of every shape cut from
    * the same launches (`bench states --fork 0x0.25+28x0.25`), this one gives the least variance of a
    * cell's mean per machine second that fits a 15-minute headline, since a fresh JVM settles in about
    * 2 s and a fork that measures before then measures its JIT (docs/lessons/fork-length.md). */
  val quick = MeasureProfile("quick", forks = 2, warmups = 6, warmupSeconds = 0.5, iterations = 4, iterationSeconds = 0.25)
  val standard = MeasureProfile("standard", forks = 3, warmups = 3, warmupSeconds = 1, iterations = 5, iterationSeconds = 1)
  val thorough = MeasureProfile("thorough", forks = 5, warmups = 5, warmupSeconds = 2, iterations = 10, iterationSeconds = 2)
  val all: Vector[MeasureProfile] = Vector(quick, standard, thorough)
  /** For the runner's own tests only (not listed): one short fork, nothing worth comparing. */
  val smoke = MeasureProfile("smoke", forks = 1, warmups = 0, warmupSeconds = 0.1, iterations = 1, iterationSeconds = 0.1)
  def get(id: String): Option[MeasureProfile] = (all :+ smoke).find(_.id == id)

  /** `p` with one fork's shape: warm-up iterations × seconds + measured iterations × seconds. The id
    * stays the profile's: its other rules (the quick parameters, the forks) still hold, and the run
    * records the shape beside it. */
  def withShape(p: MeasureProfile, warmups: Int, warmupSeconds: Double, iterations: Int, iterationSeconds: Double): MeasureProfile =
    p.copy(warmups = warmups, warmupSeconds = warmupSeconds, iterations = iterations, iterationSeconds = iterationSeconds)
}
