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
  /** Six short iterations rather than three long ones, in the same 1.5 s: the warm-up judge has a
    * trend test to work with (Mann–Kendall needs six points), and a fork whose JIT is still at work
    * drops its first iterations instead of averaging them in. */
  val quick = MeasureProfile("quick", forks = 2, warmups = 2, warmupSeconds = 0.5, iterations = 6, iterationSeconds = 0.25)
  val standard = MeasureProfile("standard", forks = 3, warmups = 3, warmupSeconds = 1, iterations = 5, iterationSeconds = 1)
  val thorough = MeasureProfile("thorough", forks = 5, warmups = 5, warmupSeconds = 2, iterations = 10, iterationSeconds = 2)
  val all: Vector[MeasureProfile] = Vector(quick, standard, thorough)
  /** For the runner's own tests only (not listed): one short fork, nothing worth comparing. */
  val smoke = MeasureProfile("smoke", forks = 1, warmups = 0, warmupSeconds = 0.1, iterations = 1, iterationSeconds = 0.1)
  def get(id: String): Option[MeasureProfile] = (all :+ smoke).find(_.id == id)
}
