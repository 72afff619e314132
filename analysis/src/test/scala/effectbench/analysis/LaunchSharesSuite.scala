package effectbench.analysis

/** The launch-state tests of compare: the chance of a between-run split, the share test over several
  * states, and Holm's adjustment over a compare's cells. */
class LaunchSharesSuite extends munit.FunSuite {
  test("the chance that a launch-chosen state splits the sides: 12.5% at 2 forks each, 3.1% at 3") {
    assertEqualsDouble(LaunchShares.launchSplitChance(2, 2), 0.125, 1e-12)
    assertEqualsDouble(LaunchShares.launchSplitChance(3, 3), 2.0 / 64, 1e-12)
  }

  test("Holm's adjustment: smallest first, times the tests left, never below the one before; untested cells stay NaN") {
    val adj = LaunchShares.holm(Vector(0.04, Double.NaN, 0.01, 0.03, 0.5))
    assertEqualsDouble(adj(2), 0.04, 1e-12) // 0.01 × 4
    assertEqualsDouble(adj(3), 0.09, 1e-12) // 0.03 × 3
    assertEqualsDouble(adj(0), 0.09, 1e-12) // 0.04 × 2 = 0.08, raised to the one before
    assertEqualsDouble(adj(4), 0.5, 1e-12)
    assert(adj(1).isNaN)
    assertEqualsDouble(LaunchShares.holm(Vector(0.3, 0.6))(1), 0.6, 1e-12)
    assertEqualsDouble(LaunchShares.holm(Vector(0.7, 0.6)).max, 1.0, 1e-12)
  }

  test("the share test: Barnard's at its largest over the state's chance; an all-or-nothing split is launchSplitChance") {
    assertEqualsDouble(LaunchShares.shareChance(2, 2, 0, 2), LaunchShares.launchSplitChance(2, 2), 1e-12)
    assertEqualsDouble(LaunchShares.shareChance(0, 3, 3, 3), LaunchShares.launchSplitChance(3, 3), 1e-12)
    assertEqualsDouble(LaunchShares.shareChance(1, 2, 1, 2), 1.0, 1e-9)
    // Three states: the least over the two cuts, times two.
    val one = LaunchShares.shareChance(4, 8, 0, 8)
    assertEqualsDouble(LaunchShares.sharesChance(Vector((4, 0), (0, 4), (4, 4))), math.min(1, 2 * one), 1e-12)
    assert(LaunchShares.shareChance(0, 8, 7, 8) < 0.01)
  }
}
