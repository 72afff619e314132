package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.analysis.*
import effectbench.store.RunData
import java.nio.file.{Files, Path, Paths}

class ReportFormatsSuite extends munit.FunSuite {
  private def time[A](label: String)(f: => A): A = {
    val t0 = System.nanoTime()
    val r = f
    println(f"  [timing] $label: ${(System.nanoTime() - t0) / 1e6}%.0f ms")
    r
  }

  test("terminal and markdown group by scenario/variant, mark ties and baseline ratios, state the settings") {
    val dir = Files.createTempDirectory("fmt")
    val specs = SyntheticRun.cells200.filter(_.key.startsWith("scenario-0/"))
    val run = RunData.load(SyntheticRun.write(dir, "fmt-run", specs,
        plan = Vector("scenario-0/default/kyo/n=100/fork" -> effectbench.store.CellStatus.NotApplicable("kyo has no sync entry"))))
    val t = TerminalTable.render(run)
    assert(t.contains("quick (3 forks × 5 iterations (synthetic))"), t)
    assert(t.contains("levelled: synthetic"), t)
    assert(t.contains(SyntheticRun.jvm), t)
    assert(t.contains("scenario-0/default/n=100/fork"), t)
    assert(t.contains("1.00×"), t)
    assert(t.contains("n/a: kyo has no sync entry"), t)
    val md = Markdown.render(run)
    assert(md.contains("| runtime | score ± error | unit | vs fastest | vs baseline | B/op |"), md)
    assert(md.contains("#### scenario-0/default/n=100/fork"), md)
  }

  test("the HTML inlines its stylesheet and scripts from the report's resources: one file, nothing fetched") {
    val dir = Files.createTempDirectory("res")
    val run = RunData.load(SyntheticRun.write(dir, "res-run", SyntheticRun.cells200.filter(_.key.startsWith("scenario-1/"))))
    val html = Html.render(run, None)
    for (name <- Vector("report.css", "report.js", "report-errors.js", "scaling.js")) {
      val in = getClass.getResourceAsStream(s"/effectbench/report/$name")
      assert(in != null, s"$name is not a resource of the report module")
      val text =
        try new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
        finally in.close()
      assert(text.length > 50 && html.contains(text), s"$name is not inlined")
    }
    assert(!html.contains("<link") && !html.contains("<script src"), "the page refers to another file")
  }

  test("the HTML shows each scenario's description from the catalog above its tables") {
    val dir = Files.createTempDirectory("about")
    val specs = Vector("cats-effect" -> 1000.0, "zio" -> 900.0).map { case (rt, t) =>
      SyntheticRun.Spec(s"deep-bind/default/$rt/d=10000/fork", t)
    }
    val html = Html.render(RunData.load(SyntheticRun.write(dir, "about-run", specs)), None)
    val s = effectbench.Catalog.deepBind
    val about = html.indexOf("<div class=\"about\">")
    val firstTable = html.indexOf("<div class=\"group\"")
    assert(about > 0 && about < firstTable, s"no description above the first table of ${s.id}")
    val shown = html.substring(about, firstTable)
    // The catalog's words, with its `code` spans as code.
    val words = s.program.split("`").zipWithIndex.map { case (t, i) =>
      if (i % 2 == 1) s"<code>${Html.esc(t)}</code>" else Html.esc(t)
    }.mkString
    assert(shown.contains(words), shown)
    assert(shown.contains(Html.esc(s.title)) && shown.contains(Html.esc(s.origin)), shown)
  }

  test("markdown escapes pipes and markup from results") {
    assertEquals(Markdown.cell("a|b<script>"), "a\\|b&lt;script&gt;")
  }

  test("200-cell runs: report (three formats) and compare, timings printed (not asserted)") {
    val base = Paths.get("target/synthetic-200").toAbsolutePath
    val specs = SyntheticRun.cells200
    assertEquals(specs.size, 200)
    // B: scenario-3 is 20% slower, scenario-4 20% faster, the rest the same.
    val a = time("write run A")(SyntheticRun.write(base.resolve("20261122-000000-quick-all"), "20261122-000000-quick-all", specs, seed = 1))
    val b = time("write run B")(SyntheticRun.write(base.resolve("20261122-000001-quick-all"), "20261122-000001-quick-all", specs, seed = 2,
        factor = k => if (k.startsWith("scenario-3/")) 1.2 else if (k.startsWith("scenario-4/")) 1 / 1.2 else 1.0))
    val ra = time("load run A")(RunData.load(a))
    val rb = RunData.load(b)
    assertEquals(ra.cells.size, 200)
    time("terminal")(TerminalTable.render(ra))
    time("markdown")(Markdown.render(ra))
    val html = time("html")(Html.render(ra, None))
    println(s"  html size: ${html.length / 1024} KiB")
    val c = time("compare (bootstrap 2000 × 200 cells)")(RunComparison.compare(ra, rb, 0.05))
    assertEquals(c.regressed.map(_.key.takeWhile(_ != '/')).distinct, Vector("scenario-3"))
    assertEquals(c.improved.map(_.key.takeWhile(_ != '/')).distinct, Vector("scenario-4"))
    assertEquals(c.regressed.size, 20)
    assertEquals(c.improved.size, 20)
    println(s"  synthetic runs kept in $base for ./bench report / compare timing")
  }
}
