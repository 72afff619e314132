package effectbench.report

import effectbench.stats.{CellEstimate, ForkStats, Format}
import effectbench.store.{CellResult, RunData}

/** One family-L cell in both runs: its p99 in A and in B (geometric mean over forks with its interval), and
  * B/A with its interval from the forks of both runs. */
final case class LatencyDiff(key: String, jvm: String, a: LatencyEstimate, b: LatencyEstimate, ratio: LatencyRatio, verdict: Verdict) {
  def service: Boolean = key.startsWith(effectbench.Catalog.service.id + "/")
}

/** `compare` of two runs for family L: the p99 of every cell both runs measured, B over A with an
  * interval over the forks of both (two runs share no rounds, so the forks are not paired; the logs
  * of the forks' p99, Welch's degrees of freedom), a verdict when the whole interval lies beyond
  * ±threshold, and each run's starved events beside it (never in the ratio). */
object LatencyCompare {
  def diffs(a: RunData, b: RunData, threshold: Double, confidence: Double = ForkStats.DefaultConfidence): Vector[LatencyDiff] = {
    val byB = b.cells.filter(c => c.ok && LatencyData.isLatency(c)).map(c => (c.key, c.jvm) -> c).toMap
    a.cells.filter(c => c.ok && LatencyData.isLatency(c)).flatMap { ca =>
      byB.get((ca.key, ca.jvm)).orElse(byB.find(_._1._1 == ca.key).map(_._2)).map { cb =>
        val ea = LatencyStats.estimate(LatencyData.forks(a.dir, ca), confidence)
        val eb = LatencyStats.estimate(LatencyData.forks(b.dir, cb), confidence)
        val r = LatencyStats.p99Ratio(eb, ea, confidence)
        val v =
          if (!r.known) Verdict.Same
          else if (r.low > 1 + threshold) Verdict.Regressed
          else if (r.high < 1 - threshold) Verdict.Improved
          else Verdict.Same
        LatencyDiff(ca.key, ca.jvm, ea, eb, r, v)
      }
    }
  }

  val head: Vector[String] = Vector("cell", "p99 A µs", "p99 B µs", "B/A", "interval", "verdict", "starved A", "starved B")

  /** With a service cell among them, each run's late timeouts per fork too (blank for the others). */
  def headOf(ds: Vector[LatencyDiff]): Vector[String] =
    if (ds.exists(_.service)) head ++ Vector("late timeouts A", "late timeouts B") else head

  def cellsOf(ds: Vector[LatencyDiff], d: LatencyDiff): Vector[String] =
    if (!ds.exists(_.service)) cells(d)
    else cells(d) ++ (if (d.service) Vector(LatencyStats.lateTimeoutsText(d.a), LatencyStats.lateTimeoutsText(d.b)) else Vector("", ""))

  private def pct(r: Double): String = if (r.isNaN) "?" else f"${(r - 1) * 100}%+.1f%%"

  def cells(d: LatencyDiff): Vector[String] = Vector(
    d.key, LatencyStats.intervalText(d.a.p99), LatencyStats.intervalText(d.b.p99), pct(d.ratio.ratio),
    if (d.ratio.known) s"[${pct(d.ratio.low)}, ${pct(d.ratio.high)}]" else "?",
    d.verdict match {
      case Verdict.Regressed => "p99 regressed"
      case Verdict.Improved => "p99 improved"
      case _ => "~"
    },
    LatencyStats.starvedText(d.a), LatencyStats.starvedText(d.b)
  )

  def legend(threshold: Double): String =
    f"latency (family L): p99 per fork, geometric mean over forks [interval]; B/A: ratio of the p99s with its interval from the forks of both runs (log scale, Welch df); " +
      f"a verdict when the whole interval is beyond ±${threshold * 100}%.1f%%; starved events (and service's late timeouts) are shown per fork, never in a p99"

  def terminal(ds: Vector[LatencyDiff], threshold: Double): String =
    if (ds.isEmpty) "" else "\n" + legend(threshold) + "\n" + TerminalTable.table(headOf(ds), ds.map(cellsOf(ds, _)))

  def markdown(ds: Vector[LatencyDiff], threshold: Double): String =
    if (ds.isEmpty) "" else s"_${Markdown.cell(legend(threshold))}_\n\n" + Markdown.table(headOf(ds), ds.map(cellsOf(ds, _))) + "\n"
}
