package effectbench.analysis

import effectbench.stats.RatioEstimate

/** What one ratio's interval says (compare's verdict on two runs is `Verdict`). */
enum Decision {
  /** The interval excludes 1 and neither cell is multi-modal. */
  case Decided
  /** The interval contains 1: the run cannot tell the two apart. */
  case Tie
  /** No interval (a cell with one fork). */
  case Undecided
  /** A cell has several modes or launch states: its single ratio decides nothing. */
  case Bimodal
}

/** The tie rule: the one place a ratio's interval, 1 and the cells' modes are weighed. */
object Decision {
  /** A ratio is a tie when its own interval contains 1 — never judged from two overlapping
    * intervals: the ratio's interval already holds the spread of both cells' forks. */
  def tie(r: RatioEstimate): Boolean = tie(r.low, r.high)

  /** The same of any ratio's interval [low, high] (a latency cell's p99 ratio): none without one. */
  def tie(low: Double, high: Double): Boolean = !low.isNaN && !high.isNaN && low <= 1.0 && 1.0 <= high

  /** Decided: the interval excludes 1 and neither cell is multi-modal (a single ratio of a bimodal
    * cell decides nothing: its one mean describes none of its states). */
  def decided(r: RatioEstimate): Boolean = of(r) == Decided

  /** What a ratio decides. Bimodal first: no interval makes one number of a two-state cell meaningful. */
  def of(r: RatioEstimate): Decision =
    if (r.bimodal) Bimodal else if (!r.known) Undecided else if (tie(r)) Tie else Decided
}
