package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.analysis.*
import effectbench.stats.Stat
import effectbench.store.RunData

/** compare of two runs whose forks sit in different launch-chosen states: on the forks measured
  * for future deep-bind (run A near 4.4 ms, run B near 2.8 ms, same build), and on a real change. */
class BetweenRunModesSuite extends munit.FunSuite {
  private val key = "deep-bind/default/future/d=10000/fork"
  private val slowState = Vector(Vector(4550.19, 4256.66, 4347.54), Vector(4614.35, 4580.98, 4482.50))
  private val fastState = Vector(Vector(2779.59, 2965.84, 2857.66), Vector(2668.97, 2620.19, 2752.92))

  private def compare(a: Vector[Vector[Double]], b: Vector[Vector[Double]]): RunComparison = {
    val root = SyntheticRun.tempDir("modes")
    val ra = SyntheticRun.write(root.resolve("a"), "a", Vector(SyntheticRun.Spec(key, 1, raw = Some(a))))
    val rb = SyntheticRun.write(root.resolve("b"), "b", Vector(SyntheticRun.Spec(key, 1, raw = Some(b))))
    RunComparison.compare(RunData.load(ra), RunData.load(rb), 0.05)
  }

  test("the measured case: A in the slow state, B in the fast one, 2 forks each: unstable, neither improved nor regressed") {
    for ((a, b) <- Seq(slowState -> fastState, fastState -> slowState)) {
      val c = compare(a, b)
      assertEquals(c.rows.map(_.verdict), Vector(Verdict.Unstable(2, 2)), CompareReport.terminal(c))
      assert(c.regressed.isEmpty && c.improved.isEmpty, "never counted, so --fail-on-regression does not fail")
      assertEquals(c.unstable.size, 1)
      assert(c.warnings.exists(_.contains("fewer than 3 forks on a side")), c.warnings.mkString("\n"))
      assert(CompareReport.terminal(c).contains("1 unstable"), CompareReport.terminal(c))
      assert(CompareReport.terminal(c).contains("unstable: modes differ between runs (2 forks each)"), CompareReport.terminal(c))
    }
  }

  test("an unstable cell is left out of the geometric mean, and the summary says so") {
    val root = SyntheticRun.tempDir("modes-geo")
    val other = "deep-bind/default/zio/d=10000/fork"
    val steady = Vector(Vector(100.0, 101, 99), Vector(100.5, 100, 101), Vector(99.5, 100, 100.5))
    val ra = SyntheticRun.write(root.resolve("a"), "a",
      Vector(SyntheticRun.Spec(key, 1, raw = Some(slowState)), SyntheticRun.Spec(other, 1, raw = Some(steady))))
    val rb = SyntheticRun.write(root.resolve("b"), "b",
      Vector(SyntheticRun.Spec(key, 1, raw = Some(fastState)), SyntheticRun.Spec(other, 1, raw = Some(steady.map(_.map(_ * 1.1))))))
    val c = RunComparison.compare(RunData.load(ra), RunData.load(rb), 0.05)
    assertEquals(c.unstable.map(_.key), Vector(key), CompareReport.terminal(c))
    // Only zio's +10% counts; with future's 0.62× in it the mean would be about −17%.
    assertEqualsDouble(c.geomean.get._1, 1.1, 0.01)
    assert(CompareReport.terminal(c).contains("geometric mean over 1 cells (1 unstable left out)"), CompareReport.terminal(c))
  }

  test("a real 20% regression is flagged with 3 forks a side (the states are not BetweenRunGap apart); with 2 a side it gets no verdict") {
    val a = Vector(Vector(100.0, 101, 99), Vector(100.5, 100, 101), Vector(99.5, 100, 100.5))
    val b = a.map(_.map(_ * 1.2))
    val c = compare(a, b)
    assertEquals(c.rows.map(_.verdict), Vector(Verdict.Regressed), CompareReport.terminal(c))
    assertEquals(compare(b, a).rows.map(_.verdict), Vector(Verdict.Improved))
    // Two forks a side: a t-interval on one or two degrees of freedom decides nothing.
    val two = compare(a.take(2), b.take(2))
    assertEquals(two.rows.map(_.verdict), Vector(Verdict.Same), CompareReport.terminal(two))
    assert(two.warnings.exists(_.contains("they get no verdict")), two.warnings.mkString("\n"))
  }

