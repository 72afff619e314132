package effectbench.runner

/** How many machines a run would need to reach its precision, from the variance it measured. A
  * ratio's half-width shrinks as 1/√forks, and a little faster as the t quantile falls with the
  * degrees of freedom (Rounds.forksToSettle), so a table's machine time grows with the forks its
  * widest ratio needs.
  * `--shard K/N` gives each machine whole tables and the whole budget, so N machines give every
  * table about N times the time it had. */
object Shards {
  /** Machine seconds a table would need for every ratio within `precision`. When the forks behind its
    * widest ratio are known, from the forks that ratio needs (Rounds.forksToSettle: on the log scale,
    * the t quantile falling with the forks), else as (w/p)² on the relative half-widths, which errs
    * high, wildly for a ratio on two forks (a ±1,388% ratio on two forks once asked for 926 machines). */
  def secondsNeeded(t: Rounds.TableSummary, precision: Double): Double =
    if (t.worstRatioHalfWidth.isNaN || t.worstRatioHalfWidth <= precision) t.seconds
    else if (t.worstForks >= 2) {
      val n = t.worstForks
      t.seconds * (n + Rounds.forksToSettle(t.worstRatioHalfWidth, n, precision, effectbench.stats.ForkStats.DefaultConfidence,
        cap = 100000)) / n
    } else t.seconds * math.pow(t.worstRatioHalfWidth / precision, 2)

  /** The machines (shards) the run would need, at least one. */
  def needed(tables: Vector[Rounds.TableSummary], precision: Double): Int = {
    val have = tables.map(_.seconds).sum
    if (have <= 0) 1 else math.max(1, math.ceil(tables.map(secondsNeeded(_, precision)).sum / have - 1e-9).toInt)
  }

  /** The line a run prints at its end when a table stopped short of the precision. */
  def advice(tables: Vector[Rounds.TableSummary], engine: Rounds.Engine): Option[String] = {
    // Only a table the budget or the round ceiling stopped fell short: one whose ratios are decided by
    // more than the precision stopped by the rule it was given.
    val short = tables.filter(t =>
      !t.worstRatioHalfWidth.isNaN && t.worstRatioHalfWidth > engine.precision &&
        (t.stopped.startsWith("budget") || t.stopped.startsWith("round ceiling"))
    )
    if (short.isEmpty) None
    else {
      val n = needed(tables, engine.precision)
      val widest = short.map(_.worstRatioHalfWidth).max
      // The median table's factor: what it takes for half the tables' widest ratios to reach the precision.
      val factors = tables.map(t => secondsNeeded(t, engine.precision) / math.max(1e-9, t.seconds))
      val half = math.max(1, math.ceil(effectbench.stats.Describe.median(factors) - 1e-9).toInt)
      Some(f"precision: ${short.size} of ${tables.size} tables stopped with a ratio wider than ±${engine.precision * 100}%.0f%% " +
        f"(widest ±${widest * 100}%.1f%%); from the variance measured, every ratio within ±${engine.precision * 100}%.0f%% needs about " +
        f"${tables.map(secondsNeeded(_, engine.precision)).sum / 60}%.0f min of machine time: " +
        (if (n <= 1) "one machine with a longer budget"
         else s"$n machines, each running --shard K/$n of this selection, then ./bench merge") +
        s"; half the tables' widest ratios within it: $half machine${if (half == 1) "" else "s"}")
    }
  }
}
