package effectbench.runner

import effectbench.{Outcome, Settings}
import effectbench.store.RunFiles
import effectbench.report.{CellStats, ForkStats, RunData}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import scala.util.Random

/** The paired-rounds engine: the cells of one table (same scenario, variant, params, mode, JVM) are
  * measured one fork each per round, in an order shuffled per round, so that a machine slowing down
  * for a minute slows every runtime of the table alike and ratios can be taken round by round. Rounds
  * are added until every ratio against the table's fastest is decided or as precise as asked, the
  * table's budget is spent, or the round ceiling is reached. */
object Rounds {
  /** @param precision the ratio half-width (fraction) that counts as precise enough
    * @param minRounds forks every cell gets before any stopping decision (three: a t-interval
    *                  with fewer degrees of freedom is too wide to decide anything)
    * @param maxRounds the ceiling that bounds how often the stopping rule is consulted
    * @param budgetSeconds machine time per table */
  final case class Engine(precision: Double, minRounds: Int, maxRounds: Int, budgetSeconds: Option[Double], confidence: Double, seed: Long)

  /** One cell's result after its rounds: the combined JMH file and the rounds its forks came from. */
  final case class CellOutcome(outcome: JmhCell.Outcome, rounds: Vector[Int])

  /** Why a table stopped adding rounds, and the precision its ratios reached. */
  final case class TableSummary(rounds: Int, seconds: Double, stopped: String, worstRatioHalfWidth: Double)

  def tableKey(c: PlannedCell): String = s"${c.id.group} @ ${c.jvm.label}"

  def roundFile(dir: RunDir, cell: PlannedCell, round: Int): Path = dir.jmhFile(s"${cell.id.slug}.round-$round", cell.jvm)

  private def raw(f: Path): Vector[Vector[Double]] =
    RunFiles.readJmh(f).headOption.toVector.flatMap(_.primaryMetric.rawData)

  private def higherIsBetter(f: Path): Boolean =
    RunFiles.readJmh(f).headOption.exists(_.primaryMetric.scoreUnit.startsWith("ops/"))

  /** Whether every ratio against the fastest is settled: decided (its interval excludes 1), or
    * known to within the precision. Also returns the widest ratio half-width. */
  def settled(files: Map[String, Vector[(Int, Path)]], engine: Engine): (Boolean, Double) = {
    val est = files.toVector.map { case (k, fs) => k -> ForkStats.estimate(fs.flatMap(x => raw(x._2)), engine.confidence, fs.map(_._1)) }
    if (est.size < 2) {
      // A table of one cell: its own interval is the only thing to make precise.
      val w = est.headOption.map(_._2.relHalfWidth).getOrElse(Double.NaN)
      (!w.isNaN && w <= engine.precision, w)
    } else {
      val higher = files.values.headOption.flatMap(_.headOption).exists(x => higherIsBetter(x._2))
      val fastest = if (higher) est.maxBy(_._2.mean) else est.minBy(_._2.mean)
      val ratios = est.filterNot(_._1 == fastest._1).map { case (_, e) => CellStats.slowdown(e, fastest._2, higher) }
      val widths = ratios.map(_.relHalfWidth)
      val worst = if (widths.exists(_.isNaN)) Double.NaN else widths.max
      (ratios.forall(r => r.known && (r.decided || r.relHalfWidth <= engine.precision)), worst)
    }
  }