  test("forks kept though the machine was away count toward no verdict: 3 forks a side, one of them such, get none") {
    val a = Vector(Vector(100.0, 101, 99), Vector(100.5, 100, 101), Vector(99.5, 100, 100.5))
    val b = a.map(_.map(_ * 1.2))
    val root = SyntheticRun.tempDir("away")
    val ra = SyntheticRun.write(root.resolve("a"), "a", Vector(SyntheticRun.Spec(key, 1, raw = Some(a))))
    val rb = SyntheticRun.write(root.resolve("b"), "b", Vector(SyntheticRun.Spec(key, 1, raw = Some(b))))
    def check(cell: String, verdict: String) = effectbench.store.CanaryLog.ForkCheck("t", cell, 2, 1, 0, Vector(Double.NaN),
      Vector(Double.NaN), Vector(70.0), verdict, 0.0, "jmh/x.round-2.set-aside-1.json", unit = "ns")
    effectbench.store.CanaryLog.append(rb, check("another/cell", effectbench.store.CanaryLog.Verdict.Slow))
    effectbench.store.CanaryLog.append(rb, check(key, effectbench.store.CanaryLog.Verdict.SetAside))
    val before = RunComparison.compare(RunData.load(ra), RunData.load(rb), 0.05)
    assertEquals(before.rows.map(_.verdict), Vector(Verdict.Regressed), "another cell's fork kept, this one's only set aside")
    effectbench.store.CanaryLog.append(rb, check(key, effectbench.store.CanaryLog.Verdict.Slow))
    val c = RunComparison.compare(RunData.load(ra), RunData.load(rb), 0.05)
    assertEquals(c.rows.map(_.verdict), Vector(Verdict.Same), CompareReport.terminal(c))
    assert(c.warnings.exists(_.contains("measured with the machine in its usual state")), c.warnings.mkString("\n"))
  }

  test("with 3 forks a side the same split is unlikely to be a launch-chosen state: the verdict stands, no low-fork warning") {
    val c = compare(slowState :+ slowState.head.map(_ * 1.01), fastState :+ fastState.head.map(_ * 0.99))
    assertEquals(c.rows.map(_.verdict), Vector(Verdict.Improved), CompareReport.terminal(c))
    assert(!c.warnings.exists(_.contains("fewer than 3 forks")), c.warnings.mkString("\n"))
  }

  test("the chance that a launch-chosen state splits the sides: 12.5% at 2 forks each, 3.1% at 3") {
    assertEqualsDouble(RunComparison.launchSplitChance(2, 2), 0.125, 1e-12)
    assertEqualsDouble(RunComparison.launchSplitChance(3, 3), 2.0 / 64, 1e-12)
  }

  test("forks of both states on one side are not a between-run split: launch states in like shares, not counted") {
    val c = compare(Vector(slowState.head, fastState.head), Vector(slowState(1), fastState(1)))
    assertEquals(c.rows.map(_.verdict.isInstanceOf[Verdict.Unstable]), Vector(false), CompareReport.terminal(c))
    c.rows.head.verdict match {
      case Verdict.StateShares(fs, _, p) => assertEquals(fs, Vector((1, 1), (1, 1))); assertEqualsDouble(p, 1.0, 1e-9)
      case v => fail(s"expected launch states, got $v")
    }
  }

  // Monix's forked gather in two quick headlines of one build (4a2a17a, the 2-core KVM guest), its
  // rounds' iterations (µs): A's four forks at the lower level; B's first fork turned from it to the
  // higher one after two iterations, two more at the higher, the last at the lower.
  private val gatherMonixA =
    Vector(Vector(121.0, 123, 122, 123), Vector(122.0, 126, 128, 129), Vector(126.0, 127, 129, 132), Vector(127.0, 129, 130, 136))
  private val gatherMonixB =
    Vector(Vector(129.0, 135, 327, 332), Vector(332.0, 310, 357, 304), Vector(294.0, 320, 304, 320), Vector(123.0, 129, 137, 134))

  test("the measured case: one run in the lower level, the other in both, 4 forks each: launch states, neither regressed nor counted") {
    val c = compare(gatherMonixA, gatherMonixB)
    c.rows.head.verdict match {
      case Verdict.StateShares(fs, factor, p) =>
        assertEquals(fs, Vector((4, 1), (0, 3)))
        assert(factor > 2.3 && factor < 2.7, factor.toString)
        // 0 of 4 against 3 of 4: as likely as 7% from launches that pick a level alike.
        assert(p > 0.05 && p < 0.1, p.toString)
      case v => fail(s"expected launch states, got $v\n${CompareReport.terminal(c)}")
    }
    assert(c.regressed.isEmpty && c.improved.isEmpty, CompareReport.terminal(c))
    assertEquals(c.unstable.size, 1)
    assert(c.geomean.isEmpty, "an uncounted cell stays out of the geometric mean")
    assert(CompareReport.terminal(c).contains("unstable: launch states (A 4+0, B 1+3 forks"), CompareReport.terminal(c))
    assert(c.warnings.exists(_.contains("2 launch states")), c.warnings.mkString("\n"))
  }

