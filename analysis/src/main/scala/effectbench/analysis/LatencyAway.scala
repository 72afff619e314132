package effectbench.analysis

import effectbench.LatencyModel
import effectbench.store.{CellResult, RunData}
import java.nio.file.{Files, Path}
import org.HdrHistogram.Histogram
import scala.jdk.CollectionConverters._

/** A relayed latency cell's windows read against the machine, window by window: how many were
  * measured with the machine away, their p99 and the others', and the cell's p99 without them.
  * `p99Usual` is the geometric mean over forks of each fork's p99 over its usual windows, as the
  * cell's own p99 is over all of them (LatencyStats.estimate); NaN where no fork has one. */
final case class AwayWindows(
    away: Int, windows: Int, p99Away: Double, p99Others: Double, p99Usual: Double,
    /** Each window's own p99 (µs; NaN under `LatencyAway.MinWindowEvents` answered), away and usual. */
    awayWindowP99s: Vector[Double] = Vector.empty, usualWindowP99s: Vector[Double] = Vector.empty
) {
  /** How likely windows measured with the machine as usual would sit as high as the away ones do:
    * the one-sided Mann–Whitney p that the away windows' own p99s lie above the usual ones'. NaN under
    * `LatencyAway.MinWindowsASide` windows with a p99 on either side. */
  def raisedP: Double = {
    val (a, u) = (awayWindowP99s.filterNot(_.isNaN), usualWindowP99s.filterNot(_.isNaN))
    if (a.size < LatencyAway.MinWindowsASide || u.size < LatencyAway.MinWindowsASide) Double.NaN
    else effectbench.stats.Stats.mannWhitneyGreaterP(a.toArray, u.toArray)
  }
  /** The away windows sit higher than the usual ones (one-sided p under `LatencyAway.RaisedAlpha`). */
  def raised: Boolean = !raisedP.isNaN && raisedP < LatencyAway.RaisedAlpha
}

/** The machine canary window by window for the latency family. A latency window is a relay turn, so
  * the canary's reading before each relay cycle (the round's turn log, `logs/relay--*.tsv`, column
  * `canary-ns`) and the round's usual reading (canary.jsonl) say which windows were measured with the
  * machine away: a reading over twice the usual (CanaryRule) before the window's cycle or before the
  * next cycle read. The latency fork keeps those windows (runner's MachineCanary.Guard.relayRound,
  * `kept, unmoved`); the report says, per cell, whether its p99 rests on them. */
object LatencyAway {

  /** A window answering fewer events than this has no p99 of its own (its third largest at 250 events). */
  val MinWindowEvents = 50

  /** Windows with a p99 each side before the away ones are tested against the usual ones. */
  val MinWindowsASide = 3

  /** The one-sided level at which the away windows count as sitting higher than the usual ones. */
  val RaisedAlpha = 0.05

  /** A round's turn log as read back: per cycle, its cells and the canary's reading before it (NaN: none). */
  final case class TurnLog(turns: Vector[(Int, String)], readings: Map[Int, Double])

  def readTurnLog(f: Path): TurnLog = {
    val rows = RunData.read(f).split('\n').toVector.drop(1).filter(_.trim.nonEmpty).map(_.split("\t", -1).toVector)
    TurnLog(
      rows.flatMap(r => r.headOption.flatMap(_.toIntOption).map(_ -> r.lift(1).getOrElse(""))),
      rows.flatMap(r => for { c <- r.headOption.flatMap(_.toIntOption); v <- r.lift(4).flatMap(_.toDoubleOption) } yield c -> v).toMap
    )
  }

  /** Whether each of `windows` measured windows of `cell` in a round was measured with the machine
    * away, given its round's turn log and usual reading: its windows are its last turns, in order. */
  def awayWindows(log: TurnLog, cell: String, windows: Int, usual: Double): Vector[Boolean] = {
    val cycles = log.turns.collect { case (c, k) if k == cell => c }.takeRight(windows)
    val read = log.readings.keys.toVector.sorted
    def slow(c: Int) = log.readings.get(c).exists(v => CanaryRule.slow(v, usual))
    cycles.map(c => slow(c) || read.find(_ > c).exists(slow))
  }

  /** The cell's windows against the machine, given the run's turn logs (`turnLogs`, read once for all
    * its cells); None when it was not relayed, has no canary readings or latency log, or a round's
    * turn log is missing. */
  def of(run: RunData, c: CellResult, logs: Map[Int, Vector[TurnLog]]): Option[AwayWindows] =
    if (!c.record.relayed || run.canary.isEmpty) None
    else
      LatencyData.logOf(run.dir, c).flatMap { log =>
        val windows = LatencyData.windows(log)
        val tags = windows.map(w => Option(w.getTag).getOrElse("")).distinct
        val forks = tags.map(t => windows.filter(w => Option(w.getTag).getOrElse("") == t))
        val marked = forks.zip(c.record.rounds).map { case (ws, round) =>
          val usual = run.canary.find(k => k.cell == c.key && k.round == round).flatMap(_.reference.headOption).getOrElse(Double.NaN)
          logs.get(round).flatMap(_.find(_.turns.exists(_._2 == c.key))).filterNot(_ => usual.isNaN).map { l =>
            ws.zip(awayWindows(l, c.key, ws.size, usual))
          }
        }
        if (marked.isEmpty || marked.size != forks.size || marked.exists(_.isEmpty)) None
        else {
          val all = marked.flatten.flatten
          def p99(hs: Seq[Histogram]): Double = {
            val acc = new Histogram(LatencyModel.StarvedNanos, 3)
            hs.foreach(acc.add)
            if (acc.getTotalCount < LatencyStats.MinRecorded) Double.NaN else acc.getValueAtPercentile(99) / 1000.0
          }
          val usualForks = marked.flatten.map(ws => p99(ws.collect { case (h, false) => h })).filterNot(_.isNaN)
          val usualP99 = if (usualForks.isEmpty) Double.NaN else math.exp(usualForks.map(math.log).sum / usualForks.size)
          def own(h: Histogram): Double =
            if (h.getTotalCount < MinWindowEvents) Double.NaN else h.getValueAtPercentile(99) / 1000.0
          Some(AwayWindows(all.count(_._2), all.size, p99(all.collect { case (h, true) => h }), p99(all.collect { case (h, false) => h }),
              usualP99, all.collect { case (h, true) => own(h) }, all.collect { case (h, false) => own(h) }))
        }
      }

  /** The run's relay turn logs by round (a round relayed in groups has one per group). */
  def turnLogs(dir: Path): Map[Int, Vector[TurnLog]] = {
    val logs = dir.resolve("logs")
    val Name = "relay--.*--round-(\\d+)(?:-\\d+)?\\.tsv".r
    if (!Files.isDirectory(logs)) Map.empty
    else {
      val s = Files.list(logs)
      try
        s.iterator().asScala.toVector.flatMap { f =>
          f.getFileName.toString match {
            case Name(r) => Some(r.toInt -> readTurnLog(f))
            case _ => None
          }
        }.groupMap(_._1)(_._2)
      finally s.close()
    }
  }
}

/** The machine canary's rule, one place for the runner that reads the machine and the report that
  * reads its record: a reading over twice the run's usual is the machine away (the usual readings lie
  * within +41% of their lower quartile on the 2-core KVM guest; the away state reads +650%). */
object CanaryRule {
  /** A reading above the usual by more than this fraction is a slow machine. */
  val SlowFactor = 1.0
  def slow(reading: Double, usual: Double, factor: Double = SlowFactor): Boolean =
    !reading.isNaN && !usual.isNaN && reading / usual - 1 > factor
}
