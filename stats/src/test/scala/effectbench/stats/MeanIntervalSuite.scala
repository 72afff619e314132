package effectbench.stats

/** The one t and the one interval code, against Student's t from the tables. */
class MeanIntervalSuite extends munit.FunSuite {
  test("Student's t, two-sided: table values; NaN without degrees of freedom or a confidence") {
    assertEqualsDouble(ForkStats.tQuantile(0.95, 3), 3.182446305, 1e-8)
    assertEqualsDouble(ForkStats.tQuantile(0.95, 4), 2.776445105, 1e-8)
    assertEqualsDouble(ForkStats.tQuantile(0.95, 8), 2.306004135, 1e-8)
    assertEqualsDouble(ForkStats.tQuantile(0.99, 10), 3.169272673, 1e-8)
    assert(ForkStats.tQuantile(0.95, 0).isNaN)
    assert(ForkStats.tQuantile(1.0, 5).isNaN)
  }

  test("the mean's half-width: t(n − 1)·s/√n") {
    // 1..5: s² = 2.5, s/√5 = √0.5, t(0.95, 4) = 2.776445105.
    assertEqualsDouble(MeanInterval.halfWidth(Vector(1.0, 2, 3, 4, 5), 0.95), 2.776445105 * math.sqrt(0.5), 1e-8)
    assert(MeanInterval.halfWidth(Vector(1.0), 0.95).isNaN)
  }

  test("Welch: Welch–Satterthwaite's degrees of freedom, floored at the smaller side's") {
    // Equal halves on 4 df each: df = 8, se = 1.
    assertEqualsDouble(MeanInterval.welchHalfWidth(0.5, 4, 0.5, 4, 0.95), 2.306004135, 1e-8)
    // All the variance on one side: that side's df.
    assertEqualsDouble(MeanInterval.welchHalfWidth(1.0, 3, 0.0, 9, 0.95), 3.182446305, 1e-8)
    assertEqualsDouble(MeanInterval.welchHalfWidth(0.0, 3, 0.0, 3, 0.95), 0.0, 0.0)
  }

  test("a paired ratio's interval is the mean's interval of the log differences, taken back") {
    val a = ForkStats.estimate(Vector(100.0, 110.0, 90.0).map(Vector.fill(6)(_)), OneState.rule, rounds = Vector(1, 2, 3))
    val b = ForkStats.estimate(Vector(200.0, 231.0, 171.0).map(Vector.fill(6)(_)), OneState.rule, rounds = Vector(1, 2, 3))
    val r = ForkStats.ratio(a, b)
    val d = Vector(math.log(2.0), math.log(2.1), math.log(1.9))
    val hw = MeanInterval.halfWidth(d, 0.95)
    val shift = math.log(b.mean / a.mean) - Describe.mean(d)
    assert(r.paired)
    assertEqualsDouble(r.low, math.exp(Describe.mean(d) - hw + shift), 1e-12)
    assertEqualsDouble(r.high, math.exp(Describe.mean(d) + hw + shift), 1e-12)
  }
}