  test("launch states whose shares moved beyond the launches' draw are a change, judged on the means") {
    val low = gatherMonixA ++ gatherMonixA.map(_.map(_ * 1.01))
    val high =
      gatherMonixB.take(3).map(_.takeRight(2)) ++ gatherMonixB.take(3).map(_.takeRight(2).map(_ * 0.99)) :+ gatherMonixB(1).map(_ * 1.02)
    val b = high :+ low.head
    val c = compare(low, b)
    assertEquals(c.rows.map(_.verdict), Vector(Verdict.Regressed), CompareReport.terminal(c))
    assert(c.warnings.exists(_.contains("a change in which state launches land in")), c.warnings.mkString("\n"))
    assertEquals(compare(b, low).rows.map(_.verdict), Vector(Verdict.Improved))
  }

  test("a state that moved by itself decides the verdict, with its own ratio") {
    val fast = Vector(Vector(100.0, 101, 99), Vector(100.5, 100, 101), Vector(99.5, 100, 100.5), Vector(100.2, 99.8, 100.1))
    val slow = Vector(Vector(300.0, 302, 298), Vector(301.0, 299, 300))
    val c = compare(fast ++ slow, fast.map(_.map(_ * 1.12)) ++ slow)
    assertEquals(c.rows.map(_.verdict), Vector(Verdict.Regressed), CompareReport.terminal(c))
    assertEqualsDouble(c.rows.head.ratio, 1.12, 0.005)
    assert(c.warnings.exists(_.contains("moved by itself")), c.warnings.mkString("\n"))
  }

  // Monix's fork-many in two quick headlines of one build (23c2988, the 2-core KVM guest), its
  // rounds' iterations (ms): A's first fork at the lower level, its other three 2.7× higher; B's five
  // all at the lower.
  private val forkManyMonixA = Vector(Vector(1.690, 1.857, 1.776, 1.695), Vector(4.396, 4.400, 4.164, 4.251),
    Vector(4.986, 4.735, 4.779, 4.474), Vector(4.710, 4.181, 4.907, 4.431))
  private val forkManyMonixB = Vector(Vector(1.641, 1.612, 1.678, 1.727), Vector(1.647, 1.653, 1.693, 1.608),
    Vector(1.748, 1.713, 1.716, 1.669), Vector(1.630, 1.668, 1.539, 1.675), Vector(1.580, 1.756, 1.668, 1.712))

  test(
    "the launch-state tests of all cells are one family (Holm): the measured A/A flag of fork-many Monix is not counted beside a second cell in states"
  ) {
    val forkMany = "fork-many/default/monix/f=10000/fork"
    val root = SyntheticRun.tempDir("holm")
    def run(name: String, specs: Vector[SyntheticRun.Spec]) = RunData.load(SyntheticRun.write(root.resolve(name), name, specs))
    // Alone, 1+3 against 5+0 is as likely as 0.039 from the launches' draw: below 5%, judged on the means.
    val alone = RunComparison.compare(
      run("a1", Vector(SyntheticRun.Spec(forkMany, 1, raw = Some(forkManyMonixA)))),
      run("b1", Vector(SyntheticRun.Spec(forkMany, 1, raw = Some(forkManyMonixB)))), 0.05
    )
    assertEquals(alone.rows.map(_.verdict), Vector(Verdict.Improved), CompareReport.terminal(alone))
    // Beside gather Monix (launch states in like shares, 0.07): two cells tested, 0.039 × 2 ≥ 5%.
    val c = RunComparison.compare(
      run("a2", Vector(SyntheticRun.Spec(forkMany, 1, raw = Some(forkManyMonixA)), SyntheticRun.Spec(key, 1, raw = Some(gatherMonixA)))),
      run("b2", Vector(SyntheticRun.Spec(forkMany, 1, raw = Some(forkManyMonixB)), SyntheticRun.Spec(key, 1, raw = Some(gatherMonixB)))),
      0.05
    )
    assert(c.regressed.isEmpty && c.improved.isEmpty, CompareReport.terminal(c))
    assertEquals(c.unstable.size, 2, CompareReport.terminal(c))
    c.rows.find(_.key == forkMany).map(_.verdict) match {
      case Some(Verdict.StateShares(fs, _, p)) =>
        assertEquals(fs, Vector((1, 5), (3, 0)))
        assert(p > 0.07 && p < 0.09, p.toString)
      case v => fail(s"expected launch states, got $v")
    }
    assert(c.warnings.exists(_.contains("over 2 cells' tests, Holm")), c.warnings.mkString("\n"))
  }

