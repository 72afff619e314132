package effectbench.stats

import scala.util.Random

/** E-divisive means on synthetic series: a step is found where it was put, noise is not taken for
  * a change at the stated level, and the answer does not depend on anything but the seed. */
class ChangePointsSuite extends munit.FunSuite {
  private def noise(n: Int, level: Double, sd: Double, seed: Long): Vector[Double] = {
    val r = new Random(seed)
    Vector.fill(n)(level * (1 + sd * r.nextGaussian()))
  }

  private val cfg = ChangePoints.Config(alpha = 0.01, minChange = 0.05)

  test("an injected 15% step is found at the run where it starts, with its size") {
    for (seed <- 1L to 5L) {
      val before = noise(12, 2.0, 0.02, seed)
      val after = noise(12, 2.3, 0.02, seed + 100)
      val cs = ChangePoints.detect(before ++ after, cfg)
      assertEquals(cs.map(_.index), Vector(12), s"seed $seed: $cs")
      assert(math.abs(cs.head.relative - 0.15) < 0.03, cs.head.toString)
      assert(cs.head.pValue <= 0.01, cs.head.toString)
    }
  }

  test("two steps, up then back down, are both found") {
    val xs = noise(10, 1.0, 0.02, 7) ++ noise(10, 1.2, 0.02, 8) ++ noise(10, 1.0, 0.02, 9)
    assertEquals(ChangePoints.detect(xs, cfg).map(_.index), Vector(10, 20))
  }

  test("noise alone: no change at the stated level, even with no minimum size") {
    // With minChange 0 only the permutation test stands between noise and a reported change: over
    // 40 series of 25 runs at alpha 0.01, about 0.4 false changes are expected.
    val anyLevel = cfg.copy(minChange = 0.0, permutations = 499)
    val flagged = (1L to 40L).count(seed => ChangePoints.detect(noise(25, 5.0, 0.03, seed), anyLevel.copy(seed = seed)).nonEmpty)
    assert(flagged <= 2, s"$flagged of 40 noise-only series had a change at alpha 0.01")
    // With the default 5% minimum, none.
    assert((1L to 40L).forall(seed => ChangePoints.detect(noise(25, 5.0, 0.03, seed), cfg.copy(seed = seed)).isEmpty))
  }

  test("three runs of one build: no change, whatever their values (3! orders cannot reach 1%)") {
    assertEquals(ChangePoints.detect(Vector(1.0, 1.02, 0.99), cfg), Vector.empty)
    assertEquals(ChangePoints.detect(Vector(1.0, 1.0, 2.0), cfg), Vector.empty)
  }

  test("a step smaller than the minimum change is not reported; at a lower minimum it is") {
    val xs = noise(15, 1.0, 0.005, 3) ++ noise(15, 1.03, 0.005, 4)
    assertEquals(ChangePoints.detect(xs, cfg), Vector.empty)
    assertEquals(ChangePoints.detect(xs, cfg.copy(minChange = 0.01)).map(_.index), Vector(15))
  }

  test("deterministic: the same seed gives the same answer, p-values included") {
    val xs = noise(10, 1.0, 0.05, 11) ++ noise(10, 1.1, 0.05, 12)
    assertEquals(ChangePoints.detect(xs, cfg.copy(minChange = 0)), ChangePoints.detect(xs, cfg.copy(minChange = 0)))
  }

  test("the best split's Q is largest at the step") {
    val xs = (Vector.fill(5)(1.0) ++ Vector.fill(5)(2.0)).toArray
    assertEquals(ChangePoints.bestSplit(xs, 0, xs.length, 1).map(_._1), Some(5))
  }

  test("shares parse as fractions or percentages") {
    assertEquals(ChangePoints.parseShare("5%"), Some(0.05))
    assertEquals(ChangePoints.parseShare("0.1"), Some(0.1))
    assertEquals(ChangePoints.parseShare("five"), None)
  }
}
