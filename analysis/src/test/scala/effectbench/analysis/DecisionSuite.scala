package effectbench.analysis

import effectbench.stats.{ForkStats, RatioEstimate}
import scala.util.Random

class DecisionSuite extends munit.FunSuite {
  private def cell(rnd: Random, base: Double, forks: Int, forkNoise: Double, drift: Vector[Double] = Vector.empty): Vector[Vector[Double]] =
    Vector.tabulate(forks) { f =>
      val d = if (drift.isEmpty) 1.0 else drift(f)
      val off = 1 + forkNoise * rnd.nextGaussian()
      Vector.fill(5)(base * d * off * (1 + 0.01 * rnd.nextGaussian()))
    }

  test("a ratio's decision: decided, tie, undecided without an interval, bimodal with several modes") {
    def r(lo: Double, hi: Double, bimodal: Boolean = false) = RatioEstimate(2, lo, hi, 0.95, paired = false, bimodal)
    assertEquals(Decision.of(r(1.5, 2.5)), Decision.Decided)
    assertEquals(Decision.of(r(0.9, 2.5)), Decision.Tie)
    assertEquals(Decision.of(r(0.5, 1.0)), Decision.Tie, "an end at 1 holds 1")
    assertEquals(Decision.of(r(Double.NaN, Double.NaN)), Decision.Undecided)
    assertEquals(Decision.of(r(1.5, 2.5, bimodal = true)), Decision.Bimodal)
    assertEquals(Decision.of(r(0.9, 2.5, bimodal = true)), Decision.Bimodal, "bimodal before tie")
    assert(!Decision.tie(r(Double.NaN, Double.NaN)), "no interval is no tie")
    assert(Decision.decided(r(1.5, 2.5)) && !Decision.decided(r(0.9, 2.5)) && !Decision.decided(r(1.5, 2.5, bimodal = true)))
  }

  test("a ratio is decided only when its own interval excludes 1") {
    val rnd = new Random(3)
    val a = LaunchStates.estimate(cell(rnd, 100, 5, 0.03))
    val b = LaunchStates.estimate(cell(rnd, 130, 5, 0.03))
    val r = ForkStats.ratio(a, b)
    assert(Decision.decided(r) && r.low > 1 && r.low < 1.3 && r.high > 1.3, r.toString)
    // Same true score: over many seeds the interval holds 1 about 95% of the time.
    val holds = (1 to 400).count { s =>
      val rr = new Random(s)
      Decision.tie(ForkStats.ratio(LaunchStates.estimate(cell(rr, 100, 3, 0.1)), LaunchStates.estimate(cell(rr, 100, 3, 0.1))))
    }
    assert(holds >= 360 && holds <= 396, s"coverage $holds / 400")
  }

  test("paired rounds: drift that hits both cells alike leaves the unpaired ratio a tie and decides the paired one") {
    val drift = Vector(0.7, 1.4, 1.0, 0.8, 1.25)
    val rnd = new Random(5)
    val rawA = cell(rnd, 100, 5, 0.01, drift)
    val rawB = cell(rnd, 110, 5, 0.01, drift)
    val unpaired = ForkStats.ratio(LaunchStates.estimate(rawA), LaunchStates.estimate(rawB))
    val rounds = Vector(1, 2, 3, 4, 5)
    val paired = ForkStats.ratio(LaunchStates.estimate(rawA, rounds = rounds), LaunchStates.estimate(rawB, rounds = rounds))
    assert(!Decision.decided(unpaired), unpaired.toString)
    assert(paired.paired && Decision.decided(paired) && paired.low > 1.05 && paired.high < 1.15, paired.toString)
  }

  test("a bimodal cell's ratio is never decided") {
    val a = LaunchStates.estimate(Vector(Vector(1616.0, 1558, 1675), Vector(1510.0, 1551, 82.5), Vector(1600.0, 1590, 1610)))
    val b = LaunchStates.estimate(Vector(Vector(50.0, 51, 49), Vector(50.5, 49.5, 50), Vector(50.0, 50, 50)))
    val r = ForkStats.ratio(b, a)
    assert(!Decision.decided(r))
    assertEquals(Decision.of(r), Decision.Bimodal)
  }
}
