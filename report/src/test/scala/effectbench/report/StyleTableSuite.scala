package effectbench.report

import effectbench.{CellId, Mode, Outcome, Params}
import java.nio.file.Paths

/** The business-flow view: styles side by side per runtime with their ratio to `either`, and a
  * swept parameter's values as columns. Built from hand-made cells: no measuring here. */
class StyleTableSuite extends munit.FunSuite {
  private def cell(variant: String, runtime: String, tf: String, score: Double, error: Double = 1.0): CellResult = {
    val id = CellId("business-flow", variant, runtime, Params.of("tf" -> tf, "base" -> "10", "failure" -> "0.1:80", "k" -> "100"), Mode.Fork)
    // Three forks at score − error, score and score + error: the fork-level interval is what decides.
    val raw = Vector(score - error, score, score + error).map(f => Vector.fill(3)(f))
    CellResult(id.key, Some(id), "jdk-25", Outcome.Ok, "", Some(Stat(score, error, "us/op")), Some(Stat(1000, 0, "B/op")),
      raw, Vector.empty, "src", "syntax", SyntheticRun.record(SyntheticRun.Spec(id.key, score)))
  }
  private def run(cells: Vector[CellResult]) =
    RunData(Paths.get("run"), Some(SyntheticRun.meta("r", Vector.empty)), cells, Vector.empty)

  private val other = {
    val id = CellId("deep-bind", "default", "zio", Params.of("d" -> "10"), Mode.Fork)
    CellResult(id.key, Some(id), "jdk-25", Outcome.Ok, "", Some(Stat(5, 0.1, "us/op")), None, Vector.empty, Vector.empty, "", "", SyntheticRun.record(SyntheticRun.Spec(id.key, 5)))
  }

  test("one row per runtime, styles as columns with the ratio to that runtime's either; other scenarios keep the generic table") {
    val cells = Vector(cell("either", "zio", "5", 100), cell("typed", "zio", "5", 150), cell("eithert", "zio", "5", 300),
      cell("either", "cats-effect", "5", 80), cell("eithert", "cats-effect", "5", 100.5, error = 30), other)
    val (text, rest) = StyleTable.render(run(cells))
    assertEquals(rest, Vector(other))
    val lines = text.split('\n').toVector
    val head = lines.find(_.startsWith("runtime (us/op")).get
    assert(head.contains("either") && head.contains("eithert") && head.contains("typed") && head.contains("tagless-plain"), head)
    val zio = lines.find(_.startsWith("zio ")).get
    assert(zio.contains("(1.00×)") && zio.contains("(1.50× [") && zio.contains("(3.00× ["), zio)
    val ce = lines.find(_.startsWith("cats-effect ")).get
    assert(ce.contains("(tie 1.26× ["), s"a ratio whose own interval holds 1 is a tie: $ce")
    assert(ce.contains("n/a"), s"typed on cats-effect is n/a: $ce")
    assert(text.contains("n/a (typed on cats-effect)"), text)
    assert(!text.contains("deep-bind"), text)
    val whole = TerminalTable.render(run(cells))
    assert(whole.contains("deep-bind") && whole.contains(text), s"the style view and the other scenario's table both render: $whole")
  }

  test("a swept parameter becomes the columns, one row per runtime and style") {
    val cells = Vector(cell("either", "zio", "2", 50), cell("either", "zio", "100", 500),
      cell("typed", "zio", "2", 100), cell("typed", "zio", "100", 550, error = 10))
    val (text, _) = StyleTable.render(run(cells))
    val lines = text.split('\n').toVector
    assert(lines.exists(_.contains("· base=10&failure=0.1:80&k=100 ·")), text)
    val head = lines.find(_.startsWith("runtime")).get
    assert(head.indexOf("tf=2") < head.indexOf("tf=100") && head.indexOf("tf=2") > 0, head)
    val typed = lines.find(l => l.startsWith("zio") && l.contains("typed")).get
    assert(typed.contains("(2.00× [") && typed.contains("(1.10× ["), typed)
  }
}
