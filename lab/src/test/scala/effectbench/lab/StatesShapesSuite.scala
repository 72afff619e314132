package effectbench.lab

/** `bench lab states`'s fork shapes table, from recorded launches (nothing launched or timed). */
class StatesShapesSuite extends munit.FunSuite {
  private def launch(cell: String, order: Int, warm: Double): StatesStudy.Launch =
    StatesStudy.Launch(cell, "none", order, 100, Map.empty, Vector.tabulate(12)(i => if (i < 8) 100 * warm else 100 + order % 2))

  test("one row per cut the launches are long enough for, the long warm-up's spread below the short one's") {
    val ls = Vector(launch("a", 1, 1.5), launch("a", 2, 2.5), launch("a", 3, 1.1), launch("b", 4, 3.0), launch("b", 5, 1.2))
    val rows = StatesStudy.shapeRows(ls, 0.25, 1.0)
    // 12 iterations of 0.25 s: every cut of at most 3 s.
    assertEquals(rows.size, effectbench.stats.ForkShape.cuts.count(_.seconds <= 3.0 + 1e-9))
    assert(rows.forall(_.size == StatesStudy.shapeHeader.size))
    def spread(w: String, m: String) = rows.find(r => r(0) == w && r(1) == m).get(3).stripSuffix("%").toDouble
    assert(spread("2.0", "1.0") < 1.0, rows.toString)
    assert(spread("0.5", "1.0") > 10.0, rows.toString)
    assertEquals(rows.find(r => r(0) == "2.0" && r(1) == "1.0").get(2), "4.0", "the fork's seconds with the JVM's start")
  }

  test("launches too short for any cut give no table") {
    val short = Vector(1, 2, 3).map(i => StatesStudy.Launch("a", "none", i, 1, Map.empty, Vector(1.0, 1.1)))
    assertEquals(StatesStudy.shapeRows(short, 0.25, 1.0), Vector.empty)
  }
}
