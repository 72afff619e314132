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
  /** A quick fork warms up for 1 s and then measures 6 iterations of 0.25 s: the former 3 × 0.5 s
    * in the same time, with points enough for the warm-up judge's trend test, so that leading
    * iterations still trending are dropped. Measured here (2 cores, JDK 25, `bench states --fork
    * 0x0.25+32x0.25`, deep-bind cats-effect and zio, fork-many cats-effect, ping-pong future, loom
    * and monix, three launches each): a fresh JVM's first 0.25-s iterations run 2–9× slower than
    * the fork's end, still 10–50% slower at 1–1.5 s, and settle by about 2 s. A 1.5-s warm-up
    * narrowed the launches' spread (loom 24% to 4%, fork-many cats-effect 15% to 7%, bench states),
    * but made the headline's 4 rounds of 53 cells take 17 min (4.8 s a fork) against its 15-min
    * budget; the rounds engine lengthens the warm-up of a cell's later forks where its forks show
    * the need (ForkShape). */
  val quick = MeasureProfile("quick", forks = 2, warmups = 2, warmupSeconds = 0.5, iterations = 6, iterationSeconds = 0.25)
  val standard = MeasureProfile("standard", forks = 3, warmups = 3, warmupSeconds = 1, iterations = 5, iterationSeconds = 1)
  val thorough = MeasureProfile("thorough", forks = 5, warmups = 5, warmupSeconds = 2, iterations = 10, iterationSeconds = 2)
  val all: Vector[MeasureProfile] = Vector(quick, standard, thorough)
  /** For the runner's own tests only (not listed): one short fork, nothing worth comparing. */
  val smoke = MeasureProfile("smoke", forks = 1, warmups = 0, warmupSeconds = 0.1, iterations = 1, iterationSeconds = 0.1)
  def get(id: String): Option[MeasureProfile] = (all :+ smoke).find(_.id == id)
}
