package effectbench.stats

import scala.util.Random

/** Fork length: the shape of the next round's forks, chosen from the variance components of the
  * forks so far. Synthetic fork data, nothing timed. */
class ForkShapeSuite extends munit.FunSuite {
  /** Forks whose iterations sit tightly (0.5%) around the given means. */
  private def forks(means: Seq[Double], seed: Long = 1): Vector[Vector[Double]] = {
    val g = new Random(seed)
    means.toVector.map(m => Vector.fill(6)(m * (1 + 0.005 * g.nextGaussian())))
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
