package effectbench.report

import effectbench.analysis.{Decision, ForkInterval, LatencyEstimate, LatencyRatio, LatencyStats}
import effectbench.stats.Format

/** A latency cell's figures in words: its percentiles' intervals, its p99 states, its ratios, its
  * p99's reach from run to run, and its starved events and late timeouts. */
object LatencyText {
  /** "" for a cell with one p99 state; else " (38 of 40 forks; 2 at 84,915)": the forks of
    * the state shown and each other state's forks and p99 (µs, geometric mean). */
  def p99StatesText(e: LatencyEstimate): String =
    if (e.p99States.size < 2) ""
    else s" (${e.p99States.head.forks.size} of ${e.p99Total} forks; " +
      e.p99States.tail.map(s => s"${s.forks.size} at ${Format.num(s.p99.mean)}").mkString("; ") + ")"

  /** "±8%", or "±27% (27 forks for ±20%)" when wider than the target; "—" under `MinReachForks`. */
  def runToRunText(r: Option[LatencyStats.RunToRun]): String = r.fold("—") { x =>
    val hw = f"±${x.halfWidth * 100}%.0f%%"
    if (x.within) hw else f"$hw (${x.forksFor} forks for ±${x.target * 100}%.0f%%)"
  }

  /** "812.0 [771.0 … 856.0]" (µs), "812.0 [?]" with one fork, "—" when no fork recorded a latency. */
  def intervalText(i: ForkInterval): String =
    if (i.n == 0 || i.mean.isNaN) "—"
    else if (!i.known) s"${Format.num(i.mean)} [?]"
    else s"${Format.num(i.mean)} [${Format.num(i.low)} … ${Format.num(i.high)}]"

  /** "1.85× [1.60, 2.14]", "tie 1.05× [0.90, 1.22]", or "? 1.30× (no interval)". */
  def ratioText(r: LatencyRatio): String = {
    def r2(x: Double) = f"$x%.2f"
    if (r.ratio.isNaN) "?"
    else if (!r.known) s"? ${Format.ratio(r.ratio)} (no interval)"
    else {
      val core = s"${Format.ratio(r.ratio)} [${r2(r.low)}, ${r2(r.high)}]"
      if (Decision.tie(r.low, r.high)) s"tie $core" else core
    }
  }

  /** service's late timeouts per fork, like the starved: "0 per fork" when none, else each fork's
    * count ("2, 0, 5 per fork"), "?" for a fork whose log did not record them (written before they
    * were), and "?" without forks. Never in a percentile. */
  def lateTimeoutsText(e: LatencyEstimate): String =
    if (e.forks.isEmpty || e.lateTimeouts.forall(_.isEmpty)) "?"
    else if (e.lateTimeouts.forall(_.contains(0L))) "0 per fork"
    else s"${e.lateTimeouts.map(_.fold("?")(Format.count)).mkString(", ")} per fork"

  /** "0 of 2,000 per fork" when none starved, else each fork's count: "3, 0, 12 of 2,000 per fork". */
  def starvedText(e: LatencyEstimate): String = {
    val ev = e.events.distinct match {
      case Vector(n) => Format.count(n)
      case other => other.map(Format.count).mkString("/")
    }
    if (e.forks.isEmpty) "?"
    else if (e.totalStarved == 0) s"0 of $ev per fork"
    else s"${e.starved.map(Format.count).mkString(", ")} of $ev per fork"
  }
}
