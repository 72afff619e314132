package effectbench.analysis

import effectbench.stats.ForkShape

class RoundRulesSuite extends munit.FunSuite {
  private def fork(mean: Double) = Vector(Vector(mean, mean * 1.01, mean * 0.99))
  private def state(
      round: Int, forks: Map[String, Vector[(Int, Vector[Vector[Double]])]], keys: Vector[String] = Vector("a", "b", "c"),
      failed: Set[String] = Set.empty, starved: Set[String] = Set.empty, seconds: Double = 0, perFork: Double = 10
  ) = RoundState(round, keys, forks, higher = false, failed, starved, Set.empty, seconds, _ => perFork)

  test("a cell is starved when at least StarvingForks forks starved and every kept fork did") {
    assert(!RoundRules.starved(1, 1))
    assert(RoundRules.starved(RoundRules.StarvingForks, RoundRules.StarvingForks))
    assert(!RoundRules.starved(2, 3), "a fork that answered: not starved")
  }

  test("a cell whose every fork was set aside comes back after the minimum rounds, with the fastest, within the budget") {
    // b has no kept fork; a is the fastest (time per op), c slower.
    val s = state(3, Map("a" -> Vector(1 -> fork(10)), "b" -> Vector.empty, "c" -> Vector(1 -> fork(20))), seconds = 60)
    assertEquals(RoundRules.setAsideAgain(s, Vector.empty, going = false, settledStop = true, 3, None),
      Some(Remeasure(Vector("b", "a"), Vector("b"))))
    // Before the minimum rounds, past a stop that is not the ratios settling, or over the budget: no.
    assertEquals(RoundRules.setAsideAgain(s.copy(round = 2), Vector.empty, going = false, settledStop = true, 3, None), None)
    assertEquals(RoundRules.setAsideAgain(s, Vector.empty, going = false, settledStop = false, 3, None), None)
    assertEquals(RoundRules.setAsideAgain(s, Vector.empty, going = false, settledStop = true, 3, Some(79.0)), None)
    assert(RoundRules.setAsideAgain(s, Vector.empty, going = false, settledStop = true, 3, Some(80.0)).nonEmpty)
    // A failed or starved bare cell does not come back; one already in the next round is not named twice.
    assertEquals(RoundRules.setAsideAgain(s.copy(failed = Set("b")), Vector.empty, going = false, settledStop = true, 3, None), None)
    assertEquals(RoundRules.setAsideAgain(s.copy(starved = Set("b")), Vector.empty, going = false, settledStop = true, 3, None), None)
    assertEquals(RoundRules.setAsideAgain(s, Vector("a", "c"), going = true, settledStop = false, 3, None).map(_.next),
      Some(Vector("a", "c", "b")))
  }

  test("a latency cell whose p99 is not within the target comes back; under a shared budget, up to the headline's forks") {
    def tails(logs: Double*) = logs.toVector.map(l => ForkShape.TailFork(10, l, 0.0))
    val s = state(3, Map("a" -> Vector(1 -> fork(10)), "b" -> Vector(1 -> fork(10)), "c" -> Vector(1 -> fork(10))))
    // a: three forks far apart (wide reach); b: one fork (no reach yet); c: eight tight forks (within).
    val t =
      Map("a" -> tails(8.0, 8.6, 9.2), "b" -> tails(8.0), "c" -> tails(Vector.fill(8)(8.0).zipWithIndex.map((x, i) => x + i * 0.001): _*))
    val again = RoundRules.tailAgain(s, t, Vector.empty, going = false, settledStop = true, 3, None, sharedBudget = false)
    assertEquals(again.map(_.next), Some(Vector("a")))
    assertEquals(again.get.reaches.map(_._1), Vector("a"))
    // Three tight forks are within the reach but under TailMinForks: measured again too.
    val few = t.updated("c", tails(8.0, 8.001, 8.002))
    assertEquals(RoundRules.tailAgain(s, few, Vector.empty, going = false, settledStop = true, 3, None, sharedBudget = false).map(_.next),
      Some(Vector("a", "c")))
    // Under a shared budget (the headline): every cell with a p99 on fewer than HeadlineTailForks forks, whatever
    // its reach, and none past them.
    assertEquals(RoundRules.tailAgain(s, t, Vector.empty, going = false, settledStop = true, 3, None, sharedBudget = true).map(_.next),
      Some(Vector("a")))
    assertEquals(RoundRules.tailAgain(s, few, Vector.empty, going = false, settledStop = true, 3, None, sharedBudget = true).map(_.next),
      Some(Vector("a", "c")))
    val six = Map("a" -> tails(8.0, 8.6, 9.2, 8.0, 8.6, 9.2), "c" -> tails(8.0, 8.001, 8.002, 8.0, 8.001, 8.002))
    assertEquals(RoundRules.tailAgain(s, six, Vector.empty, going = false, settledStop = true, 3, None, sharedBudget = true), None)
    assertEquals(RoundRules.tailAgain(s, t, Vector.empty, going = false, settledStop = false, 3, None, sharedBudget = false), None)
    // Under a shared budget, after any stop past the minimum (the table's share spent on its ratios), but not before it.
    assertEquals(RoundRules.tailAgain(s, t, Vector.empty, going = false, settledStop = false, 3, None, sharedBudget = true).map(_.next),
      Some(Vector("a")))
    assertEquals(RoundRules.tailAgain(s.copy(round = 2), t, Vector.empty, going = false, settledStop = false, 3, None, true), None)
    // A table that goes on keeps its round and adds the open tails.
    assertEquals(RoundRules.tailAgain(s, t, Vector("b"), going = true, settledStop = false, 3, None, sharedBudget = false).map(_.next),
      Some(Vector("b", "a")))
    // Over the budget: no.
    assertEquals(RoundRules.tailAgain(s.copy(seconds = 95), t, Vector.empty, going = false, settledStop = true, 3, Some(100.0), false),
      None)
    // A cell whose p99 is the client's lateness does not come back for it, in the headline or out of it.
    assertEquals(RoundRules.tailAgain(s, few, Vector.empty, going = false, settledStop = true, 3, None, false, Set("a")).map(_.next),
      Some(Vector("c")))
    assertEquals(RoundRules.tailAgain(s, t, Vector.empty, going = false, settledStop = true, 3, None, true, Set("a")), None)
  }

  test("a round's stops: nothing left, the ceiling, then the budget after the minimum rounds") {
    val s = state(3, Map.empty, seconds = 50)
    assertEquals(RoundRules.endOfRound(s, Vector.empty, 3, 10, None), Some(RoundStop.EveryCellStarvedOrFailed))
    assertEquals(RoundRules.endOfRound(s.copy(failed = Set("a", "b", "c")), Vector.empty, 3, 10, None), Some(RoundStop.EveryCellFailed))
    assertEquals(RoundRules.endOfRound(s.copy(round = 10), Vector("a"), 3, 10, Some(1.0)), Some(RoundStop.RoundCeiling(10)))
    assertEquals(RoundRules.endOfRound(s, Vector("a", "b"), 3, 10, Some(69.0)), Some(RoundStop.BudgetSpent(69.0)))
    assertEquals(RoundRules.endOfRound(s, Vector("a", "b"), 3, 10, Some(70.0)), None, "a round that just fits goes on")
    assertEquals(RoundRules.endOfRound(s.copy(round = 2), Vector("a", "b"), 3, 10, Some(1.0)), None,
      "no budget stop before the minimum rounds")
  }
}
