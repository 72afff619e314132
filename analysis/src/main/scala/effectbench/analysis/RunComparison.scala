package effectbench.analysis

import effectbench.stats.{ForkStats, Stat, Stats}
import effectbench.store.{CellResult, RunData}

/** One cell measured in both runs. `ratio` is mean(B) / mean(A) of the raw iterations. */
final case class CellDiff(
    key: String,
    jvm: String,
    unit: String,
    a: Stat,
    b: Stat,
    samplesA: Int,
    samplesB: Int,
    ratio: Double,
    ciLow: Double,
    ciHigh: Double,
    p: Double,
    verdict: Verdict,
    allocA: Option[Double],
    allocB: Option[Double],
    allocChanged: Boolean,
    replicates: Array[Double],
    /** A relayed cell's B/A in its table (InTable), with its interval: the verdict's, when present. */
    inTable: Option[(Double, Double, Double)] = None
) {
  def higherIsBetter: Boolean = a.higherIsBetter
}

final case class RunComparison(
    a: RunData,
    b: RunData,
    threshold: Double,
    rows: Vector[CellDiff],
    /** Geometric mean of the cost ratio B/A (time per op; throughput ratios inverted) over the
      * compared cells but the unstable ones, with its bootstrap 95% interval: > 1 means B is slower overall. */
    geomean: Option[(Double, Double, Double)],
    /** What compare says beside its rows (the report words each). */
    warnings: Vector[CompareNote],
    /** The threshold of latency cells' scores (hog time per step, time per request), as of their p99s (see `RunComparison.compare`). */
    tailThreshold: Double = LatencyCompare.DefaultTailThreshold,
    /** Per table (RunComparison.tableOf) of at least `MinTableCells` counted cells, the geometric
      * mean of its cells' cost ratios with its bootstrap 95% interval, as `geomean` is of the run. */
    tableGeomeans: Map[(String, String), (Double, Double, Double)] = Map.empty,
    /** Over the cells judged in their tables, when enough were (InTable.MinCellsForSpread): how far
      * their places moved between the runs beyond their rounds' own spread (τ, log scale;
      * InTable.betweenRuns), which each one's interval includes, and how many cells gave it. */
    inTableSpread: Option[(Double, Int)] = None,
    /** Relayed tables whose own cells moved further apart between the runs than `inTableSpread` says
      * (InTable.MinTableCellsForSpread cells at least), with that spread (τ, log scale), which their
      * cells' intervals include instead. */
    tableSpreads: Map[(String, String), Double] = Map.empty
) {
  def regressed: Vector[CellDiff] = rows.filter(_.verdict == Verdict.Regressed)
  def improved: Vector[CellDiff] = rows.filter(_.verdict == Verdict.Improved)
  /** Cells whose two runs sat in launch states chosen per JVM launch, in shares the forks cannot tell
    * apart (Verdict.Unstable, Verdict.StateShares): shown, never counted. */
  def unstable: Vector[CellDiff] = rows.filter(_.verdict.uncounted)
  def allocFlagged: Vector[CellDiff] = rows.filter(_.allocChanged)

  /** The whole run's shift, when its interval excludes no change: the geometric mean (as cost) and its interval. */
  def shift: Option[(Double, Double, Double)] = geomean.filter { case (_, lo, hi) => lo > 1 || hi < 1 }

  /** Flagged cells that moved no further than the whole run did: improved or regressed in the
    * direction of the run's shift, with an interval that holds the shift (the cell's own B/A, as
    * cost, against the geometric mean). Two runs measured apart have nothing pairing them, and the
    * machine's speed moves between them (docs/lessons/machine-between-runs.md). Such a cell keeps its
    * verdict, marked: its change cannot be told from the machine's. */
  lazy val withShift: Vector[CellDiff] =
    rows.filter(d => d.inTable.isEmpty && (shift.toVector ++ tableShift(d).toVector).exists { case (g, _, _) => movedWith(d, g) })

  /** The flagged cells that moved no further than the whole run did. */
  lazy val runShifted: Vector[CellDiff] = shift.toVector.flatMap { case (g, _, _) =>
    rows.filter(d => d.inTable.isEmpty && movedWith(d, g))
  }

  /** Relayed tables whose cells were judged in their table (CellDiff.inTable) and that moved as a
    * whole (their cells' geometric mean, whose interval excludes no change), with the move. */
  lazy val inTableShifts: Vector[((String, String), (Double, Double, Double))] =
    rows.filter(_.inTable.nonEmpty).map(RunComparison.tableOf).distinct.flatMap(t =>
      tableGeomeans.get(t).filter { case (_, lo, hi) => lo > 1 || hi < 1 }.map(t -> _)
    )

  /** Whether flagged `d` moved no further than a shift of `g` (as cost): RunComparison.movedWithRun on its interval. */
  private def movedWith(d: CellDiff, g: Double): Boolean = {
    def cost(x: Double) = if (d.higherIsBetter) 1 / x else x
    RunComparison.movedWithRun(d.verdict, math.min(cost(d.ciLow), cost(d.ciHigh)), math.max(cost(d.ciLow), cost(d.ciHigh)), g)
  }

  /** The shift of the table `d` belongs to, when its interval excludes no change. A table's cells are
    * measured together (in relay rounds, turn against turn within seconds), so the machine's speed
    * between two runs moves a whole table as it moves a whole run; a flagged cell that moved no
    * further than its table is marked, as one that moved with the run is. */
  def tableShift(d: CellDiff): Option[(Double, Double, Double)] =
    tableGeomeans.get(RunComparison.tableOf(d)).filter { case (_, lo, hi) => lo > 1 || hi < 1 }

  /** Tables whose shift marks at least one flagged cell, with the shift. */
  lazy val tableShifts: Vector[((String, String), (Double, Double, Double))] =
    withShift.flatMap(d => tableShift(d).map(RunComparison.tableOf(d) -> _)).distinct

  /** The (key, JVM) of each cell in `withShift`. */
  lazy val shiftedKeys: Set[(String, String)] = withShift.map(d => (d.key, d.jvm)).toSet
}

