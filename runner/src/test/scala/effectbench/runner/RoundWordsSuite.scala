package effectbench.runner

import effectbench.analysis.{PartialRound, RoundStop}

/** The words run.json's `stopped` and the progress lines give each of a table's typed stops. */
class RoundWordsSuite extends munit.FunSuite {
  test("each stop in its words") {
    assertEquals(RoundWords.stop(RoundStop.Settled(precisionFirst = true, Vector.empty)), "every ratio within precision")
    assertEquals(RoundWords.stop(RoundStop.Settled(precisionFirst = false, Vector.empty)),
      "every ratio decided by more than the precision or within it")
    assertEquals(RoundWords.stop(RoundStop.Settled(precisionFirst = true, Vector("inside", "outside"))),
      "every ratio within precision or bimodal (inside, outside)")
    assertEquals(RoundWords.stop(RoundStop.NoRatioLeft), "no ratio left to refine (the table's other cells failed)")
    assertEquals(RoundWords.stop(RoundStop.EveryCellFailed), "every cell failed")
    assertEquals(RoundWords.stop(RoundStop.EveryCellStarvedOrFailed), "every cell starved or failed")
    assertEquals(RoundWords.stop(RoundStop.RoundCeiling(40)), "round ceiling (40)")
    assertEquals(RoundWords.stop(RoundStop.BudgetSpent(1000.0)), "budget spent (1000 s)")
    assertEquals(RoundWords.stop(RoundStop.BudgetSpent(999.6, openOutOfReach = true)),
      "budget spent (1000 s); its open ratios are out of its reach")
  }

  test("a round that holds some of the open ratios") {
    assertEquals(RoundWords.partial(PartialRound(2, 5, 123.4)), "; 2 of 5 open ratios fit the 123 s left, the nearest to settling first")
  }
}