  test("Holm's adjustment: smallest first, times the tests left, never below the one before; untested cells stay NaN") {
    val adj = RunComparison.holm(Vector(0.04, Double.NaN, 0.01, 0.03, 0.5))
    assertEqualsDouble(adj(2), 0.04, 1e-12) // 0.01 × 4
    assertEqualsDouble(adj(3), 0.09, 1e-12) // 0.03 × 3
    assertEqualsDouble(adj(0), 0.09, 1e-12) // 0.04 × 2 = 0.08, raised to the one before
    assertEqualsDouble(adj(4), 0.5, 1e-12)
    assert(adj(1).isNaN)
    assertEqualsDouble(RunComparison.holm(Vector(0.3, 0.6))(1), 0.6, 1e-12)
    assertEqualsDouble(RunComparison.holm(Vector(0.7, 0.6)).max, 1.0, 1e-12)
  }

  test("the share test: Barnard's at its largest over the state's chance; an all-or-nothing split is launchSplitChance") {
    assertEqualsDouble(RunComparison.shareChance(2, 2, 0, 2), RunComparison.launchSplitChance(2, 2), 1e-12)
    assertEqualsDouble(RunComparison.shareChance(0, 3, 3, 3), RunComparison.launchSplitChance(3, 3), 1e-12)
    assertEqualsDouble(RunComparison.shareChance(1, 2, 1, 2), 1.0, 1e-9)
    // Three states: the least over the two cuts, times two.
    val one = RunComparison.shareChance(4, 8, 0, 8)
    assertEqualsDouble(RunComparison.sharesChance(Vector((4, 0), (0, 4), (4, 4))), math.min(1, 2 * one), 1e-12)
    assert(RunComparison.shareChance(0, 8, 7, 8) < 0.01)
  }

  test("B/op: a change is flagged only when the runs' allocation intervals part (two runs of one build flag nothing)") {
    // Measured on two quick deep-bind runs of one build: baseline fork iterations 258–272 vs 251–274
    // B/op; scalaz fork 1,361,8xx in every JVM of A, 961,549 in one JVM of B (a launch-chosen state).
    // The errors are JMH's 99.9% ones over those iterations.
    assert(!RunComparison.allocChanged(Stat(266.6, 16.3, "B/op"), Stat(262.7, 22.0, "B/op")))
    assert(!RunComparison.allocChanged(Stat(1362077, 900, "B/op"), Stat(1161830, 614000, "B/op")))
    // Deterministic allocation that moved by 2%: flagged.
    assert(RunComparison.allocChanged(Stat(481136, 2, "B/op"), Stat(490759, 2, "B/op")))
    assert(!RunComparison.allocChanged(Stat(481136, 2, "B/op"), Stat(481140, 2, "B/op")))
  }

  test("B/op of cells measured in rounds: the interval is over forks, so a launch-chosen allocation is not a change") {
    import effectbench.store.JmhMetric
    // Two quick deep-bind runs of one build, scalaz fork entry, each fork's B/op (5 rounds each);
    // JMH's own error of a round is about ±700 B/op.
    def forks(bs: Double*) = JmhMetric(bs.sum / bs.size, 700, "B/op", bs.toVector.map(b => Vector(b - 50, b + 50)))
    val primary = Vector.fill(5)(Vector(230.0, 231.0))
    val a = RunData.allocStat(forks(962278, 1344719, 962435, 962373, 962440), primary)
    val b = RunData.allocStat(forks(962504, 1362773, 1362686, 961917, 1362583), primary)
    assert(!RunComparison.allocChanged(a, b), s"$a vs $b")
    assertEqualsDouble(a.score, 1038849, 1)
    // Every fork moved by 2%: a change, however many forks.
    val moved = RunData.allocStat(forks(Seq.fill(5)(962300.0 * 1.02): _*), primary)
    val still = RunData.allocStat(forks(962278, 962435, 962373, 962440, 962300), primary)
    assert(RunComparison.allocChanged(still, moved), s"$still vs $moved")
    // A file without a fork's allocation for every fork keeps JMH's figures.
    assertEquals(RunData.allocStat(JmhMetric(5, 1, "B/op", Vector(Vector(5.0))), primary), Stat(5, 1, "B/op"))
  }
}
