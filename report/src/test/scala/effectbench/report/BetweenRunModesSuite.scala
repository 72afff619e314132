package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.analysis.*
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
      assert(CompareNotes.texts(c).exists(_.contains("fewer than 3 forks on a side")), CompareNotes.texts(c).mkString("\n"))
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
    assert(CompareNotes.texts(two).exists(_.contains("they get no verdict")), CompareNotes.texts(two).mkString("\n"))
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
    assert(CompareNotes.texts(c).exists(_.contains("measured with the machine in its usual state")), CompareNotes.texts(c).mkString("\n"))
  }

  test("with 3 forks a side the same split is unlikely to be a launch-chosen state: the verdict stands, no low-fork warning") {
    val c = compare(slowState :+ slowState.head.map(_ * 1.01), fastState :+ fastState.head.map(_ * 0.99))
    assertEquals(c.rows.map(_.verdict), Vector(Verdict.Improved), CompareReport.terminal(c))
    assert(!CompareNotes.texts(c).exists(_.contains("fewer than 3 forks")), CompareNotes.texts(c).mkString("\n"))
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
    assert(CompareNotes.texts(c).exists(_.contains("2 launch states")), CompareNotes.texts(c).mkString("\n"))
  }

  test("launch states whose shares moved beyond the launches' draw are a change, judged on the means") {
    val low = gatherMonixA ++ gatherMonixA.map(_.map(_ * 1.01))
    val high =
      gatherMonixB.take(3).map(_.takeRight(2)) ++ gatherMonixB.take(3).map(_.takeRight(2).map(_ * 0.99)) :+ gatherMonixB(1).map(_ * 1.02)
    val b = high :+ low.head
    val c = compare(low, b)
    assertEquals(c.rows.map(_.verdict), Vector(Verdict.Regressed), CompareReport.terminal(c))
    assert(CompareNotes.texts(c).exists(_.contains("a change in which state launches land in")), CompareNotes.texts(c).mkString("\n"))
    assertEquals(compare(b, low).rows.map(_.verdict), Vector(Verdict.Improved))
  }

  test("a state that moved by itself decides the verdict, with its own ratio") {
    val fast = Vector(Vector(100.0, 101, 99), Vector(100.5, 100, 101), Vector(99.5, 100, 100.5), Vector(100.2, 99.8, 100.1))
    val slow = Vector(Vector(300.0, 302, 298), Vector(301.0, 299, 300))
    val c = compare(fast ++ slow, fast.map(_.map(_ * 1.12)) ++ slow)
    assertEquals(c.rows.map(_.verdict), Vector(Verdict.Regressed), CompareReport.terminal(c))
    assertEqualsDouble(c.rows.head.ratio, 1.12, 0.005)
    assert(CompareNotes.texts(c).exists(_.contains("moved by itself")), CompareNotes.texts(c).mkString("\n"))
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
    assert(CompareNotes.texts(c).exists(_.contains("over 2 cells' tests, Holm")), CompareNotes.texts(c).mkString("\n"))
  }
}
