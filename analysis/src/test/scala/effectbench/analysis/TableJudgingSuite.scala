package effectbench.analysis

import effectbench.stats.{ForkStats, RatioEstimate}
import scala.util.Random

class TableJudgingSuite extends munit.FunSuite {
  /** Forks whose iterations sit tightly (0.5%) around the given means. */
  private def forks(means: Seq[Double], seed: Long = 1): Vector[Vector[Double]] = {
    val g = new Random(seed)
    means.toVector.map(m => Vector.fill(6)(m * (1 + 0.005 * g.nextGaussian())))
  }

  test("a two-state cell is compared through its most frequent state") {
    val two = LaunchStates.estimate(forks(Seq(2.0, 1.0, 2.02, 2.01, 1.01), 4), rounds = Vector(1, 2, 3, 4, 5))
    assert(two.multiState, two.states.toString)
    // 3 of 5 launches at ~2.0.
    assert(math.abs(TableJudging.reference(two).mean - 2.01) < 0.02, TableJudging.reference(two).toString)
    assertEquals(TableJudging.mainState(two).forks, Vector(1, 3, 4))
    val one = LaunchStates.estimate(forks(Seq(1.0, 1.01, 0.99), 5))
    assert(TableJudging.reference(one) eq one, "a one-state cell is its own reference")
  }

  test("on a tie of launches the slower state is the reference") {
    val two = LaunchStates.estimate(forks(Seq(2.0, 1.0, 2.02, 1.01), 6), rounds = Vector(1, 2, 3, 4))
    assert(two.multiState, two.states.toString)
    assert(TableJudging.mainState(two).mean > 1.9, TableJudging.mainState(two).toString)
  }

  test("the fastest: highest for a throughput, lowest for a time, the first on a tie") {
    val cells = Vector("a" -> 3.0, "b" -> 1.0, "c" -> 3.0, "d" -> 1.0).map { case (k, m) =>
      k -> LaunchStates.estimate(forks(Seq(m, m, m)))
    }
    assertEquals(TableJudging.fastest(cells, higher = false).map(_._1), Some("b"))
    assertEquals(TableJudging.fastest(cells, higher = true).map(_._1), Some("a"))
    assertEquals(TableJudging.fastest(Vector.empty[(String, effectbench.stats.CellEstimate)], higher = true), None)
  }

  test("a row's mark: not measured, then under the floor, the fastest, a tie, plain") {
    def r(lo: Double, hi: Double) = Some(RatioEstimate(2, lo, hi, 0.95, paired = false, bimodal = false))
    assertEquals(TableJudging.mark(measured = false, belowFloor = true, isFastest = true, None), RowMark.NotMeasured)
    assertEquals(TableJudging.mark(measured = true, belowFloor = true, isFastest = true, None), RowMark.BelowFloor)
    assertEquals(TableJudging.mark(measured = true, belowFloor = false, isFastest = true, None), RowMark.Fastest)
    assertEquals(TableJudging.mark(measured = true, belowFloor = false, isFastest = false, r(0.9, 2.5)), RowMark.Tie)
    assertEquals(TableJudging.mark(measured = true, belowFloor = false, isFastest = false, r(1.5, 2.5)), RowMark.Plain)
    // No ratio to the fastest (a row without an estimate): plain, not a tie.
    assertEquals(TableJudging.mark(measured = true, belowFloor = false, isFastest = false, None), RowMark.Plain)
    assertEquals(TableJudging.mark(measured = true, belowFloor = false, isFastest = false,
        Some(RatioEstimate(2, Double.NaN, Double.NaN, 0.95, false, false))),
      RowMark.Tie, "no interval decides nothing")
  }

  test("the fastest carries its table's launch prior when three ratios or more were relayed; else none") {
    val g = new Random(12)
    def relayed(score: Double) = LaunchStates.estimate(
      Vector.fill(4) { val l = math.exp(0.08 * g.nextGaussian()); Vector.fill(12)(score * l * math.exp(0.05 * g.nextGaussian())) },
      rounds = Vector(1, 2, 3, 4), cycles = true
    )
    val refs = Vector("f" -> relayed(1.0), "a" -> relayed(1.3), "b" -> relayed(1.6), "c" -> relayed(2.0))
    val (k, f) = TableJudging.withPrior(refs.head, refs)
    assertEquals(k, "f")
    val p = f.prior.getOrElse(fail("no prior from three relayed ratios"))
    assertEquals(p.ratios, 3)
    // Forks not measured in relay turns pair by fork means: no turn ratios, no prior.
    val forked = refs.map { case (key, e) => key -> e.copy(cycles = false) }
    assertEquals(TableJudging.withPrior(forked.head, forked)._2.prior, None)
    assertEquals(TableJudging.withPrior(refs.head, refs.take(3))._2.prior, None)
  }
}
