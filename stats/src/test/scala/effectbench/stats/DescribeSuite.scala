package effectbench.stats

import Describe.QuantileRule

/** The one definition of each descriptive statistic, against values worked by hand (and R's
  * `quantile` types 7 and 1), and the quantile rules the machine probe and canary read by. */
class DescribeSuite extends munit.FunSuite {
  test("mean, sample variance and standard deviation, median: known values; NaN where undefined") {
    val xs = Vector(2.0, 4, 4, 4, 5, 5, 7, 9)
    assertEqualsDouble(Describe.mean(xs), 5.0, 1e-15)
    assertEqualsDouble(Describe.variance(xs), 32.0 / 7, 1e-14)
    assertEqualsDouble(Describe.sd(xs), math.sqrt(32.0 / 7), 1e-14)
    assertEqualsDouble(Describe.median(Vector(3.0, 1, 2)), 2.0, 0.0)
    assertEqualsDouble(Describe.median(Vector(4.0, 1, 3, 2)), 2.5, 0.0)
    assert(Describe.mean(Vector.empty).isNaN)
    assert(Describe.variance(Vector(1.0)).isNaN, "one value has no spread")
    assert(Describe.sd(Vector(1.0)).isNaN)
    assert(Describe.median(Vector.empty).isNaN)
    assertEqualsDouble(Describe.median(Vector(1.0, Double.NaN, 3.0)), 2.0, 0.0)
  }

  test("the geometric mean: the mean on the log scale; NaN when empty, 0 with a 0") {
    assertEqualsDouble(Describe.geometricMean(Vector(1.0, 4.0, 16.0)), 4.0, 1e-12)
    assertEqualsDouble(Describe.geometricMean(Vector(0.5, 2.0)), 1.0, 1e-12)
    assert(Describe.geometricMean(Vector.empty).isNaN)
    assertEquals(Describe.geometricMean(Vector(3.0, 0.0)), 0.0)
  }

  test("quantiles: interpolated is R's type 7, lower is type 1") {
    val xs = (1 to 10).map(_.toDouble).reverse
    assertEqualsDouble(Describe.quantile(xs, 0.1), 1.9, 1e-12)
    assertEqualsDouble(Describe.quantile(xs, 0.25), 3.25, 1e-12)
    assertEqualsDouble(Describe.quantile(xs, 0.5), 5.5, 1e-12)
    assertEqualsDouble(Describe.quantile(xs, 0.25, QuantileRule.Lower), 3.0, 0.0)
    assertEqualsDouble(Describe.quantile(xs, 0.1, QuantileRule.Lower), 1.0, 0.0)
    assertEqualsDouble(Describe.quantile(xs, 0.5, QuantileRule.Nearest), 6.0, 0.0)
    assert(Describe.quantile(Vector(Double.NaN), 0.5).isNaN)
    assertEqualsDouble(Describe.quantile(Vector(1.0, Double.NaN, 2.0), 1.0), 2.0, 0.0)
    intercept[IllegalArgumentException](Describe.quantile(xs, 1.5))
  }

  test("the canary's lower quartile is the order statistic ⌊(n − 1)/4⌋, for every size") {
    val g = new scala.util.Random(3)
    (1 to 200).foreach { n =>
      val xs = Vector.fill(n)(g.nextDouble())
      assertEquals(Describe.quantile(xs, 0.25, QuantileRule.Lower), xs.sorted.apply((n - 1) / 4), s"n = $n")
    }
  }

  test("the probe's nearest reading is the order statistic at round(q·(n − 1))") {
    val g = new scala.util.Random(5)
    for (n <- 1 to 60; q <- Seq(0.1, 0.5, 0.9)) {
      val xs = Vector.fill(n)(g.nextDouble())
      assertEquals(Describe.quantile(xs, q, QuantileRule.Nearest), xs.sorted.apply(math.round(q * (n - 1)).toInt), s"n = $n, q = $q")
    }
  }

  test("the interpolated quantile is the bootstrap's rule (Stats.quantile, Stats.interval95)") {
    val xs = Array(5.0, 1, 4, 2, 3)
    assertEqualsDouble(Stats.quantile(xs, 0.3), 2.2, 1e-12)
    assertEquals(Stats.interval95((1 to 41).map(_.toDouble).toArray), (2.0, 40.0))
  }
}
