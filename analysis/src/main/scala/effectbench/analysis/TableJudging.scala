package effectbench.analysis

import effectbench.stats.{CellEstimate, LaunchState, RatioEstimate}

/** How a row of a results table is marked. */
enum RowMark {
  case Plain, Fastest, Tie, BelowFloor, NotMeasured
}

/** How the cells of one table are judged against each other: what a cell is compared through, which
  * is the fastest, and how its row is marked. The report prints it and the rounds engine (Stopping)
  * settles it, so both read one table alike. */
object TableJudging {
  /** A cell's most frequent launch state (the slower on a tie). */
  def mainState(e: CellEstimate): LaunchState = e.states.maxBy(s => (s.forks.size, s.mean))

  /** What a ratio is taken against: the cell itself, or for a cell with several launch states its
    * most frequent state (the slower on a tie): a mean of two states describes neither. */
  def reference(e: CellEstimate): CellEstimate =
    if (!e.multiState) e else e.ofState(mainState(e))

  /** The fastest of a table's cells by their references' means (`reference`): the highest for a
    * throughput (`higher`), the lowest for a time; the first on a tie. None for no cell. */
  def fastest[K](refs: Vector[(K, CellEstimate)], higher: Boolean): Option[(K, CellEstimate)] =
    if (refs.isEmpty) None else Some(if (higher) refs.maxBy(_._2.mean) else refs.minBy(_._2.mean))

  /** A table's launch prior (stats LaunchPrior.ofTable) from the relayed ratios of the other
    * references in `refs` to the fastest. Why: four rounds give each ratio's interval a t on 3 df
    * (3.18); the table's ratios spread alike enough that together they say more
    * (docs/lessons/launch-prior.md). */
  def priorOf[K](fastest: (K, CellEstimate), refs: Vector[(K, CellEstimate)]): Option[effectbench.stats.LaunchPrior] =
    effectbench.stats.LaunchPrior.ofTable(fastest._2, refs.filterNot(_._1 == fastest._1).map(_._2))

  /** The fastest carrying its table's launch prior (`priorOf`), so that every relayed ratio taken
    * against it is weighed with the table's launch spread (never drawn below its own). */
  def withPrior[K](fastest: (K, CellEstimate), refs: Vector[(K, CellEstimate)]): (K, CellEstimate) =
    fastest._1 -> fastest._2.copy(prior = priorOf(fastest, refs))

  /** A row's mark, first match wins: not measured; under the floor (Floor: it outranks being the
    * fastest, which such a cell most likely is by work it did not do); the fastest; a tie (its ratio
    * to the fastest decides nothing, Decision); else plain. */
  def mark(measured: Boolean, belowFloor: Boolean, isFastest: Boolean, vsFastest: Option[RatioEstimate]): RowMark =
    if (!measured) RowMark.NotMeasured
    else if (belowFloor) RowMark.BelowFloor
    else if (isFastest) RowMark.Fastest
    else if (tie(vsFastest)) RowMark.Tie
    else RowMark.Plain

  /** A row ties the fastest when its ratio to it decides nothing (Decision: its interval holds 1, a
    * cell has several modes, or there is no interval); the fastest row itself has no such ratio. */
  def tie(vsFastest: Option[RatioEstimate]): Boolean = vsFastest.exists(r => !Decision.decided(r))
}
