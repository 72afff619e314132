package effectbench.report

import effectbench.analysis.{LatencyCompare, LatencyDiff, LatencyStats, RunComparison, Verdict}
import effectbench.analysis.LatencyCompare.{MinTailForks, RankLevel, shift, withShift}

/** compare's latency table (LatencyCompare's decisions) as terminal and Markdown text. */
object LatencyCompareText {
  /** The line under the table when the whole run's p99s moved. */
  def shiftText(ds: Vector[LatencyDiff]): Option[String] = shift(ds).map { g =>
    s"the whole run's p99s moved: B ${if (g.mean > 1) "longer" else "shorter"} than A by ${pct(g.mean)} [${pct(g.low)}, ${pct(g.high)}] " +
      s"(geometric mean over the ${g.n} cells with a verdict possible, interval over the cells): the machine " +
      "between two runs measured apart, or a change to every cell; cells marked * moved no further than the whole run"
  }

  val head: Vector[String] = Vector("cell", "p99 A µs", "p99 B µs", "B/A", "interval", "verdict", "starved A", "starved B")

  /** With a service cell among them, each run's late timeouts per fork too (blank for the others). */
  def headOf(ds: Vector[LatencyDiff]): Vector[String] =
    if (ds.exists(_.service)) head ++ Vector("late timeouts A", "late timeouts B") else head

  def cellsOf(ds: Vector[LatencyDiff], d: LatencyDiff): Vector[String] = cellsOf(ds, d, withShift(ds))

  private def cellsOf(ds: Vector[LatencyDiff], d: LatencyDiff, shifted: Set[(String, String)]): Vector[String] = {
    val plain = cells(d)
    val marked = if (shifted((d.key, d.jvm))) plain.updated(5, plain(5) + "*") else plain
    if (!ds.exists(_.service)) marked
    else marked ++ (if (d.service) Vector(LatencyText.lateTimeoutsText(d.a), LatencyText.lateTimeoutsText(d.b)) else Vector("", ""))
  }

  /** Every row of the table, the run's shift computed once. */
  private def rowsOf(ds: Vector[LatencyDiff]): Vector[Vector[String]] = {
    val shifted = withShift(ds)
    ds.map(cellsOf(ds, _, shifted))
  }

  private def pct(r: Double): String = if (r.isNaN) "?" else f"${(r - 1) * 100}%+.1f%%"

  def cells(d: LatencyDiff): Vector[String] = Vector(
    d.key, LatencyText.intervalText(d.a.p99) + LatencyText.p99StatesText(d.a),
    LatencyText.intervalText(d.b.p99) + LatencyText.p99StatesText(d.b), pct(d.ratio.ratio),
    if (d.ratio.known) s"[${pct(d.ratio.low)}, ${pct(d.ratio.high)}]" else "?",
    d.verdict match {
      case Verdict.Regressed => "p99 regressed"
      case Verdict.Improved => "p99 improved"
      case _ if d.clientLate => "~ (client late)"
      case _ if !d.decidable && d.forksA > 0 && d.forksB > 0 =>
        s"too few forks to judge a tail (${d.forksA} and ${d.forksB}; $MinTailForks a run)"
      case _ => "~"
    },
    LatencyText.starvedText(d.a), LatencyText.starvedText(d.b)
  )

  def legend(threshold: Double): String =
    f"latency under load: p99 per fork, geometric mean over forks [interval] (of its most frequent state's forks when its forks' p99s fall in states, the others named); B/A: ratio of the p99s with its interval from the forks of both runs (log scale, Welch df); " +
      f"a verdict when the whole interval is beyond ±${threshold * 100}%.1f%% and the forks' p99s of the two runs differ by rank (exact two-sided Mann–Whitney, p < ${RankLevel}%.2f), " +
      s"on $MinTailForks forks with a p99 in each run at least (fewer: 'too few forks to judge a tail'), and none when either run's p99 is " +
      "the client's lateness ('~ (client late)': the machine woke the harness's client that late); starved events (and service's late timeouts) are shown per fork, never in a p99"

  def terminal(ds: Vector[LatencyDiff], threshold: Double): String =
    if (ds.isEmpty) ""
    else "\n" + legend(threshold) + "\n" + TerminalTable.table(headOf(ds), rowsOf(ds)) + shiftText(ds).map(
      "\n" + _ + "\n"
    ).getOrElse("")

  def markdown(ds: Vector[LatencyDiff], threshold: Double): String =
    if (ds.isEmpty) ""
    else s"_${Markdown.cell(legend(threshold))}_\n\n" + Markdown.table(headOf(ds), rowsOf(ds)) + "\n" +
      shiftText(ds).map(t => s"**${Markdown.cell(t)}**\n").getOrElse("")
}
