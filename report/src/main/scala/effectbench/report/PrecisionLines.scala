package effectbench.report

import effectbench.analysis.{LatencyCompare, LatencyData, LatencyStats}
import effectbench.stats.{Describe, ForkStats}
import effectbench.store.RunData

/** The precision a run reached, in the two kinds a reader settles apart: the throughput ratios
  * against each table's fastest, and the latency tables' p99 ratios against each table's lowest. A
  * latency table's hog time per step is the load it was measured under, not a ratio to settle, and
  * counts in neither. Each half-width is geometric, √(high/low) − 1, as the tables print them. */
object PrecisionLines {
  /** The throughput ratios' half-widths (fractions), one per ratio with an interval. */
  def throughput(run: RunData, confidence: Double): Vector[Double] =
    ReportModel.groups(run, confidence).filterNot(g => g.rows.exists(r => LatencyData.isLatency(r.cell)))
      .flatMap(_.rows.flatMap(_.vsFastest)).filter(r => r.known && r.low > 0).map(r => math.sqrt(r.high / r.low) - 1)

  /** The latency tables' p99-vs-lowest half-widths (fractions), one per ratio with an interval. */
  def latency(run: RunData, confidence: Double): Vector[Double] = latency(LatencyTables.build(run, confidence))

  private def latency(tables: Vector[LatencyTable]): Vector[Double] =
    tables.flatMap(_.rows.flatMap(_.vsLowest)).filter(r => r.known && r.low > 0).map(r => math.sqrt(r.high / r.low) - 1)

  /** Each latency cell's p99 run to run (LatencyStats.runToRun: how far apart two runs of as many forks
    * would put it), for every cell with a p99 on enough forks. */
  def latencyReach(run: RunData, confidence: Double): Vector[LatencyStats.RunToRun] =
    latencyReach(LatencyTables.build(run, confidence)).map(_._1)

  /** With each cell's run to run, whether its p99 is the client's lateness (LatencyRow.clientSet). */
  private def latencyReach(tables: Vector[LatencyTable]): Vector[(LatencyStats.RunToRun, Boolean)] =
    tables.flatMap(_.rows.flatMap(r => LatencyStats.runToRun(r.latency, LatencyCompare.DefaultTailThreshold).map(_ -> r.clientSet)))

  /** The throughput ratios' target (the quick precision) and the latency p99 ratios' (compare's tail threshold). */
  val ThroughputTarget = 0.10
  val LatencyTarget = 0.25

  private def line(what: String, hws: Vector[Double], target: Double): Option[String] =
    if (hws.isEmpty) None
    else {
      val median = Describe.median(hws)
      Some(
        f"$what: ${hws.size} ${if (hws.size == 1) "ratio" else "ratios"}, median ±${median * 100}%.1f%%, widest ±${hws.max * 100}%.1f%%, " +
          f"${hws.count(_ <= target)} within ±${target * 100}%.0f%%"
      )
    }

  /** The p99s' run to run: how many cells would land within compare's tail threshold in a second run
    * like this one, and when some would not, the forks the widest needs and the command that measures
    * on for them (`again`). Why: a p99 interval of four forks is wide on a 2-core machine, and the
    * reader is owed what settles it, as the throughput line's shards are. */
  private def reachLine(cells: Vector[(LatencyStats.RunToRun, Boolean)], again: Int => String): Option[String] =
    if (cells.isEmpty) None
    else {
      val reaches = cells.map(_._1)
      val hws = reaches.map(_.halfWidth)
      val target = reaches.head.target
      // A wide p99 that is the client's lateness spreads as the machine's lateness does: more forks
      // would measure the machine, so the advice is for the runtimes' own p99s.
      val (wideClient, wide) = cells.filterNot(_._1.within).partition(_._2)
      Some(f"latency p99 run to run: ${reaches.size} cells, median ±${Describe.median(hws) * 100}%.1f%%, " +
        f"widest ±${hws.max * 100}%.1f%%, ${reaches.count(_.within)} within ±${target * 100}%.0f%%" +
        (if (wideClient.isEmpty) ""
         else s", ${wideClient.size} wider set by the client's lateness (the machine's, not the runtime's: the table's notes)") +
        (if (wide.isEmpty) ""
         else {
           val need = wide.map(_._1.forksFor).max
           s"; the widest ${if (wideClient.isEmpty) "" else "of the others "}needs about $need forks, which `${again(need)}` measures on for"
         }))
    }

  /** The run of the latency tables alone that measures each p99 on until it is within compare's tail
    * threshold (the rule a round ceiling gives room; in the headline it gives way to the ratios): the
    * same profile, turns, scenarios and variants, and rounds up to `forks` (at least 40, in tens). */
  def latencyAgain(run: RunData, confidence: Double, forks: Int = 40): String =
    latencyAgain(run, LatencyTables.build(run, confidence), forks)

  private def latencyAgain(run: RunData, tables: Vector[LatencyTable], forks: Int): String = {
    val profile = run.profile match {
      case "" | "standard" => ""
      case "quick" => " --quick"
      case p => s" --profile $p"
    }
    val relay = run.meta.flatMap(_.engine).flatMap(_.rounds).exists(_.relay)
    s"./bench run$profile --scenario ${tables.map(_.scenario).distinct.mkString(",")} " +
      s"--variant ${tables.flatMap(_.rows.map(_.variant)).distinct.mkString(",")} --mode ${tables.map(_.mode).distinct.mkString(",")}" +
      (if (relay) " --turns relay" else "") + s" --rounds 4-${math.max(40, (forks + 9) / 10 * 10)}"
  }

  /** The run's closing lines on precision: throughput, then latency ratios and the p99s' run to run; none
    * of a kind the run lacks. */
  def lines(run: RunData, confidence: Double = ForkStats.DefaultConfidence): Vector[String] = {
    // The latency tables read every cell's latency log: once for the three.
    val tables = LatencyTables.build(run, confidence)
    line("throughput ratios vs fastest", throughput(run, confidence), ThroughputTarget).toVector ++
      line("latency p99 ratios vs lowest", latency(tables), LatencyTarget).toVector ++
      reachLine(latencyReach(tables), latencyAgain(run, tables, _)).toVector
  }

}
