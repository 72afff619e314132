package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.stats.Stat
import effectbench.store.{CellResult, RunData}
import effectbench.{CellId, Mode, Outcome, Params}
import java.nio.file.{Files, Paths}

/** The business-flow view: styles side by side per runtime with their ratio to `either`, and a
  * swept parameter's values as columns. Built from hand-made cells: no measuring here. */
class StyleTableSuite extends munit.FunSuite {
  private def cell(variant: String, runtime: String, tf: String, score: Double, error: Double = 1.0): CellResult = {
    val id =
      CellId("business-flow", variant, runtime, Params.of("tf" -> tf, "base" -> "10", "failure" -> "0.1:80", "k" -> "100"), Mode.Fork)
    // Three forks at score − error, score and score + error: the fork-level interval is what decides.
    val raw = Vector(score - error, score, score + error).map(f => Vector.fill(3)(f))
    CellResult(id.key, Some(id), "jdk-25", Outcome.Ok, "", Some(Stat(score, error, "us/op")), Some(Stat(1000, 0, "B/op")),
      raw, Vector.empty, "src", "syntax", SyntheticRun.record(SyntheticRun.Spec(id.key, score)))
  }
  private def run(cells: Vector[CellResult]) =
    RunData(Paths.get("run"), Some(SyntheticRun.meta("r", Vector.empty)), cells, Vector.empty)

  private val other = {
    val id = CellId("deep-bind", "default", "zio", Params.of("d" -> "10"), Mode.Fork)
    CellResult(id.key, Some(id), "jdk-25", Outcome.Ok, "", Some(Stat(5, 0.1, "us/op")), None, Vector.empty, Vector.empty, "", "",
      SyntheticRun.record(SyntheticRun.Spec(id.key, 5)))
  }

  test("one row per runtime, styles as columns with the ratio to that runtime's either; other scenarios keep the generic table") {
    val cells = Vector(cell("either", "zio", "5", 100), cell("typed", "zio", "5", 150), cell("eithert", "zio", "5", 300),
      cell("either", "cats-effect", "5", 80), cell("eithert", "cats-effect", "5", 100.5, error = 30), other)
    val (blocks, rest) = StyleTable.blocks(run(cells))
    val text = TerminalTable.styles(blocks)
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
    val text = TerminalTable.styles(StyleTable.blocks(run(cells))._1)
    val lines = text.split('\n').toVector
    assert(lines.exists(_.contains("· base=10&failure=0.1:80&k=100 ·")), text)
    val head = lines.find(_.startsWith("runtime")).get
    assert(head.indexOf("tf=2") < head.indexOf("tf=100") && head.indexOf("tf=2") > 0, head)
    val typed = lines.find(l => l.startsWith("zio") && l.contains("typed")).get
    assert(typed.contains("(2.00× [") && typed.contains("(1.10× ["), typed)
  }

  test("the style table is in every format: terminal, Markdown and HTML show the same rows from one model") {
    def bf(v: String, rt: String) =
      CellId("business-flow", v, rt, Params.of("tf" -> "5", "base" -> "10", "failure" -> "0.1:80", "k" -> "100"), Mode.Fork).key
    val specs = Vector(SyntheticRun.Spec(bf("either", "zio"), 100), SyntheticRun.Spec(bf("typed", "zio"), 150),
      SyntheticRun.Spec(bf("either", "cats-effect"), 80), SyntheticRun.Spec(bf("eithert", "cats-effect"), 240))
    val r = RunData.load(SyntheticRun.write(Files.createTempDirectory("styles"), "styles-run", specs))
    val blocks = ReportModel.build(r).styles
    assertEquals(blocks.size, 1)
    val times = StyleText.table(blocks.head.tables.head)
    val zio = times.rows.find(_.head == "zio").get
    assert(zio(1).contains("(1.00×)") && zio(4).contains("(1.5"), zio.toString)
    val md = Markdown.render(r)
    assert(md.contains(s"#### ${Markdown.cell(blocks.head.title)}"), md)
    assert(md.contains(times.head.map(Markdown.cell).mkString("| ", " | ", " |")), md)
    assert(md.contains(zio.map(Markdown.cell).mkString("| ", " | ", " |")), md)
    assert(md.contains("- n/a (typed on cats-effect): "), md)
    val html = Html.render(r, None)
    assert(html.contains(s"<h4>${Html.esc(blocks.head.title)}</h4>"), "no style block title in the HTML")
    assert(html.contains(s"<th>${Html.esc(times.head.head)}</th>"), "no style table head in the HTML")
    assert(html.contains(s"<td class=\"n\">${Html.esc(zio(1))}</td>"), "no style table row in the HTML")
    assert(html.contains(Html.esc("n/a (typed on cats-effect): ")), "no n/a note in the HTML")
    val t = TerminalTable.render(r)
    assert(t.contains(blocks.head.title) && t.contains(zio(1)), t)
  }
}
