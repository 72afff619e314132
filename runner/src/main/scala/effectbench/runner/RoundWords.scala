package effectbench.runner

import effectbench.analysis.{PartialRound, RoundStop}

/** The words of a table's rounds: why it stopped (run.json's `stopped`, the progress lines) and a
  * round that holds only some of its open ratios (the round's progress line). */
object RoundWords {
  def stop(s: RoundStop): String = s match {
    case RoundStop.Settled(precisionFirst, bimodal) =>
      (if (precisionFirst) "every ratio within precision" else "every ratio decided by more than the precision or within it") +
        (if (bimodal.nonEmpty) s" or bimodal (${bimodal.mkString(", ")})" else "")
    case RoundStop.NoRatioLeft => "no ratio left to refine (the table's other cells failed)"
    case RoundStop.EveryCellFailed => "every cell failed"
    case RoundStop.EveryCellStarvedOrFailed => "every cell starved or failed"
    case RoundStop.RoundCeiling(max) => s"round ceiling ($max)"
    case RoundStop.BudgetSpent(b, openOutOfReach) =>
      f"budget spent (${b}%.0f s)" + (if (openOutOfReach) "; its open ratios are out of its reach" else "")
  }

  def partial(p: PartialRound): String =
    s"; ${p.planned} of ${p.reachable} open ratios fit the ${math.round(p.secondsLeft)} s left, the nearest to settling first"
}
