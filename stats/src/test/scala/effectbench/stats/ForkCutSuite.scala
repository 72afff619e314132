package effectbench.stats

/** Fork shapes cut from long launches (`bench states`): the cut drops its warm-up and averages its
  * measurement, so a launch-specific warm-up widens short cuts and not long ones. Synthetic launches,
  * nothing timed. */
class ForkCutSuite extends munit.FunSuite {
  /** Launches of 12 quarter-second iterations: the first four (1 s) run `slow` times the steady 100,
    * which each launch reaches within 0.5% (the iteration's index sets its small offset). */
  private def launches(slow: Seq[Double]): Vector[Vector[Double]] =
    slow.toVector.zipWithIndex.map { case (f, k) =>
      Vector.tabulate(12)(i => if (i < 4) 100 * f else 100 * (1 + 0.005 * ((i + k) % 3 - 1)))
    }

  test("a cut past the warm-up has the steady spread; one inside it has the launches' warm-up spread") {
    val ls = launches(Seq(1.5, 3.0, 2.0, 1.2, 2.5))
    val inside = ForkShape.cutSpread(ls, 0.25, ForkShape.Cut(0.5, 0.5))
    val past = ForkShape.cutSpread(ls, 0.25, ForkShape.Cut(1.0, 1.0))
    assert(inside > 0.3, s"warm-up spread $inside")
    assert(past < 0.01, s"steady spread $past")
    // Half of a cut that straddles the warm-up is still the warm-up's.
    assert(ForkShape.cutSpread(ls, 0.25, ForkShape.Cut(0.5, 1.0)) > 0.1)
  }

  test("a cut longer than the launches has no spread; nor have fewer than two launches") {
    val ls = launches(Seq(1.5, 3.0))
    assert(ForkShape.cutSpread(ls, 0.25, ForkShape.Cut(2.0, 1.5)).isNaN)
    assert(!ForkShape.cutSpread(ls, 0.25, ForkShape.Cut(2.0, 1.0)).isNaN)
    assert(ForkShape.cutSpread(ls.take(1), 0.25, ForkShape.Cut(0.5, 0.5)).isNaN)
  }

  test("the variance per machine second charges the JVM's start to every fork") {
    val cut = ForkShape.Cut(3.0, 1.0)
    assertEqualsDouble(ForkShape.costedVariance(5.0, cut, 1.0), 25.0 * 5.0, 1e-9)
    // A shorter fork with twice the spread costs more per second than the longer one.
    assert(ForkShape.costedVariance(10.0, ForkShape.Cut(1.0, 1.5), 1.0) > ForkShape.costedVariance(5.0, cut, 1.0))
  }
}
