package effectbench.stats

import scala.util.Random

/** Ratios from relay rounds: per round, B's turns against A's turns of the same cycles; the interval
  * over rounds. Synthetic launches whose turns drift together (the machine), nothing timed. */
class TurnRatioSuite extends munit.FunSuite {
  /** `rounds` launches of `cycles` turns of a cell scoring `score`; every turn is scaled by the cycle's
    * drift (shared by the cells of a round: `drift(round)(cycle)`), by the launch's own factor and by
    * 1% of noise of the turn's own. */
  private def cell(score: Double, drift: Vector[Vector[Double]], launch: Vector[Double], rnd: Random): Vector[Vector[Double]] =
    drift.zip(launch).map { case (d, l) => d.map(x => score * x * l * math.exp(0.01 * rnd.nextGaussian())) }

  private def drift(rounds: Int, cycles: Int, rnd: Random): Vector[Vector[Double]] =
    Vector.fill(rounds) {
      // A slow walk with spikes: the machine's drift over seconds, 20–30% from turn to turn.
      Vector.iterate(1.0, cycles)(x => math.max(0.3, x * math.exp(0.25 * rnd.nextGaussian())))
    }

  private def relayed(raw: Vector[Vector[Double]]): CellEstimate =
    ForkStats.estimate(raw, OneState.rule, 0.95, raw.indices.map(_ + 1).toVector, cycles = true)

  test("turns paired by cycle: the within-launch spread is the turns' own noise, not the machine's drift") {
    val rnd = new Random(11)
    val d = drift(5, 20, rnd)
    val ones = Vector.fill(5)(1.0)
    val a = relayed(cell(100, d, ones, rnd))
    val b = relayed(cell(130, d, ones, rnd))
    val turns = ForkStats.turnRatios(a, b)
    assertEquals(turns.map(_.round), Vector(1, 2, 3, 4, 5))
    turns.foreach { t =>
      assert(t.withinSd < 0.03, s"round ${t.round}: within-launch spread ${t.withinSd} (the drift is ~0.25 a turn)")
      assertEqualsDouble(math.exp(t.logRatio), 1.3, 0.02)
    }
    val r = ForkStats.ratio(a, b)
    assert(r.paired && r.low < 1.3 && 1.3 < r.high, r.toString)
    assert(r.relHalfWidth < 0.02, r.toString)
  }

  test("launch-to-launch differences (JIT outcomes) widen the interval over rounds, and it still holds the true ratio") {
    val rnd = new Random(5)
    val misses = (1 to 200).count { i =>
      val d = drift(4, 20, rnd)
      val la = Vector.fill(4)(math.exp(0.05 * rnd.nextGaussian()))
      val lb = Vector.fill(4)(math.exp(0.05 * rnd.nextGaussian()))
      val r = ForkStats.ratio(relayed(cell(100, d, la, rnd)), relayed(cell(125, d, lb, rnd)))
      !(r.low <= 1.25 && 1.25 <= r.high)
    }
    // A 95% interval misses about 10 of 200; 25 would be a broken interval.
    assert(misses <= 20, s"$misses of 200 intervals missed 1.25")
  }

  test("rounds that agree by chance: the interval is never narrower than the rounds' own turns allow") {
    // Every round holds the same noisy turns (20% apart), so the four rounds' centres agree exactly:
    // over the rounds alone the interval would have no width at all.
    val rnd = new Random(3)
    val noise = Vector.fill(12)(0.2 * rnd.nextGaussian())
    val a = relayed(Vector.fill(4)(Vector.fill(12)(100.0)))
    val b = relayed(Vector.fill(4)(noise.map(x => 110.0 * math.exp(x))))
    val turns = ForkStats.turnRatios(a, b)
    assertEquals(turns.size, 4)
    assert(turns.map(_.logRatio).distinct.size == 1, turns.toString)
    val se = turns.head.withinSe
    assert(se > 0.03 && se < 0.12, s"the centre's error from 12 turns 20% apart: $se")
    val r = ForkStats.ratio(a, b)
    val half = math.log(r.high / r.ratio)
    // t on 3 df (3.18) times the turns' own error of a round's centre, over √4 rounds.
    assertEqualsDouble(half, ForkStats.tQuantile(0.95, 3) * se / 2, 1e-9)
    assert(r.relHalfWidth > 0.05, r.toString)
  }

