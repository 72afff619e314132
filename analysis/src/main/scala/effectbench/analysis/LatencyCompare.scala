package effectbench.analysis

import effectbench.stats.{CellEstimate, ForkStats, Format}
import effectbench.store.{CellResult, RunData}

/** One latency cell in both runs: its p99 in A and in B (geometric mean over forks with its interval), and
  * B/A with its interval from the forks of both runs. */
final case class LatencyDiff(
    key: String, jvm: String, a: LatencyEstimate, b: LatencyEstimate, ratio: LatencyRatio, verdict: Verdict,
    /** The exact two-sided Mann–Whitney p-value of the forks' p99s of A against B's; NaN when either
      * run has fewer than `LatencyCompare.MinTailForks` forks with a p99 (no verdict is possible). */
    rankP: Double = Double.NaN,
    /** Either run's p99 is the client's lateness (ClientLate): no verdict. */
    clientLate: Boolean = false
) {
  def service: Boolean = key.startsWith(effectbench.Catalog.service.id + "/")
  /** Forks with a p99 in each run. */
  def forksA: Int = a.p99.n
  def forksB: Int = b.p99.n
  def decidable: Boolean = !rankP.isNaN
}

/** `compare` of two runs for the latency family: the p99 of every cell both runs measured, B over A with an
  * interval over the forks of both (two runs share no rounds, so the forks are not paired; the logs
  * of the forks' p99, Welch's degrees of freedom), a verdict when the whole interval lies beyond
  * ±threshold and the forks' p99s of the two runs differ by rank (below), and each run's starved
  * events beside it (never in the ratio).
  *
  * A tail is judged on at least `MinTailForks` forks a run, by rank as well as by interval. A fork's
  * p99 comes from about a thousand probes, so its ten slowest carry it, and one pause that delays
  * forty probes in a row decides it: two runs of one build gave p99s of one cell 3.8 and 4.0 ms in
  * one, 4.6 and 6.6 ms in the other, and the interval over two forks a side (log-normal, Welch)
  * called that +41% [+19, +66]. A log-normal t on two or three forks trusts a spread it cannot
  * estimate; the Mann–Whitney test assumes no shape, and with fewer than four forks a run no
  * ordering of them reaches 5% (its least two-sided p is 0.10 at three and three), so the verdict
  * waits for forks instead of guessing. benchstat decides the same way (a two-sided
  * Mann–Whitney U at 0.05; it prints "need >= 4 samples to detect a difference at alpha level
  * 0.05", golang.org/x/perf/cmd/benchstat). */
object LatencyCompare {
  /** The smallest p99 change compare reports by default (`--tail-threshold`): a verdict needs the
    * whole interval beyond ±20%, not the ±5% of means. Two runs of one build measured apart put a
    * tail that far apart with nothing changed (on the 2-core KVM guest, 20 of 24 p99s of three quiet
    * latency A/A pairs within ±20%, the others −22.5% to +37.5%), and more forks only make compare
    * surer of the machine's move between runs (docs/lessons/tails-need-forks.md). A smaller change of
    * a tail is told only inside one run, in paired rounds (`--lib` for two versions of a library). */
  val DefaultTailThreshold = 0.20

  /** Forks with a p99 each run needs before compare gives a p99 verdict (see above). */
  val MinTailForks = 4
  /** The rank test's level: the forks' p99s differ when its exact two-sided p is below this. */
  val RankLevel = 0.05

  /** The exact two-sided Mann–Whitney p of two runs' forks' p99s (commons-statistics-inference 1.1,
    * `MannWhitneyUTest`, exact below 50 a side when no value ties); NaN under `MinTailForks` a side. */
  def rankP(a: LatencyEstimate, b: LatencyEstimate): Double = {
    val (xa, xb) = (a.p99s.toArray, b.p99s.toArray)
    if (xa.length < MinTailForks || xb.length < MinTailForks) Double.NaN
    else org.apache.commons.statistics.inference.MannWhitneyUTest.withDefaults().test(xa, xb).getPValue
  }

  def diffs(a: RunData, b: RunData, threshold: Double, confidence: Double = ForkStats.DefaultConfidence): Vector[LatencyDiff] = {
    val byB = b.cells.filter(c => c.ok && LatencyData.isLatency(c)).map(c => (c.key, c.jvm) -> c).toMap
    a.cells.filter(c => c.ok && LatencyData.isLatency(c)).flatMap { ca =>
      byB.get((ca.key, ca.jvm)).orElse(byB.find(_._1._1 == ca.key).map(_._2)).map { cb =>
        val ea = LatencyStats.estimate(LatencyData.forks(a.dir, ca), confidence)
        val eb = LatencyStats.estimate(LatencyData.forks(b.dir, cb), confidence)
        val r = LatencyStats.p99Ratio(eb, ea, confidence)
        val p = rankP(ea, eb)
        // Forks kept though the machine canary read the machine away count toward no verdict (RunComparison.away).
        val fewUsual = ea.p99.n - RunComparison.away(a, ca) < MinTailForks || eb.p99.n - RunComparison.away(b, cb) < MinTailForks
        // A p99 the client's wakes reached in either run is the machine's lateness: no verdict on the runtime (ClientLate).
        val clientLate = ClientLate.of(a.dir, ca).exists(_.setsP99) || ClientLate.of(b.dir, cb).exists(_.setsP99)
        val v =
          if (!r.known || p.isNaN || p >= RankLevel || fewUsual || clientLate) Verdict.Same
          else if (r.low > 1 + threshold) Verdict.Regressed
          else if (r.high < 1 - threshold) Verdict.Improved
          else Verdict.Same
        LatencyDiff(ca.key, ca.jvm, ea, eb, r, v, p, clientLate)
      }
    }
  }

  /** Cells a p99 shift of the whole run needs (a t-interval over cells). */
  val MinShiftCells = 3

  /** The whole run's p99 shift over the cells with a verdict possible: their p99 ratios B/A, their
    * geometric mean with its t-interval over the cells (LatencyStats.interval, as over forks), kept
    * when there are `MinShiftCells` and the interval excludes no change. As for throughput
    * (RunComparison.withShift), two runs measured apart share no pairing, and a tail moves with the
    * machine more than a mean does: every p99 of a run can move one way together
    * (docs/lessons/machine-between-runs.md). */
  def shift(ds: Vector[LatencyDiff], confidence: Double = ForkStats.DefaultConfidence): Option[ForkInterval] =
    Some(LatencyStats.interval(ds.filter(d => d.decidable && d.ratio.known).map(_.ratio.ratio), confidence))
      .filter(i => i.n >= MinShiftCells && i.known && (i.low > 1 || i.high < 1))

  /** The (key, JVM) of each cell with a p99 verdict that moved no further than the whole run
    * (RunComparison.movedWithRun): its change cannot be told from the run's. */
  def withShift(ds: Vector[LatencyDiff], confidence: Double = ForkStats.DefaultConfidence): Set[(String, String)] =
    shift(ds, confidence).toVector.flatMap { g =>
      ds.filter(d => RunComparison.movedWithRun(d.verdict, d.ratio.low, d.ratio.high, g.mean)).map(d => (d.key, d.jvm))
    }.toSet
}
