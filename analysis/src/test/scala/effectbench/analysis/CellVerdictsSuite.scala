package effectbench.analysis

import effectbench.stats.Stat
import effectbench.store.RunData

/** Compare's verdict on one cell, and its allocation flag. */
class CellVerdictsSuite extends munit.FunSuite {
  test("verdict rules: significance and the whole interval beyond the threshold") {
    assertEquals(CellVerdicts.verdict(1.10, 1.30, 0.01, higherIsBetter = false, 0.05), Verdict.Regressed)
    assertEquals(CellVerdicts.verdict(1.10, 1.30, 0.01, higherIsBetter = true, 0.05), Verdict.Improved)
    assertEquals(CellVerdicts.verdict(1.02, 1.30, 0.01, higherIsBetter = false, 0.05), Verdict.Same) // interval reaches inside ±5%
    assertEquals(CellVerdicts.verdict(1.10, 1.30, 0.20, higherIsBetter = false, 0.05), Verdict.Same) // not significant
    assertEquals(CellVerdicts.verdict(0.70, 0.90, 0.01, higherIsBetter = false, 0.05), Verdict.Improved)
  }

  test("B/op: a change is flagged only when the runs' allocation intervals part (two runs of one build flag nothing)") {
    // Measured on two quick deep-bind runs of one build: baseline fork iterations 258–272 vs 251–274
    // B/op; scalaz fork 1,361,8xx in every JVM of A, 961,549 in one JVM of B (a launch-chosen state).
    // The errors are JMH's 99.9% ones over those iterations.
    assert(!CellVerdicts.allocChanged(Stat(266.6, 16.3, "B/op"), Stat(262.7, 22.0, "B/op")))
    assert(!CellVerdicts.allocChanged(Stat(1362077, 900, "B/op"), Stat(1161830, 614000, "B/op")))
    // Deterministic allocation that moved by 2%: flagged.
    assert(CellVerdicts.allocChanged(Stat(481136, 2, "B/op"), Stat(490759, 2, "B/op")))
    assert(!CellVerdicts.allocChanged(Stat(481136, 2, "B/op"), Stat(481140, 2, "B/op")))
  }

  test("B/op of cells measured in rounds: the interval is over forks, so a launch-chosen allocation is not a change") {
    import effectbench.store.JmhMetric
    // Two quick deep-bind runs of one build, scalaz fork entry, each fork's B/op (5 rounds each);
    // JMH's own error of a round is about ±700 B/op.
    def forks(bs: Double*) = JmhMetric(bs.sum / bs.size, 700, "B/op", bs.toVector.map(b => Vector(b - 50, b + 50)))
    val primary = Vector.fill(5)(Vector(230.0, 231.0))
    val a = RunData.allocStat(forks(962278, 1344719, 962435, 962373, 962440), primary)
    val b = RunData.allocStat(forks(962504, 1362773, 1362686, 961917, 1362583), primary)
    assert(!CellVerdicts.allocChanged(a, b), s"$a vs $b")
    assertEqualsDouble(a.score, 1038849, 1)
    // Every fork moved by 2%: a change, however many forks.
    val moved = RunData.allocStat(forks(Seq.fill(5)(962300.0 * 1.02): _*), primary)
    val still = RunData.allocStat(forks(962278, 962435, 962373, 962440, 962300), primary)
    assert(CellVerdicts.allocChanged(still, moved), s"$still vs $moved")
    // A file without a fork's allocation for every fork keeps JMH's figures.
    assertEquals(RunData.allocStat(JmhMetric(5, 1, "B/op", Vector(Vector(5.0))), primary), Stat(5, 1, "B/op"))
  }
}