  /** Measures one table in rounds; per-round JMH files are combined per cell into `dir.jmhFile`. */
  def measure(cells: Vector[PlannedCell], settings: Settings, profile: Profile, modules: Modules, dir: RunDir,
      timeout: Long, engine: Engine, note: String => Unit): (Map[String, CellOutcome], TableSummary) = {
    val oneFork = profile.copy(forks = 1)
    var files = Map.empty[String, Vector[(Int, Path)]]
    var failed = Map.empty[String, JmhCell.Outcome]
    var seconds = 0.0
    var cellSeconds = Map.empty[String, Double]
    var round = 0
    var stopped = ""
    var worst = Double.NaN
    val rnd = new Random(engine.seed ^ tableKey(cells.head).hashCode.toLong)
    while (stopped.isEmpty) {
      round += 1
      val alive = cells.filterNot(c => failed.contains(c.id.key))
      if (alive.isEmpty) stopped = "every cell failed"
      else {
        rnd.shuffle(alive).foreach { cell =>
          val out = roundFile(dir, cell, round)
          val log = dir.logFile(s"${cell.jvm.label}--${cell.id.slug}.round-$round")
          val o = JmhCell.run(cell, settings, oneFork, modules, out, log, timeout, note)
          seconds += o.seconds
          cellSeconds = cellSeconds.updated(cell.id.key, cellSeconds.getOrElse(cell.id.key, 0.0) + o.seconds)
          if (o.status.ok) files = files.updated(cell.id.key, files.getOrElse(cell.id.key, Vector.empty) :+ (round -> out))
          else failed = failed.updated(cell.id.key, o)
        }
        val perRound = seconds / round
        if (round >= engine.minRounds) {
          val (ok, w) = settled(files, engine)
          worst = w
          if (ok) stopped = "every ratio decided or within precision"
        }
        if (stopped.isEmpty && round >= engine.maxRounds) stopped = s"round ceiling (${engine.maxRounds})"
        if (stopped.isEmpty && round >= engine.minRounds && engine.budgetSeconds.exists(b => seconds + perRound > b)) stopped = "budget spent"
      }
      note(f"table ${tableKey(cells.head)}: round $round done (${seconds}%.0f s)" + (if (worst.isNaN) "" else f", widest ratio ±${worst * 100}%.1f%%"))
    }
    val outcomes = cells.map { cell =>
      val k = cell.id.key
      val fs = files.getOrElse(k, Vector.empty)
      val o = failed.get(k) match {
        case Some(f) => f // a failed round fails the cell: its reason is the round's
        case None if fs.isEmpty => JmhCell.Outcome(Outcome.Failed, "failed: no round produced a result", None, 0)
        case None =>
          val target = dir.jmhFile(cell.id.slug, cell.jvm)
          combine(fs.map(_._2), target)
          JmhCell.Outcome(Outcome.Ok, "", Some(target), cellSeconds.getOrElse(k, 0.0))
      }
      k -> CellOutcome(o, fs.map(_._1))
    }.toMap
    (outcomes, TableSummary(round, seconds, stopped, worst))
  }

  /** One JMH result from several one-fork files: the forks' raw data side by side (in round order),
    * JMH's own score and 99.9% interval recomputed over every iteration as JMH would, and the
    * secondary metrics' scores averaged over the rounds. */
  def combine(files: Vector[Path], target: Path): Unit = {
    // Read as JSON trees (ujson), not as the typed summary: the combined file keeps every field JMH wrote.
    val typed = files.map(f => RunFiles.readJmh(f).head)
    val results = files.map(f => ujson.read(RunData.read(f)).arr.head)
    val first = results.head
    val rawAll = typed.flatMap(_.primaryMetric.rawData)
    val xs = rawAll.flatten
    val n = xs.size
    val m = xs.sum / n
    val err = if (n < 2) Double.NaN else ForkStats.tQuantile(0.999, n - 1) * math.sqrt(xs.map(x => (x - m) * (x - m)).sum / (n - 1) / n)
    def put(o: ujson.Value, entries: (String, ujson.Value)*): ujson.Value = {
      val c = ujson.copy(o)
      entries.foreach { case (k, v) => c(k) = v }
      c
    }
    val pm = put(first("primaryMetric"), "score" -> ujson.Num(m), "scoreError" -> (if (err.isNaN) ujson.Str("NaN") else ujson.Num(err)),
      "rawData" -> ujson.Arr.from(rawAll.map(f => ujson.Arr.from(f.map(ujson.Num(_))))))
    val secondary = ujson.Obj.from(typed.head.secondaryMetrics.entries.map { case (name, _) =>
      val scores = typed.flatMap(_.secondaryMetrics.get(name)).map(_.score).filterNot(_.isNaN)
      val metric = first("secondaryMetrics")(name)
      name -> (if (scores.isEmpty) metric else put(metric, "score" -> ujson.Num(scores.sum / scores.size)))
    })
    val combined = put(first, "forks" -> ujson.Num(results.size), "primaryMetric" -> pm, "secondaryMetrics" -> secondary)
    val tmp = target.resolveSibling(target.getFileName.toString + ".tmp")
    Files.write(tmp, ujson.write(ujson.Arr(combined), indent = 2).getBytes(StandardCharsets.UTF_8))
    Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING)
  }
}
