package effectbench.stats

/** One launch state of a cell with its ratio to a reference cell. */
final case class StateRatio(state: LaunchState, ratio: RatioEstimate)

/** Ratios between cells of one table, whatever the unit's direction: what the report prints and
  * what the rounds engine weighs before measuring another round. */
object CellRatios {
  /** How many times slower `c` is than `ref` (> 1: slower), whatever the unit's direction. */
  def slowdown(c: CellEstimate, ref: CellEstimate, higherIsBetter: Boolean): RatioEstimate =
    if (higherIsBetter) ForkStats.ratio(c, ref) else ForkStats.ratio(ref, c)

  /** A fork's mean over the geometric mean of the cell's forks outside `apart` (NaN when none is). */
  def toOthers(e: CellEstimate, fork: ForkSteady, apart: Vector[Int]): Double = {
    val others = e.forks.filterNot(g => apart.contains(g.fork)).map(_.mean).filter(_ > 0)
    if (others.isEmpty) Double.NaN else fork.mean / Describe.geometricMean(others)
  }

  /** Each launch state of `c` against `ref` (already a reference: analysis's TableJudging.reference). */
  def stateSlowdowns(c: CellEstimate, ref: CellEstimate, higherIsBetter: Boolean): Vector[StateRatio] =
    c.states.map(s => StateRatio(s, slowdown(c.ofState(s), ref, higherIsBetter)))
}
