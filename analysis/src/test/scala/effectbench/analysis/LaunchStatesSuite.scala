package effectbench.analysis

import effectbench.stats.CellRatios
import scala.util.Random

/** Launch states: fork means split by a gap test, and each state's own score and ratios. Synthetic
  * and recorded fork data, nothing timed. */
class LaunchStatesSuite extends munit.FunSuite {
  /** Forks whose iterations sit tightly (0.5%) around the given means. */
  private def forks(means: Seq[Double], seed: Long = 1): Vector[Vector[Double]] = {
    val g = new Random(seed)
    means.toVector.map(m => Vector.fill(6)(m * (1 + 0.005 * g.nextGaussian())))
  }

  test("ping-pong future's fork means by round (0.77, 0.37, 0.80, 0.76, 0.38 ms) are two launch states") {
    val e = LaunchStates.estimate(forks(Seq(0.77, 0.37, 0.80, 0.76, 0.38)), rounds = Vector(1, 2, 3, 4, 5))
    assert(e.multiState, e.states.toString)
    assertEquals(e.states.map(_.forks), Vector(Vector(2, 5), Vector(1, 3, 4)))
    assertEqualsDouble(e.states(1).share, 0.6, 1e-9)
    // Each state's own estimate keeps its forks' rounds, for ratios paired by round.
    assertEquals(e.ofState(e.states(0)).rounds, Vector(2, 5))
    assert(math.abs(e.ofState(e.states(1)).mean - 0.7767) < 0.01)
  }

  test("states 1.5× apart are states when each is tight; a lone fork 3× off among four is a lone launch, not a state") {
    assert(LaunchStates.estimate(forks(Seq(3.27, 3.30, 5.07, 5.77, 3.28))).multiState, "ping-pong monix 3.3 vs 5.1–5.8 ms")
    val fm = LaunchStates.estimate(forks(Seq(0.89, 0.90, 0.88, 2.93)))
    assertEquals(fm.states.map(_.forks), Vector(Vector(1, 2, 3, 4)))
    assertEquals(LaunchStates.lone(fm.forks), Vector(4))
    // A second launch in the slow state makes it one.
    val fm2 = LaunchStates.estimate(forks(Seq(0.89, 0.90, 0.88, 2.93, 2.95)))
    assertEquals(fm2.states.map(_.forks), Vector(Vector(1, 2, 3), Vector(4, 5)))
    assertEquals(LaunchStates.lone(fm2.forks), Vector.empty)
    // `bench states` over many launches counts a lone slow launch as its state.
    assertEquals(LaunchStates.of(fm.forks, minLaunches = 1).map(_.forks), Vector(Vector(1, 2, 3), Vector(4)))
  }

  test("a cell that scatters widely is one state, and so is one whose forks agree") {
    // deep-bind cats-effect's fork means (µs): a spread, no gap.
    assert(!LaunchStates.estimate(forks(Seq(68.0, 78, 72, 73, 99, 87))).multiState)
    // Neighbours up to 30% apart, but the groups on either side spread 7–8% each: a gap 3.4 times the
    // spread, not six, is not evidence of two states.
    assert(!LaunchStates.estimate(forks(Seq(3.06, 4.05, 5.15, 6.34, 8.03))).multiState)
    assert(!LaunchStates.estimate(forks(Seq(100.0, 108, 116, 150, 162, 175))).multiState)
    val g = new Random(5)
    var split = 0
    for (_ <- 1 to 200) {
      val e = LaunchStates.estimate(forks(Seq.fill(6)(100 * math.exp(0.03 * g.nextGaussian())), g.nextLong()))
      if (e.multiState) split += 1
    }
    assertEquals(split, 0, "6 forks with 3% spread never split")
  }

  test("a two-state cell gets a score and ratios per state") {
    val ref = LaunchStates.estimate(forks(Seq(1.0, 1.01, 0.99, 1.0, 1.02), 3), rounds = Vector(1, 2, 3, 4, 5))
    val two = LaunchStates.estimate(forks(Seq(2.0, 1.0, 2.02, 2.01, 1.01), 4), rounds = Vector(1, 2, 3, 4, 5))
    val rs = CellRatios.stateSlowdowns(two, ref, higherIsBetter = false)
    assertEquals(rs.size, 2)
    assert(rs(0).ratio.low <= 1 && 1 <= rs(0).ratio.high, s"the fast state ties the reference: ${rs(0).ratio}")
    assert(rs(1).ratio.low > 1.9 && rs(1).ratio.high < 2.1, s"the slow state is 2×: ${rs(1).ratio}")
    assert(!rs.exists(_.ratio.bimodal), "a state's own ratio is not bimodal")
  }

  test("a lone launch stays in its cell, whose ratio's interval widens to hold it") {
    // business-flow future's fork means in one headline (µs): three launches at ~157, one at 204.
    val ref = LaunchStates.estimate(forks(Seq(42.1, 41.6, 41.6, 48.5), 7), rounds = Vector(1, 2, 3, 4))
    val fut = LaunchStates.estimate(forks(Seq(156.6, 151.8, 161.0, 209.7), 8), rounds = Vector(1, 2, 3, 4))
    assert(!fut.multiState, fut.states.toString)
    assertEquals(LaunchStates.lone(fut.forks), Vector(4))
    val r = CellRatios.slowdown(fut, ref, higherIsBetter = false)
    assert(r.known && r.low < 3.8 && r.high > 4.2, r.toString)
  }

  test("a state of two launches is not left with a t of one degree of freedom") {
    // fork-many cats-effect in one headline (ms): rounds 3 and 4 at 1.85, the others at 0.70.
    val ce = LaunchStates.estimate(forks(Seq(0.699, 0.685, 1.855, 1.837, 0.743), 5), rounds = Vector(1, 2, 3, 4, 5))
    val ref = LaunchStates.estimate(forks(Seq(1.03, 0.81, 1.10, 0.99, 0.95), 6), rounds = Vector(1, 2, 3, 4, 5))
    val slow = CellRatios.stateSlowdowns(ce, ref, higherIsBetter = false).find(_.state.forks.size == 2).get.ratio
    // Paired by its two rounds alone, t(1) = 12.7 made it [0.02, 91]; pooled (3 df) and Welch, a few tens of per cent.
    assert(slow.relHalfWidth < 0.5, slow.toString)
  }
}