  test("the within-round floor leaves rounds that spread more than their turns as they were") {
    val rnd = new Random(8)
    val d = drift(4, 20, rnd)
    // Launches 20% apart against 1% of turn noise: the rounds' own spread is the wider one.
    val la = Vector(1.0, 1.2, 0.85, 1.1)
    val a = relayed(cell(100, d, Vector.fill(4)(1.0), rnd))
    val b = relayed(cell(100, d, la, rnd))
    val turns = ForkStats.turnRatios(a, b)
    val r = ForkStats.ratio(a, b)
    assertEqualsDouble(math.log(r.high / r.ratio), MeanInterval.halfWidth(turns.map(_.logRatio), 0.95), 1e-12)
  }

  test("the centre's error: a robust spread over √n, the Hodges–Lehmann centre's on normal data") {
    val rnd = new Random(17)
    val xs = Vector.fill(4000)(0.1 * rnd.nextGaussian())
    assertEqualsDouble(ForkStats.centreError(xs), 0.1 * math.sqrt(math.Pi / 3) / math.sqrt(4000.0), 0.0001)
    // One wild turn in twelve moves it little.
    val twelve = Vector.fill(12)(0.1 * rnd.nextGaussian())
    val wild = twelve.updated(5, 3.0)
    assert(ForkStats.centreError(wild) < 1.5 * ForkStats.centreError(twelve))
    assert(ForkStats.centreError(Vector(0.1, 0.2)).isNaN)
  }

  test("Hodges–Lehmann: the median of the pairwise means, one wild value hardly moving it") {
    assertEqualsDouble(ForkStats.hodgesLehmann(Vector(1.0, 2.0, 3.0)), 2.0, 1e-12)
    assertEqualsDouble(ForkStats.hodgesLehmann(Vector(0.0, 0.0, 0.0, 0.0, 10.0)), 0.0, 1e-12)
    assertEqualsDouble(ForkStats.hodgesLehmann(Vector(1.0, 4.0)), 2.5, 1e-12)
    assert(ForkStats.hodgesLehmann(Vector.empty).isNaN)
  }

  test("a turn the machine took away is one slow turn, not the round's ratio") {
    val rnd = new Random(17)
    val d = drift(5, 20, rnd)
    val ones = Vector.fill(5)(1.0)
    val a = cell(100, d, ones, rnd)
    // In every round one of B's turns is preempted for most of its time: 4× its usual time.
    val b = cell(130, d, ones, rnd).map(turns => turns.updated(12, turns(12) * 4))
    val turns = ForkStats.turnRatios(relayed(a), relayed(b))
    turns.foreach(t => assertEqualsDouble(math.exp(t.logRatio), 1.3, 0.03))
  }

  test("A/A: one cell twice in a relay is a tie") {
    val rnd = new Random(3)
    val d = drift(6, 20, rnd)
    val launch = Vector.fill(6)(1.0)
    val r = ForkStats.ratio(relayed(cell(100, d, launch, rnd)), relayed(cell(100, d, launch, rnd)))
    assert(r.known && r.low <= 1 && 1 <= r.high, r.toString)
  }

  test("cells not both relayed keep the ratio of fork means, paired by round") {
    val rnd = new Random(2)
    val d = drift(4, 10, rnd)
    val ones = Vector.fill(4)(1.0)
    val (ra, rb) = (cell(100, d, ones, rnd), cell(150, d, ones, rnd))
    val a = ForkStats.estimate(ra, OneState.rule, 0.95, Vector(1, 2, 3, 4))
    val b = relayed(rb)
    assertEquals(ForkStats.turnRatios(a, b), Vector.empty)
    val r = ForkStats.ratio(a, b)
    assertEqualsDouble(r.ratio, b.mean / a.mean, 1e-12)
  }

  test("the turns pair from the first iteration both forks count as steady") {
    val rnd = new Random(9)
    val d = drift(3, 12, rnd)
    // A's first four turns are warm-up (3× slow): they are not paired with B's.
    val a = relayed(cell(100, d, Vector.fill(3)(1.0), rnd).map(f => f.zipWithIndex.map { case (x, i) => if (i < 4) 3 * x else x }))
    val b = relayed(cell(200, d, Vector.fill(3)(1.0), rnd))
    ForkStats.turnRatios(a, b).foreach { t =>
      assert(t.cycles <= 8, t.toString)
      assertEqualsDouble(math.exp(t.logRatio), 2.0, 0.04)
    }
  }
}
