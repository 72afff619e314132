package effectbench.analysis

import effectbench.CellId
import effectbench.stats.{Describe, Stats}

/** How far a whole run, or one table of it, moved between two runs measured apart: the geometric
  * mean of the compared cells' cost ratios, and whether a flagged cell moved no further than it
  * (docs/lessons/machine-between-runs.md). */
object RunShift {
  /** A table shifts with the machine only when it has this many cells compared: with fewer, one
    * cell's own change would be most of the table's mean. */
  val MinTableCells = 3

  /** The table a compared cell belongs to: its scenario, variant, parameters and entry (CellId.group), and its JVM. */
  def tableOf(d: CellDiff): (String, String) = (CellId.parse(d.key).fold(_ => d.key, _.group), d.jvm)

  /** The geometric mean of `cells`' cost ratios (> 1: B slower) and its bootstrap 95% interval from their replicates. */
  def costGeomean(cells: Vector[CellDiff]): Option[(Double, Double, Double)] =
    if (cells.isEmpty) None
    else {
      // Oriented as cost (time per op): a throughput ratio enters inverted, so > 1 always means slower.
      def cost(r: CellDiff, x: Double) = if (r.higherIsBetter) 1 / x else x
      val g = Describe.geometricMean(cells.map(r => cost(r, r.ratio)))
      val n = cells.map(_.replicates.length).min
      val reps = Array.tabulate(n)(i => Describe.geometricMean(cells.map(r => cost(r, r.replicates(i)))))
      val (lo, hi) = Stats.interval95(reps)
      Some((g, lo, hi))
    }

  /** Whether a cell flagged `v`, whose B/A as cost (> 1: slower or longer) lies in [lo, hi], moved no
    * further than a whole run that moved by `g`: flagged in the run's direction, its interval holding `g`. */
  def movedWithRun(v: Verdict, lo: Double, hi: Double, g: Double): Boolean =
    ((v == Verdict.Regressed && g > 1) || (v == Verdict.Improved && g < 1)) && lo <= g && g <= hi
}
