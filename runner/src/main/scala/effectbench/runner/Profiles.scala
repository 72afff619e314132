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
  /** A quick fork warms up for 3 s and then measures 4 iterations of 0.25 s. Chosen from the
    * launches themselves (Kalibera & Jones: spend the time where the variance is): `bench states
    * --fork 0x0.25+28x0.25 --launches 7` on 13 cells of the headline's scenarios, each launch cut
    * afterwards into every shape of warm-up and measurement (`bench states` prints that table),
    * alone on the 2-core machine, JDK 25 (2026-11-26). The launches' spread (standard deviation of
    * their log means; median over the cells, 75th percentile) was 9.2% and 17.8% for the former
    * quick fork (1 s + 1.5 s), 4.8% and 7.1% for this one; the variance of a cell's mean per
    * machine second (spread² × the fork's seconds with 1 s of JVM start) fell from 299 to 117 (%²·s):
    * a fresh JVM settles in about 2 s here, so a fork that measures before then mostly measures its
    * JIT. Measuring longer than 1 s narrowed little (3 s + 2 s: 4.6% and 8.5%). */
  val quick = MeasureProfile("quick", forks = 2, warmups = 6, warmupSeconds = 0.5, iterations = 4, iterationSeconds = 0.25)
  val standard = MeasureProfile("standard", forks = 3, warmups = 3, warmupSeconds = 1, iterations = 5, iterationSeconds = 1)
  val thorough = MeasureProfile("thorough", forks = 5, warmups = 5, warmupSeconds = 2, iterations = 10, iterationSeconds = 2)
  val all: Vector[MeasureProfile] = Vector(quick, standard, thorough)
  /** For the runner's own tests only (not listed): one short fork, nothing worth comparing. */
  val smoke = MeasureProfile("smoke", forks = 1, warmups = 0, warmupSeconds = 0.1, iterations = 1, iterationSeconds = 0.1)
  def get(id: String): Option[MeasureProfile] = (all :+ smoke).find(_.id == id)
}
