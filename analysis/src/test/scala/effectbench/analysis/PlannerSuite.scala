package effectbench.analysis

/** The round planner on synthetic forks: what a table's next round measures and why it stops, with
  * no JVM launched and nothing timed. */
class PlannerSuite extends munit.FunSuite {
  /** A cell's forks, one a round from round 1, each of five equal iterations at the given mean. */
  private def cell(means: Double*): Vector[(Int, Vector[Vector[Double]])] =
    means.toVector.zipWithIndex.map { case (m, i) => (i + 1, Vector(Vector.fill(5)(m))) }

  private val rule = Stopping.Rule(0.10)
  private def limits(budget: Option[Double] = None, min: Int = 4) = RoundPlanner.Limits(rule, min, 0.95, budget)

  private def state(
      forks: Map[String, Vector[(Int, Vector[Vector[Double]])]], round: Int = 4, failed: Set[String] = Set.empty,
      starved: Set[String] = Set.empty, seconds: Double = 0.0, perFork: Double = 10.0
  ) =
    RoundPlanner.State(round, forks.keys.toVector.sorted, forks, higher = false, failed, starved, Set.empty, seconds, _ => perFork)

  // fast: tight at 100; near: 2× the fastest, tight (settled); wide: around 1.1×, spread evenly (no
  // launch states), far too noisy to settle.
  private val fast = cell(100, 101, 99, 100)
  private val near = cell(200, 202, 198, 200)
  private val wide = cell(70, 100, 130, 170)

  test("before the minimum rounds every live cell is measured and nothing is judged") {
    val n = RoundPlanner.afterRound(state(Map("a" -> fast, "b" -> wide, "c" -> near), round = 3, failed = Set("c")), limits())
    assertEquals(n.next, Vector("a", "b"))
    assertEquals(n.stop, None)
    assertEquals(n.open, None)
  }

  test("settled ratios stop the table; an open one is measured again with the fastest") {
    val done = RoundPlanner.afterRound(state(Map("a" -> fast, "c" -> near)), limits())
    assert(done.settledStop, done.toString)
    assertEquals(done.stop, Some(RoundStop.Settled(precisionFirst = false, Vector.empty)))
    val open = RoundPlanner.afterRound(state(Map("a" -> fast, "b" -> wide, "c" -> near)), limits())
    assertEquals(open.stop, None)
    assert(!open.settledStop)
    assertEquals(open.next, Vector("a", "b"), "the fastest first, the settled cell left out")
    assert(open.open.exists(_.widths.keySet == Set("b")), open.toString)
  }

  test("two open ratios give the fastest a second fork, unless the round is relayed") {
    val forks = Map("a" -> fast, "b" -> wide, "d" -> cell(95, 170, 105, 140))
    assertEquals(RoundPlanner.afterRound(state(forks), limits()).next, Vector("a", "b", "d", "a"))
    assertEquals(RoundPlanner.afterRound(state(forks), limits().copy(relay = true)).next, Vector("a", "b", "d"))
  }

  test("a table whose other cells failed stops: no ratio left to refine") {
    val n = RoundPlanner.afterRound(state(Map("a" -> fast, "b" -> wide), failed = Set("b")), limits())
    assertEquals(n.stop, Some(RoundStop.NoRatioLeft))
    assert(!n.settledStop, "no settled stop: the round rules do not bring it back")
  }

  test("under a budget: a ratio out of reach is named with the forks it would need, the others planned; an empty round stops") {
    // e: about 1.2× at ±19% on four forks, a few forks from settling; wide: dozens. 400 s left at 10 s a fork.
    val e = cell(110, 135, 112, 133)
    val forks = Map("a" -> fast, "b" -> wide, "e" -> e)
    val n = RoundPlanner.afterRound(state(forks, seconds = 600), limits(Some(1000.0)))
    assertEquals(n.outOfReach.map(_._1), Vector("b"), n.toString)
    assert(n.outOfReach.head._2 > 20, n.toString)
    assertEquals(n.left, 400.0)
    assertEquals(n.stop, None)
    assertEquals(n.next, Vector("a", "e"), "the fastest and the ratio within reach, once each")
    // With spendAll (what is left would be lost) nothing is out of reach: the wide ratio still narrows.
    val last = RoundPlanner.afterRound(state(forks, seconds = 600), limits(Some(1000.0)).copy(spendAll = true))
    assertEquals(last.outOfReach, Vector.empty)
    assertEquals(last.next.toSet, Set("a", "b", "e"))
    // 15 s left: not even the fastest and one cell fit.
    val spent = RoundPlanner.afterRound(state(forks, seconds = 985), limits(Some(1000.0)))
    assertEquals(spent.next, Vector.empty)
    assertEquals(spent.stop, Some(RoundStop.BudgetSpent(1000.0)))
  }

  test("a starving cell is measured again only while a ratio it is in is open") {
    val quiet = RoundPlanner.afterRound(state(Map("a" -> fast, "c" -> near), round = 3, starved = Set("c")), limits())
    assertEquals(quiet.next, Vector("a"), "before the rule, a starving cell waits")
    val open = RoundPlanner.afterRound(state(Map("a" -> fast, "b" -> wide), starved = Set("b")), limits())
    assertEquals(open.next, Vector("a", "b"), "its own ratio is open")
  }

  test("forksToSettle: none when within the precision, one without an interval, past the cap when hopeless") {
    assertEquals(RoundPlanner.forksToSettle(0.05, 4, 0.10, 0.95), 0)
    assertEquals(RoundPlanner.forksToSettle(Double.NaN, 4, 0.10, 0.95), 1)
    assertEquals(RoundPlanner.forksToSettle(5.0, 4, 0.10, 0.95), RoundPlanner.SettleCap + 1)
    // ±12% on 10 forks: the half-width on the log scale goes as t(n + m − 1)·√(n/(n + m))/t(n − 1).
    val m = RoundPlanner.forksToSettle(0.12, 10, 0.10, 0.95)
    def w(k: Int) = math.log1p(0.12) * effectbench.stats.ForkStats.tQuantile(0.95, 10 + k - 1) /
      effectbench.stats.ForkStats.tQuantile(0.95, 9) * math.sqrt(10.0 / (10 + k))
    assert(w(m) <= math.log1p(0.10) && w(m - 1) > math.log1p(0.10), s"m = $m")
  }
}