/** Two runs compared, cell by cell: the cells paired (CellPairing), each judged (CellVerdicts, with
  * the launch-state tests of LaunchShares adjusted over the compare), the cells of relayed tables
  * judged in their table (InTableVerdicts), and the run's and each table's shift (RunShift). */
object RunComparison {
  export CellVerdicts.{Alpha, AllocTolerance, MinForks, MinSamples, NoisyError, allocChanged, away, verdict}
  export LaunchShares.{
    BetweenRunGap,
    betweenRunModes,
    bothRuns,
    holm,
    launchSplitChance,
    shareChance,
    sharesChance,
    stateRatios,
    statesOfBoth
  }
  export RunShift.{MinTableCells, costGeomean, movedWithRun, tableOf}
  export CellPairing.versionOf

  /** Two runs' cells compared. A latency cell's score (hog time per step, service's time per
    * request) is the throughput of work run on purpose beside more runnable fibers than cores, where
    * the placement of threads decides, and it moves between two runs measured apart as a tail does,
    * not as a mean (six pairs of runs of one program on the 2-core KVM guest: 49 of 52 hog times within
    * ±20% of the other run's, some decided beyond ±5%). So compare judges them at the tail threshold (`tailThreshold`,
    * `--tail-threshold`, 20% by default), not at the threshold of means (`threshold`); a smaller
    * change is told in paired rounds inside one run. */
  def compare(
      a: RunData, b: RunData, threshold: Double, resamples: Int = Stats.DefaultResamples,
      confidence: Double = ForkStats.DefaultConfidence, tailThreshold: Double = LatencyCompare.DefaultTailThreshold
  ): RunComparison = {
    val warnings = Vector.newBuilder[CompareNote]
    val pairing = CellPairing.pair(a, b)
    val pairs = pairing.pairs
    pairing.jvms.foreach { case (ja, jb) => warnings += CompareNote.AcrossJvms(ja, jb) }
    if (pairing.onlyA.nonEmpty) warnings += CompareNote.OnlyIn(inA = true, pairing.onlyA.map(_.key))
    if (pairing.onlyB.nonEmpty) warnings += CompareNote.OnlyIn(inA = false, pairing.onlyB.map(_.key))
    for ((what, f) <- Seq[(String, RunData => String)]("profile" -> (_.profile), "settings" -> (_.settings)))
      if (f(a) != f(b)) warnings += CompareNote.RunsDiffer(what, f(a), f(b))

    val common = pairs
    common.flatMap { case (ca, cb) =>
      val (va, vb) = (versionOf(a, ca), versionOf(b, cb))
      if (va.nonEmpty && vb.nonEmpty && va != vb) ca.id.map(id => (id.runtime, va.get, vb.get)) else None
    }.distinct.foreach { case (rt, va, vb) =>
      warnings += CompareNote.LibraryVersions(rt, va, vb)
    }
    // A cell the runner chose not to measure (a stopped service sweep) is said apart: it is no failure.
    def skipped(c: CellResult) = c.status == effectbench.Outcome.NotMeasured
    val (notMeasured, notOk) = common.filter { case (ca, cb) => !ca.ok || !cb.ok }.partition { case (ca, cb) =>
      (ca.ok || skipped(ca)) && (cb.ok || skipped(cb))
    }
    if (notOk.nonEmpty) warnings += CompareNote.NoScore(notOk.map(_._1.key))
    if (notMeasured.nonEmpty) warnings += CompareNote.SweepStopped(notMeasured.map(_._1.key))
    // Each cell is independent (its own seed): computed on the common pool, results kept in order.
    val scored = common.filter { case (ca, cb) => ca.ok && cb.ok }
    val computed: Vector[(Vector[CompareNote], Option[CellDiff])] = {
      val threads = math.max(1, math.min(Runtime.getRuntime.availableProcessors, 8))
      val pool = java.util.concurrent.Executors.newFixedThreadPool(threads,
        (r: Runnable) => { val t = new Thread(r, "compare"); t.setDaemon(true); t })
      try {
        val tasks = scored.map { case (ca, cb) =>
          pool.submit(() => CellVerdicts.diff(ca, cb, threshold, tailThreshold, resamples, confidence, away(a, ca), away(b, cb)))
        }
        val prepared = tasks.map(_.get())
        // The launch-state tests of all cells as one family: at Alpha each, an A/A compare with eight
        // cells in launch states would flag one up to a third of the time (1 − 0.95⁸; docs/lessons/launch-states.md).
        val chances = prepared.map(_.chance)
        val tested = chances.count(!_.isNaN)
        prepared.zip(holm(chances)).map { case (pr, adjusted) => pr.finish(adjusted, tested) }
      } finally pool.shutdown()
    }
    computed.foreach { case (ws, _) => warnings ++= ws }
    val (rows, inTableSpread, tableSpreads) = InTableVerdicts.judgedInTable(a, b, scored, computed.flatMap(_._2), threshold, confidence)
    val fewForks = scored.filter { case (ca, cb) => ca.raw.count(_.nonEmpty) < MinForks || cb.raw.count(_.nonEmpty) < MinForks }
    val fewUsual = scored.filterNot(fewForks.contains).filter { case (ca, cb) =>
      ca.raw.count(_.nonEmpty) - away(a, ca) < MinForks || cb.raw.count(_.nonEmpty) - away(b, cb) < MinForks
    }
    if (fewUsual.nonEmpty) warnings += CompareNote.FewUsualForks(fewUsual.map(_._1.key), MinForks)
    if (fewForks.nonEmpty) warnings += CompareNote.FewForks(fewForks.map(_._1.key), MinForks)
    val noisy = rows.filter(d => Seq(d.a, d.b).exists(s => !s.error.isNaN && s.error > NoisyError * math.abs(s.score)))
    if (noisy.nonEmpty) warnings += CompareNote.Noisy(noisy.map(_.key), rows.size, NoisyError)
    // An unstable cell (its runs sat in different launch-chosen states) is shown, never counted: not in the geometric mean either.
    val counted = rows.filterNot(_.verdict.uncounted)
    val tables = counted.groupBy(tableOf).collect { case (t, cs) if cs.size >= MinTableCells => t -> costGeomean(cs) }
      .collect { case (t, Some(g)) => t -> g }
    RunComparison(a, b, threshold, rows, costGeomean(counted), warnings.result(), tailThreshold, tables, inTableSpread, tableSpreads)
  }
}
