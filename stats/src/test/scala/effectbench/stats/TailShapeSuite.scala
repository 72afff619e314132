package effectbench.stats

/** A latency cell's fork shape from its p99's variance (ForkShape.tailComponents): synthetic forks,
  * nothing timed. */
class TailShapeSuite extends munit.FunSuite {
  private def fork(w: Int, logP99: Double, halfDiff: Double) = ForkShape.TailFork(w, logP99, halfDiff)

  test("forks whose p99s agree while their halves differ: the windows' variance, more windows a fork") {
    // Every fork at the same p99, its halves ±0.5 apart: no launch variance, all of it the windows'.
    val fs = Vector.tabulate(6)(i => fork(4, math.log(3000), if (i % 2 == 0) 0.5 else -0.5))
    val c = ForkShape.tailComponents(fs).get
    assertEqualsDouble(c.between, 0.0, 1e-12)
    // A half of 2 windows differs by 0.5: a window's variance is 2 · 0.25 / 2.
    assertEqualsDouble(c.within, 0.25, 1e-12)
    assertEqualsDouble(c.itersPerFork, 4.0, 1e-12)
    assertEquals(ForkShape.optimalIterations(c, 8.0, 0.25), ForkShape.MaxIterations)
  }

  test("forks whose halves agree while their p99s spread: the launches' variance, the fewest windows") {
    val fs = Vector(2000.0, 3000.0, 4500.0, 2500.0, 3800.0).map(p => fork(4, math.log(p), 0.0))
    val c = ForkShape.tailComponents(fs).get
    assertEqualsDouble(c.within, 0.0, 1e-12)
    assert(c.between > 0.05, c.toString)
    assertEquals(ForkShape.optimalIterations(c, 8.0, 0.25), ForkShape.MinIterations)
  }

  test("the windows' share of the forks' spread is taken out of the launches', over forks of any length") {
    // Forks of 4 and 12 windows: a window's variance 0.2 (h·d²/2 with h = 2 and 6), launch spread above it.
    val d4 = math.sqrt(0.2 * 2 / 2)
    val d12 = math.sqrt(0.2 * 2 / 6)
    val logs = Vector(7.9, 8.3, 8.0, 8.5)
    val fs = Vector(fork(4, logs(0), d4), fork(12, logs(1), -d12), fork(4, logs(2), -d4), fork(12, logs(3), d12))
    val c = ForkShape.tailComponents(fs).get
    assertEqualsDouble(c.within, 0.2, 1e-12)
    assertEqualsDouble(c.itersPerFork, 6.0, 1e-12)
    val m = logs.sum / 4
    val total = logs.map(x => (x - m) * (x - m)).sum / 3
    assertEqualsDouble(c.between, total - 0.2 / 6, 1e-12)
  }

  test("no components from fewer than two usable forks") {
    assertEquals(ForkShape.tailComponents(Vector(fork(4, 8.0, 0.1))), None)
    assertEquals(ForkShape.tailComponents(Vector(fork(1, 8.0, 0.0), fork(1, 8.1, 0.0))), None)
    assertEquals(ForkShape.tailComponents(Vector(fork(4, Double.NaN, 0.1), fork(4, 8.1, 0.1))), None)
  }

  test("a latency cell's windows follow its p99, its warm-up its hogs' time") {
    // Hog times launch-dominated (steady inside each fork, 30% apart between): alone, the fewest iterations.
    val hogs = Vector(100.0, 130.0, 90.0, 120.0).zipWithIndex.map { case (m, i) =>
      ForkSteady(i + 1, Vector.fill(4)(m), 0, settled = true)
    }
    val base = ForkShape.Shape(6, 4)
    val (alone, _) = ForkShape.next(hogs, base, 1.0, 0.5, 0.25)
    assertEquals(alone.iterations, ForkShape.MinIterations)
    val tail = ForkShape.tailComponents(Vector.tabulate(4)(i => fork(4, 8.0, if (i % 2 == 0) 0.4 else -0.4))).get
    val (shaped, why) = ForkShape.next(hogs, base, 1.0, 0.5, 0.25, Some((tail, 8.0)))
    assertEquals(shaped, ForkShape.Shape(6, ForkShape.MaxIterations))
    assert(why.contains("p99's between-launch variance 0%"), why)
    assert(why.contains("8.0 s besides its windows"), why)
  }
}
