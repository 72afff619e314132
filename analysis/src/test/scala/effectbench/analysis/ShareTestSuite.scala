package effectbench.analysis

/** compare's share test (Barnard's unconditional test, Commons' pooled z statistic)
  * against values worked by hand. */
class ShareTestSuite extends munit.FunSuite {
  test("all of one run's forks in a state and none of the other's: 2·(1/2)^(2n), at π = 1/2") {
    assertEqualsDouble(LaunchShares.shareChance(1, 1, 0, 1), 0.5, 1e-9)
    assertEqualsDouble(LaunchShares.shareChance(2, 2, 0, 2), 0.125, 1e-9)
    assertEqualsDouble(LaunchShares.shareChance(3, 3, 0, 3), 1.0 / 32, 1e-9)
    assertEqualsDouble(LaunchShares.shareChance(0, 3, 3, 3), LaunchShares.launchSplitChance(3, 3), 1e-9)
  }

  test("equal shares are no evidence; the tables at least as far apart, at their largest over π") {
    assertEqualsDouble(LaunchShares.shareChance(1, 2, 1, 2), 1.0, 1e-9)
    assertEqualsDouble(LaunchShares.shareChance(3, 6, 2, 4), 1.0, 1e-9)
    // 0 of 8 against 7 of 8: the tables at least as far apart are (0, 7), (0, 8), (1, 8) and their
    // mirrors; at π = 1/2 that is 2·(1 + 8 + 8)/2^16 = 5.19e-4, the largest over π.
    assertEqualsDouble(LaunchShares.shareChance(0, 8, 7, 8), 34.0 / 65536, 1e-9)
    assertEqualsDouble(LaunchShares.shareChance(7, 8, 0, 8), 34.0 / 65536, 1e-9)
  }

  test("counts outside their runs are refused") {
    intercept[IllegalArgumentException](LaunchShares.shareChance(3, 2, 0, 2))
  }
}
