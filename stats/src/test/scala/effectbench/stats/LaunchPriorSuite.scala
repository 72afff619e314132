package effectbench.stats

import org.apache.commons.numbers.gamma.Trigamma
import scala.util.Random

/** The launch prior of a table: fitted from the variances of its relayed ratios (synthetic draws,
  * nothing timed), and how it moves a ratio's interval and how often that interval misses. */
class LaunchPriorSuite extends munit.FunSuite {
  /** A sample variance on `d` degrees of freedom of normal draws with variance `v`: v · χ²_d / d. */
  private def sampleVariance(v: Double, d: Int, rnd: Random): Double =
    v * Vector.fill(d)(math.pow(rnd.nextGaussian(), 2)).sum / d

  /** A true variance drawn from a scaled inverse χ² with `d0` degrees of freedom around `s0`. */
  private def trueVariance(s0: Double, d0: Int, rnd: Random): Double =
    s0 * d0 / Vector.fill(d0)(math.pow(rnd.nextGaussian(), 2)).sum

  test("trigamma inverted: the x whose trigamma was asked") {
    Vector(0.05, 0.5, 1.0, 3.7, 40.0, 5000.0).foreach { x =>
      assertEqualsDouble(LaunchPrior.trigammaInverse(Trigamma.value(x)) / x, 1.0, 1e-6)
    }
  }

  test("fitted back: the prior's degrees of freedom and variance from ratios on 3 df each") {
    val rnd = new Random(21)
    val samples = Vector.fill(4000)((sampleVariance(trueVariance(0.01, 8, rnd), 3, rnd), 3))
    val p = LaunchPrior.fit(samples).get
    assert(p.df > 6 && p.df < 11, p.toString)
    assertEqualsDouble(p.variance / 0.01, 1.0, 0.08)
    assertEquals(p.ratios, 4000)
  }

  test("ratios that spread no more than their own sampling: an infinite prior, every ratio the table's variance") {
    val rnd = new Random(4)
    val samples = Vector.fill(4000)((sampleVariance(0.0144, 3, rnd), 3))
    val p = LaunchPrior.fit(samples).get
    assert(p.df > 200, p.toString)
    assertEqualsDouble(p.variance / 0.0144, 1.0, 0.05)
    val inf = LaunchPrior(Double.PositiveInfinity, 0.0144, 9)
    assertEquals(inf.moderated(0.01, 3), (0.0144, LaunchPrior.ManyDf))
    assertEquals(inf.moderated(0.5, 3), (0.5, LaunchPrior.ManyDf))
  }

  test(
    "moderated: a ratio that spread less than its table drawn up towards it, weighted by degrees of freedom; one that spread more keeps its own"
  ) {
    val (v, df) = LaunchPrior(6.0, 0.04, 8).moderated(0.01, 3)
    assertEqualsDouble(v, (6 * 0.04 + 3 * 0.01) / 9, 1e-15)
    assertEqualsDouble(df, 9.0, 0.0)
    assertEquals(LaunchPrior(6.0, 0.01, 8).moderated(0.04, 3), (0.04, 9.0))
  }

  test("too few ratios, or none with a variance: no prior") {
    assertEquals(LaunchPrior.fit(Vector((0.01, 3), (0.02, 3))), None)
    assertEquals(LaunchPrior.fit(Vector((0.0, 3), (Double.NaN, 3), (0.01, 0), (0.02, 3))), None)
  }

  /** `ratios` relayed ratios of a table against its fastest, 4 rounds of 12 turns each; every ratio
    * true `truth(i)`, its launches apart by `launchSd(i)` on the log scale, each turn by `turnSd`. */
  private def table(rnd: Random, truth: Int => Double, launchSd: Int => Double, ratios: Int, turnSd: Double = 0.1) = {
    def relayed(raw: Vector[Vector[Double]]): CellEstimate =
      ForkStats.estimate(raw, OneState.rule, 0.95, raw.indices.map(_ + 1).toVector, cycles = true)
    def launches(score: Double, sd: Double) =
      Vector.fill(4) { val l = math.exp(sd * rnd.nextGaussian()); Vector.fill(12)(score * l * math.exp(turnSd * rnd.nextGaussian())) }
    val fastest = relayed(launches(100, 0.05))
    val others = (0 until ratios).map(i => relayed(launches(100 * truth(i), launchSd(i)))).toVector
    (fastest, others)
  }

  test("the table's prior: its intervals miss the true ratio about 5% of the time, as often as each ratio's own") {
    val rnd = new Random(33)
    var (own, moderated, total) = (0, 0, 0)
    var (ownWidth, modWidth) = (0.0, 0.0)
    (1 to 150).foreach { _ =>
      // Ratios whose launches spread differently (5–14%), as a table's runtimes do.
      val sds = Vector.fill(8)(0.05 + 0.09 * rnd.nextDouble())
      val truths = Vector.fill(8)(1 + 2 * rnd.nextDouble())
      val (f, others) = table(rnd, truths, sds, 8)
      val prior = LaunchPrior.ofTable(f, others)
      assert(prior.isDefined)
      others.zip(truths).foreach { case (e, t) =>
        val a = ForkStats.ratio(f, e)
        val b = ForkStats.ratio(f.copy(prior = prior), e)
        if (!(a.low <= t && t <= a.high)) own += 1
        if (!(b.low <= t && t <= b.high)) moderated += 1
        ownWidth += a.relHalfWidth; modWidth += b.relHalfWidth
        total += 1
      }
    }
    // 1,200 intervals at 95%: about 60 miss; a broken interval misses twice as often.
    assert(moderated <= 84, s"$moderated of $total moderated intervals missed")
    assert(own <= 84, s"$own of $total intervals missed")
    // What it buys: t on 3 df (3.18) becomes t on more, and the table's ratios lend each other spread.
    assert(modWidth < 0.85 * ownWidth, s"mean widths: moderated ${modWidth / total}, own ${ownWidth / total}")
  }

  test("one ratio far noisier than the rest keeps an interval wider than the table's") {
    val rnd = new Random(7)
    val (f, others) = table(rnd, _ => 1.5, i => if (i == 0) 0.4 else 0.05, 8)
    val prior = LaunchPrior.ofTable(f, others).get
    val wild = ForkStats.ratio(f.copy(prior = Some(prior)), others(0))
    val calm = ForkStats.ratio(f.copy(prior = Some(prior)), others(1))
    assert(wild.relHalfWidth > 2 * calm.relHalfWidth, s"wild ${wild.relHalfWidth}, calm ${calm.relHalfWidth}, $prior")
  }
}
