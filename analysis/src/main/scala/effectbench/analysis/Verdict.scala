package effectbench.analysis

/** What compare says of one cell (the report's CompareReport words it). */
enum Verdict {
  case Improved
  case Regressed
  /** No change beyond the threshold can be told (or the cell is multi-modal). */
  case Same
  /** The forks of A and B sat in different modes, too few to tell a launch-chosen state from a
    * change: the forks of each side. */
  case Unstable(forksA: Int, forksB: Int)
  /** The forks of both runs together fall in launch states (LaunchStates.of; `forks`: for each
    * state, fastest first, A's forks in it and B's), at least one run holds forks of two states, the
    * runs' shares of the states do not differ beyond chance (`p`, RunComparison.sharesChance adjusted
    * over every cell of the compare tested for launch states, RunComparison.holm) and no
    * state's own score moved: the two means differ by the launches' draw, not by the code.
    * `factor`: the slowest state's mean over the fastest's. */
  case StateShares(forks: Vector[(Int, Int)], factor: Double, p: Double)

  /** Shown, never counted (nor in the geometric mean, nor by --fail-on-regression). */
  def uncounted: Boolean = this match {
    case Unstable(_, _) | StateShares(_, _, _) => true
    case _ => false
  }
}
