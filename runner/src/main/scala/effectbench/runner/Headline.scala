package effectbench.runner

import effectbench.{Catalog, Mode, Scenario}
import effectbench.store.RunFiles
import effectbench.report.{Format, RunData}
import java.nio.file.{Files, Path}
import scala.util.control.NonFatal

/** What `./bench run` measures when no selector is given: the cells a user choosing a runtime looks
  * at first — two run-loop programs, a parallel collection, the business flow of the error styles
  * and two fiber programs — every runtime of each, fork entry only. `--all` runs the catalog. */
object Headline {
  val scenarioIds: Vector[String] = Vector("deep-bind", "left-sum", "gather", "business-flow", "fork-many", "ping-pong")

  def scenarios: Vector[Scenario] = scenarioIds.flatMap(id => Catalog.get(id))

  /** Families the headline set covers and the runtimes it reaches (from the catalog). */
  def families: Vector[String] = scenarios.map(_.family).distinct
  def runtimes: Vector[String] = scenarios.flatMap(_.runtimes).distinct

  /** Whether a `run` command line asks for the headline set: no selector (nor `--sweep`) and no `--all`. */
  def applies(flags: RunFlags): Boolean = !flags.all.value && flags.cells.sel.isEmpty && flags.sweep.isEmpty

  /** Of the error styles, the two a user weighs first: typed errors (`either`) and exceptions. */
  val variants: Set[String] = Set("default", "either", "exceptions")

  def selection(sel: Selection): Selection = sel.copy(scenarios = scenarios, variants = Some(variants), modes = Some(Set(Mode.Fork)))

  /** The budget of the whole headline run on 2 cores, shared by its tables. */
  val TargetSeconds = 15 * 60.0

  /** The engine of a headline run: the quick precision, three rounds at least, and a budget per
    * table that keeps the whole run near its target. */
  def engine(profile: Profile, confidence: Double, tables: Int): Rounds.Engine =
    Rounds.Engine(EngineFlagsDefaults.precision(profile), EngineFlagsDefaults.minRounds, EngineFlagsDefaults.maxRounds,
      Some(TargetSeconds / math.max(1, tables)), confidence, 1L)

  /** Seconds of one fork of a cell, from past runs indexed in results/index.db (each run's
    * cells.jsonl keeps the seconds a cell took and how many forks or rounds it ran). */
  def pastForkSeconds(results: Path, profileId: String): Map[String, Double] = {
    val db = results.resolve("index.db")
    if (!Files.isRegularFile(db)) return Map.empty
    try {
      val dirs = new effectbench.report.Store(results, _ => ()).read { c =>
        val ps = c.prepareStatement("SELECT dir FROM runs WHERE profile = ? ORDER BY started DESC LIMIT 20")
        try {
          ps.setString(1, profileId)
          val rs = ps.executeQuery()
          val b = Vector.newBuilder[String]
          while (rs.next()) b += rs.getString(1)
          b.result()
        } finally ps.close()
      }
      val samples = dirs.map(java.nio.file.Paths.get(_)).filter(d => Files.isRegularFile(d.resolve("cells.jsonl"))).flatMap { d =>
        val forks = try RunFiles.readMeta(d.resolve("run.json")).profile.forks.toDouble catch { case NonFatal(_) => Double.NaN }
        RunData.read(d.resolve("cells.jsonl")).split('\n').toVector.filter(_.trim.nonEmpty).flatMap { line =>
          try {
            val r = RunFiles.readCell(line, d.resolve("cells.jsonl").toString)
            val n = if (r.rounds.nonEmpty) r.rounds.size.toDouble else forks
            val s = r.seconds
            if (r.status.ok && s > 0 && n > 0) Some(r.cell -> s / n) else None
          } catch { case NonFatal(_) => None }
        }
      }
      samples.groupBy(_._1).map { case (k, xs) => k -> xs.map(_._2).sorted.apply(xs.size / 2) }
    } catch { case NonFatal(_) => Map.empty }
  }

  /** The line every run prints before measuring: its estimated duration and precision target. */
  def estimateText(cells: Vector[PlannedCell], profile: Profile, engine: Option[Rounds.Engine], confidence: Double, results: Path): String = {
    val runnable = cells.filter(_.status.runnable)
    val forks = engine.map(_.minRounds).getOrElse(profile.forks)
    val nominalFork = profile.warmups * profile.warmupSeconds + profile.iterations * profile.iterationSeconds + 2.0
    val past = pastForkSeconds(results, profile.id)
    val known = runnable.count(c => past.contains(c.id.key))
    val seconds = runnable.map(c => past.getOrElse(c.id.key, nominalFork) * forks).sum
    val source = if (known == 0) "nominal (no timings of these cells in results/index.db)" else s"$known of ${runnable.size} cells from past timings, nominal for the rest"
    val target = engine match {
      case Some(e) => f"precision target ±${e.precision * 100}%.0f%% per ratio at ${confidence * 100}%.0f%%, at least ${e.minRounds} and at most ${e.maxRounds} rounds" +
          e.budgetSeconds.map(b => f", budget $b%.0f s per table").getOrElse("") + s"; the estimate is for ${e.minRounds} rounds"
      case None => f"fixed ${profile.forks} forks per cell, intervals at ${confidence * 100}%.0f%%"
    }
    s"estimated duration: ${Format.duration(seconds)} for ${runnable.size} cells ($source); $target"
  }
}
