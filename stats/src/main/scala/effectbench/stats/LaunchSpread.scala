package effectbench.stats

/** How far apart a run's launches of one program landed, against its iterations inside one launch:
  * the machine's own noise, read from the run's data. `between`: the median over cells of the
  * standard deviation of the log fork means; `within`: the median over cells of the mean standard
  * deviation of the log steady iterations inside a fork (both as fractions, ~ relative spread).
  *
  * On a quiet machine launches stay close (the 2-core KVM guest's quiet headlines: fork means
  * 4.8–7.1% apart, steady iterations 2.7–3.5%, `between / within` 1.4–2.6); in its noisy hours the
  * same programs' launches lay 9.1–20.7% apart against iterations 3.4–3.9% (2.7–5.6×). A host that
  * changes from one launch to the next shows so; one that is merely slow does not, and neither do a
  * few cells with launch states of their own (a median over the cells). */
final case class LaunchSpread(cells: Int, between: Double, within: Double) {
  def ratio: Double = if (within > 0) between / within else Double.NaN

  /** Launches spread well beyond their iterations, over enough cells to say so of the machine. */
  def noisy: Boolean =
    cells >= LaunchSpread.MinCells && between > LaunchSpread.NoisyFloor && !ratio.isNaN && ratio >= LaunchSpread.NoisyFactor

  /** The header's facts: "fork means 19.9% apart, iterations 6.2% (3.2×; median over 31 cells)". */
  def text: String =
    f"fork means of one cell ${between * 100}%.1f%% apart, iterations inside a fork ${within * 100}%.1f%% " +
      f"(${ratio}%.1f×; standard deviations on the log scale, median over $cells cells)"

  /** Iterations inside one fork spread beyond any quiet machine's: the machine is noisy within a
    * launch, whatever its launches do. */
  def noisyInside: Boolean = cells >= LaunchSpread.MinCells && within > LaunchSpread.InsideFloor

  /** The warning of a machine noisy inside a launch. */
  def insideWarning: String =
    f"the machine is noisy inside a launch: the iterations of one fork lay ${within * 100}%.1f%% apart (median over $cells " +
      f"cells; over ${LaunchSpread.InsideFloor * 100}%.0f%%, where a quiet 2-core machine kept them at 2.6–3.9%%), and fork means of one cell " +
      f"${between * 100}%.1f%%. A ratio's interval narrows as the square root of its forks, so this machine needs " +
      f"about ${math.pow(between / LaunchSpread.QuietBetween, 2)}%.0f× the forks of a quiet one for the same precision: " +
      "measure on a quieter machine, or spread the tables over machines (run --shard K/N, then merge)"

  /** Every warning this reading gives, launch-to-launch first. */
  def warnings: Vector[String] = Vector(warning).filter(_ => noisy) ++ Vector(insideWarning).filter(_ => noisyInside)

  /** The warning of a noisy run. */
  def warning: String =
    f"the machine changed from launch to launch: fork means of one cell lay ${between * 100}%.1f%% apart against " +
      f"${within * 100}%.1f%% between iterations inside a fork (${ratio}%.1f×, median over $cells cells; a quiet machine " +
      f"keeps them alike). The ratios are wider than this machine gives when quiet: measure again when nothing else runs, " +
      "or spread the tables over machines (run --shard K/N, then merge)"
}

object LaunchSpread {
  /** Cells a verdict on the machine needs: fewer are a few programs, not the machine. */
  val MinCells = 5
  /** `between / within` from which the machine reads as noisy (quiet runs 1.4–2.6, noisy 2.7–5.6):
    * with `NoisyFloor`, which the quiet runs' launches (at most 7.1%) all stayed under. */
  val NoisyFactor = 2.5
  /** And launches more than this far apart (quiet runs at most 7.1%, noisy at least 9.1%); two
    * spreads both tiny are no noise worth a warning. */
  val NoisyFloor = 0.08
  /** Iterations inside a fork spread more than this only on a machine noisy within a launch: the
    * 2-core KVM guest's headlines kept them at 2.6–3.9%, noisy hours included; the nested 2-core guest,
    * whose path to memory varies, 5.8–9.4% (docs/lessons/noisy-memory-path.md). */
  val InsideFloor = 0.05
  /** Fork means of one cell on a quiet machine (the quiet headlines above: 4.8–7.1%, 3.6–5.7% with the
    * canary), for the warning's "times the forks". */
  val QuietBetween = 0.05
  /** Forks a cell needs to count (a standard deviation of two means is too rough). */
  val MinForks = 3

  /** The sample standard deviation (n − 1), as every spread here is taken. */
  def sd(xs: Vector[Double]): Double = Describe.sd(xs)

  private def median(xs: Vector[Double]): Double = Describe.median(xs)

  /** The spread of these cells' forks, each cell its forks; None when no cell has `MinForks` forks
    * with a positive mean and two steady iterations or more. */
  def of(cells: Vector[Vector[ForkSteady]]): Option[LaunchSpread] = {
    val per = cells.flatMap { forks =>
      val ok = forks.filter(f => f.steady.size >= 2 && f.steady.forall(_ > 0))
      if (ok.size < MinForks) None
      else Some((sd(ok.map(f => math.log(f.mean))), ok.map(f => sd(f.steady.map(math.log))).sum / ok.size))
    }
    if (per.isEmpty) None else Some(LaunchSpread(per.size, median(per.map(_._1)), median(per.map(_._2))))
  }
}
