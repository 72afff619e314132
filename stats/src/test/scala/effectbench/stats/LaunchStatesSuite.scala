package effectbench.stats

import scala.util.Random

/** Launch states: fork means split by a gap test, each state's own score and ratios, and the fork
  * length chosen from the variance components. Synthetic and recorded fork data, nothing timed. */
class LaunchStatesSuite extends munit.FunSuite {
  /** Forks whose iterations sit tightly (0.5%) around the given means. */
  private def forks(means: Seq[Double], seed: Long = 1): Vector[Vector[Double]] = {
    val g = new Random(seed)
    means.toVector.map(m => Vector.fill(6)(m * (1 + 0.005 * g.nextGaussian())))
  }

  test("ping-pong future's fork means by round (0.77, 0.37, 0.80, 0.76, 0.38 ms) are two launch states") {
    val e = ForkStats.estimate(forks(Seq(0.77, 0.37, 0.80, 0.76, 0.38)), rounds = Vector(1, 2, 3, 4, 5))
    assert(e.multiState, e.states.toString)
    assertEquals(e.states.map(_.forks), Vector(Vector(2, 5), Vector(1, 3, 4)))
    assertEqualsDouble(e.states(1).share, 0.6, 1e-9)
    // Each state's own estimate keeps its forks' rounds, for ratios paired by round.
    assertEquals(e.ofState(e.states(0)).rounds, Vector(2, 5))
    assert(math.abs(e.ofState(e.states(1)).mean - 0.7767) < 0.01)
  }

  test("states 1.5× apart are states when each is tight; a lone fork 3× off among four is a lone launch, not a state") {
    assert(ForkStats.estimate(forks(Seq(3.27, 3.30, 5.07, 5.77, 3.28))).multiState, "ping-pong monix 3.3 vs 5.1–5.8 ms")
    val fm = ForkStats.estimate(forks(Seq(0.89, 0.90, 0.88, 2.93)))
    assertEquals(fm.states.map(_.forks), Vector(Vector(1, 2, 3, 4)))
    assertEquals(ForkStats.loneLaunches(fm.forks), Vector(4))
    // A second launch in the slow state makes it one.
    val fm2 = ForkStats.estimate(forks(Seq(0.89, 0.90, 0.88, 2.93, 2.95)))
    assertEquals(fm2.states.map(_.forks), Vector(Vector(1, 2, 3), Vector(4, 5)))
    assertEquals(ForkStats.loneLaunches(fm2.forks), Vector.empty)
    // `bench states` over many launches counts a lone slow launch as its state.
    assertEquals(ForkStats.launchStates(fm.forks, minLaunches = 1).map(_.forks), Vector(Vector(1, 2, 3), Vector(4)))
  }

  test("a cell that scatters widely is one state, and so is one whose forks agree") {
    // deep-bind cats-effect's fork means (µs): a spread, no gap.
    assert(!ForkStats.estimate(forks(Seq(68.0, 78, 72, 73, 99, 87))).multiState)
    // Neighbours up to 30% apart, but the groups on either side spread 7–8% each: a gap 3.4 times the
    // spread, not six, is not evidence of two states.
    assert(!ForkStats.estimate(forks(Seq(3.06, 4.05, 5.15, 6.34, 8.03))).multiState)
    assert(!ForkStats.estimate(forks(Seq(100.0, 108, 116, 150, 162, 175))).multiState)
    val g = new Random(5)
    var split = 0
    for (_ <- 1 to 200) {
      val e = ForkStats.estimate(forks(Seq.fill(6)(100 * math.exp(0.03 * g.nextGaussian())), g.nextLong()))
      if (e.multiState) split += 1
    }
    assertEquals(split, 0, "6 forks with 3% spread never split")
  }

  test("a two-state cell gets a score and ratios per state") {
    val ref = ForkStats.estimate(forks(Seq(1.0, 1.01, 0.99, 1.0, 1.02), 3), rounds = Vector(1, 2, 3, 4, 5))
    val two = ForkStats.estimate(forks(Seq(2.0, 1.0, 2.02, 2.01, 1.01), 4), rounds = Vector(1, 2, 3, 4, 5))
    val rs = CellRatios.stateSlowdowns(two, ref, higherIsBetter = false)
    assertEquals(rs.size, 2)
    assert(rs(0).ratio.low <= 1 && 1 <= rs(0).ratio.high, s"the fast state ties the reference: ${rs(0).ratio}")
    assert(rs(1).ratio.low > 1.9 && rs(1).ratio.high < 2.1, s"the slow state is 2×: ${rs(1).ratio}")
    assert(!rs.exists(_.ratio.bimodal), "a state's own ratio is not bimodal")
  }

  test("a lone launch stays in its cell, whose ratio's interval widens to hold it") {
    // business-flow future's fork means in one headline (µs): three launches at ~157, one at 204.
    val ref = ForkStats.estimate(forks(Seq(42.1, 41.6, 41.6, 48.5), 7), rounds = Vector(1, 2, 3, 4))
    val fut = ForkStats.estimate(forks(Seq(156.6, 151.8, 161.0, 209.7), 8), rounds = Vector(1, 2, 3, 4))
    assert(!fut.multiState, fut.states.toString)
    assertEquals(ForkStats.loneLaunches(fut.forks), Vector(4))
    val r = CellRatios.slowdown(fut, ref, higherIsBetter = false)
    assert(r.known && r.low < 3.8 && r.high > 4.2, r.toString)
  }

