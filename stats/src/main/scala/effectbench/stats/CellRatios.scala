package effectbench.stats

/** One launch state of a cell with its ratio to a reference cell. */
final case class StateRatio(state: LaunchState, ratio: RatioEstimate)

/** Ratios between cells of one table, whatever the unit's direction: what the report prints and
  * what the rounds engine weighs before measuring another round. */
object CellRatios {
  /** How many times slower `c` is than `ref` (> 1: slower), whatever the unit's direction. */
  def slowdown(c: CellEstimate, ref: CellEstimate, higherIsBetter: Boolean): RatioEstimate =
    if (higherIsBetter) ForkStats.ratio(c, ref) else ForkStats.ratio(ref, c)

  /** What a ratio is taken against: the cell itself, or for a cell with several launch states its
    * most frequent state (the slower on a tie): a mean of two states describes neither. */
  def reference(e: CellEstimate): CellEstimate =
    if (!e.multiState) e else e.ofState(e.states.maxBy(s => (s.forks.size, s.mean)))

  /** Each launch state of `c` against `ref` (already a reference, see `reference`). */
  def stateSlowdowns(c: CellEstimate, ref: CellEstimate, higherIsBetter: Boolean): Vector[StateRatio] =
    c.states.map(s => StateRatio(s, slowdown(c.ofState(s), ref, higherIsBetter)))
}
