package effectbench.analysis

import effectbench.{Catalog, Runtimes}

class FloorSuite extends munit.FunSuite {
  test("a cell is under the floor only when its interval's high end per unit is below the baseline's low end") {
    // 2 ± 0.1 µs against 20 ± 0.5 µs for the same work: far under.
    assert(Floor.below(2.1, 100, 19.5, 100))
    // Intervals that touch or overlap: not under (noise alone never flags).
    assert(!Floor.below(19.5, 100, 19.5, 100))
    assert(!Floor.below(20.2, 100, 19.5, 100))
    // Per unit of each side's own work: 10 µs for 10 units is 1 µs a unit, against 2 µs a unit.
    assert(Floor.below(10, 10, 20, 10) && Floor.below(10, 10, 40, 20) && !Floor.below(10, 10, 20, 20))
  }

  test("no declared work, no verdict") {
    assert(!Floor.below(1, 0, 100, 10))
    assert(!Floor.below(1, 10, 100, 0))
  }

  test("the baseline itself and the scheduler and latency families are not held to the floor") {
    val runLoop = Catalog.scenarios.find(s => effectbench.DeclaredWork.hasFloor(s)).get
    assert(Floor.checked("zio", runLoop))
    assert(!Floor.checked(Runtimes.Baseline.id, runLoop))
    for (s <- Catalog.scenarios.filterNot(effectbench.DeclaredWork.hasFloor)) assert(!Floor.checked("zio", s), s.id)
    assert(Catalog.scenarios.exists(s => !effectbench.DeclaredWork.hasFloor(s)), "some scenario has no floor")
  }
}
