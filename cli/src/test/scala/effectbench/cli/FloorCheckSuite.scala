package effectbench.cli

import effectbench.runner._
import effectbench.{CellId, Mode, Params}
import java.nio.file.Paths

/** `verify --floor`: a cell timed under its table's plain-code baseline (per unit of declared
  * work, beyond both errors) fails with a clear line; a slower cell, a tie within the error, and
  * a cell without a baseline in its table do not. Scores are given here: nothing is timed. */
class FloorCheckSuite extends munit.FunSuite {
  private val jvm = Jvm(Paths.get("/synthetic/bin/java"), Paths.get("/synthetic"), "21.0.1", "Synthetic")
  private def cell(rt: String, scenario: String = "deep-bind", params: Params = Params.of("d" -> "10000")) =
    PlannedCell(CellId(scenario, "default", rt, params, Mode.Fork), jvm, CellStatus.Ok, "modern")

  private def check(scores: Map[String, FloorCheck.Timed], cells: Vector[PlannedCell], baselines: Vector[PlannedCell])
      : (Int, Vector[String]) = {
    val lines = Vector.newBuilder[String]
    val n = FloorCheck.check(cells, baselines, l => lines += l, c => scores.get(c.runtime).toRight("not timed"))
    (n, lines.result())
  }

  test("a cell faster than its baseline beyond the error fails, naming the cell and why") {
    val (n, lines) = check(Map("zio" -> FloorCheck.Timed(2, 0.1, "us/op"), "baseline" -> FloorCheck.Timed(20, 0.5, "us/op")),
      Vector(cell("zio"), cell("baseline")), Vector(cell("baseline")))
    assertEquals(n, 1)
    assertEquals(lines.size, 1, lines) // the baseline itself is not checked against itself
    assert(lines.head.startsWith("floor FAIL deep-bind/default/zio/d=10000/fork"), lines.head)
    assert(lines.head.contains("faster than the baseline floor — check for work the JIT removed"), lines.head)
    assert(lines.head.contains("per bind"), lines.head)
  }

  test("the scheduler family is not checked against its baseline, which is a reference point, not a floor") {
    val fm = Params.of("f" -> "10000")
    val (n, lines) = check(Map("cats-effect" -> FloorCheck.Timed(1.5, 0.05, "ms/op"), "baseline" -> FloorCheck.Timed(3, 0.1, "ms/op")),
      Vector(cell("cats-effect", "fork-many", fm)), Vector(cell("baseline", "fork-many", fm)))
    assertEquals(n, 0)
    assert(lines.head.startsWith("floor -   fork-many/default/cats-effect"), lines.head)
  }

  test("a slower cell, and a tie within the error, pass") {
    val base = FloorCheck.Timed(20, 0.5, "us/op")
    assertEquals(check(Map("zio" -> FloorCheck.Timed(60, 1, "us/op"), "baseline" -> base), Vector(cell("zio")),
        Vector(cell("baseline")))._1, 0)
    assertEquals(check(Map("zio" -> FloorCheck.Timed(19.7, 0.5, "us/op"), "baseline" -> base), Vector(cell("zio")),
        Vector(cell("baseline")))._1, 0)
  }

  test("no baseline in the table, or a cell JMH could not time: said, not failed") {
    val (n, lines) = check(Map("zio" -> FloorCheck.Timed(2, 0.1, "us/op")), Vector(cell("zio")), Vector.empty)
    assertEquals(n, 0)
    assert(lines.head.contains("no baseline cell in this table"), lines.head)
    val (n2, lines2) = check(Map("baseline" -> FloorCheck.Timed(2, 0.1, "us/op")), Vector(cell("zio")), Vector(cell("baseline")))
    assertEquals(n2, 0)
    assert(lines2.head.contains("not timed"), lines2.head)
  }

  test("verify takes --floor (a bad selector, not the switch, is what it complains about)") {
    val e = intercept[UsageError](Main.dispatch(Vector("verify", "--floor", "--scenario", "no-such-scenario")))
    assert(e.getMessage.contains("no-such-scenario"), e.getMessage)
    assert(Commands.help("verify").contains("--floor"))
  }
}