  test("a state of two launches is not left with a t of one degree of freedom") {
    // fork-many cats-effect in one headline (ms): rounds 3 and 4 at 1.85, the others at 0.70.
    val ce = ForkStats.estimate(forks(Seq(0.699, 0.685, 1.855, 1.837, 0.743), 5), rounds = Vector(1, 2, 3, 4, 5))
    val ref = ForkStats.estimate(forks(Seq(1.03, 0.81, 1.10, 0.99, 0.95), 6), rounds = Vector(1, 2, 3, 4, 5))
    val slow = CellRatios.stateSlowdowns(ce, ref, higherIsBetter = false).find(_.state.forks.size == 2).get.ratio
    // Paired by its two rounds alone, t(1) = 12.7 made it [0.02, 91]; pooled (3 df) and Welch, a few tens of per cent.
    assert(slow.relHalfWidth < 0.5, slow.toString)
  }

  test("fork length: launch-dominated cells get short forks, iteration-dominated long ones, warm-up follows the judge") {
    val g = new Random(9)
    // Launches 10% apart, iterations 0.5%: the fewest iterations.
    val launchy = forks(Seq.fill(5)(100 * (1 + 0.1 * g.nextGaussian())), 2).zipWithIndex.map { case (xs, i) =>
      ForkSteady(i + 1, xs, 0, true)
    }
    val (s1, why1) = ForkShape.next(launchy, ForkShape.Shape(2, 6), 1.0, 0.5, 0.25)
    assertEquals(s1, ForkShape.Shape(2, ForkShape.MinIterations), why1)
    // Launches agree, iterations scatter 10%: the most iterations.
    val itery = Vector.tabulate(5)(i => ForkSteady(i + 1, Vector(90.0, 110, 90, 110, 90, 110), 0, true))
    val c = ForkShape.components(itery).get
    assert(c.within > 0.005 && c.between == 0, c.toString)
    assertEquals(ForkShape.next(itery, ForkShape.Shape(2, 6), 1.0, 0.5, 0.25)._1.iterations, ForkShape.MaxIterations)
    // Two leading iterations still trending in a fork: one more 0.5 s warm-up; a fork that never settled doubles it.
    val warming = launchy.updated(0, launchy(0).copy(dropped = 2))
    assertEquals(ForkShape.next(warming, ForkShape.Shape(2, 6), 1.0, 0.5, 0.25)._1.warmups, 3)
    val unsettled = launchy.updated(0, launchy(0).copy(settled = false))
    assertEquals(ForkShape.next(unsettled, ForkShape.Shape(2, 6), 1.0, 0.5, 0.25)._1.warmups, 4)
    // Kalibera & Jones' optimum: sqrt(c_fork/c_it · T2/T1).
    assertEquals(ForkShape.optimalIterations(ForkShape.Components(0.0001, 0.0004, 6), 2.0, 0.25), 6) // sqrt(8·4) = 5.66
  }

  test("a table's one shape: the most warm-up any cell asks for, the median of the iterations") {
    val base = ForkShape.Shape(2, 6)
    assertEquals(ForkShape.common(Vector.empty, base), base)
    assertEquals(ForkShape.common(Vector(ForkShape.Shape(6, 4), ForkShape.Shape(2, 12), ForkShape.Shape(3, 5)), base),
      ForkShape.Shape(6, 5))
    // An even count: the mean of the two middle ones (Describe.median), rounded up to a whole iteration.
    assertEquals(ForkShape.common(Vector(ForkShape.Shape(2, 4), ForkShape.Shape(5, 12)), base), ForkShape.Shape(5, 8))
    assertEquals(ForkShape.common(Vector(ForkShape.Shape(2, 4), ForkShape.Shape(5, 7)), base), ForkShape.Shape(5, 6))
  }

  test("under a time budget a shape keeps the profile's measured seconds: warm-up paid for with iterations") {
    val base = ForkShape.Shape(2, 6) // 2 × 0.5 s + 6 × 0.25 s = 2.5 s
    def seconds(s: ForkShape.Shape) = s.warmups * 0.5 + s.iterations * 0.25
    assertEquals(ForkShape.within(ForkShape.Shape(2, 4), base, 0.5, 0.25), ForkShape.Shape(2, 4)) // shorter: as asked
    assertEquals(ForkShape.within(ForkShape.Shape(4, 6), base, 0.5, 0.25), ForkShape.Shape(3, 4))
    assertEquals(ForkShape.within(ForkShape.Shape(3, 12), base, 0.5, 0.25), ForkShape.Shape(3, 4))
    assertEquals(ForkShape.within(ForkShape.Shape(2, 12), base, 0.5, 0.25), base)
    for (w <- 0 to ForkShape.MaxWarmups; i <- ForkShape.MinIterations to ForkShape.MaxIterations) {
      val s = ForkShape.within(ForkShape.Shape(w, i), base, 0.5, 0.25)
      assert(seconds(s) <= seconds(base) + 1e-9 && s.iterations >= ForkShape.MinIterations, s"$w + $i -> $s")
    }
  }
}
