package effectbench.analysis

import effectbench.{DeclaredWork, Runtimes, Scenario}

/** The floor rule, read by `verify --floor` (a short JMH run) and under a report's table alike: plain
  * code is the floor of a table, so a cell faster than its baseline per unit of declared work has most
  * likely lost work to the JIT. */
object Floor {
  /** Whether a cell of `runtime` in `scenario` is held to its table's baseline: not the baseline
    * itself, and only where the baseline is a floor (DeclaredWork.hasFloor: not the scheduler and
    * latency families, whose baseline is a reference point a runtime may beat honestly). */
  def checked(runtime: String, scenario: Scenario): Boolean = runtime != Runtimes.Baseline.id && DeclaredWork.hasFloor(scenario)

  /** Whether a cell's time per unit of work is under the baseline's by more than both errors: the
    * high end of the cell's interval per unit below the low end of the baseline's. By more than both
    * errors, so that noise alone never flags a cell as faster than plain code. No work, no verdict. */
  def below(cellHigh: Double, cellWork: Long, baselineLow: Double, baselineWork: Long): Boolean =
    cellWork > 0 && baselineWork > 0 && cellHigh / cellWork < baselineLow / baselineWork
}
