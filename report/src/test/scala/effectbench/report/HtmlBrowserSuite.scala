package effectbench.report

import effectbench.analysis.LaunchStates
import effectbench.store.SyntheticRun
import effectbench.stats.{CellEstimate, ForkStats, RatioEstimate}
import effectbench.store.{CellResult, RunData}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** Opens the HTML report in a real headless Chromium from a file:// URL and checks, in the page
  * itself (`#selftest`), that every chart container holds a drawn chart, that no script error
  * was raised, and that text from the results is shown as text. */
class HtmlBrowserSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(300, "s")

  val evilScript = "<script>boom()"
  val evilImg = "<img src=x onerror=window.__pwned=1>"

  /** A run with ordinary cells, a param value carrying markup, a failed cell and an n/a cell. */
  def run(dir: Path): RunData = {
    val specs = SyntheticRun.cells200.filter(s => s.key.startsWith("scenario-1/") || s.key.startsWith("scenario-2/")) ++
      SyntheticRun.runtimes.map(rt =>
        SyntheticRun.Spec(s"evil/default/$rt/p=$evilScript&q=$evilImg/fork", 3.0, readBack = Vector("k" -> evilImg))
      ) :+
      SyntheticRun.Spec("scenario-1/default/monix/n=100/fork", 1, status = effectbench.Outcome.Failed,
        reason = s"failed: JMH exited with code 1 $evilScript") :++
      // A style scenario: its style block renders beside its charts.
      Vector("either" -> 100.0, "typed" -> 150.0).map { case (v, base) =>
        SyntheticRun.Spec(s"business-flow/$v/zio/tf=5&base=10&failure=0.1:80&k=100/fork", base)
      }
    SyntheticRun.write(dir, s"run-$evilScript", specs,
      plan = Vector("scenario-1/default/kyo/n=100/fork" -> effectbench.store.CellStatus.NotApplicable(s"no such runtime $evilImg")))
    RunData.load(dir)
  }

  /** Where things are on the page: the window, the page's width, and the summary grid's top and bottom. */
  final case class Layout(
      innerWidth: Double, innerHeight: Double, clientWidth: Double, scrollWidth: Double, gridTop: Double, gridBottom: Double
  )

  final case class Check(
      charts: Int, rendered: Int, missing: Vector[String], errors: Vector[String], injected: Boolean, scriptText: Boolean,
      /** As a reader first sees the page, and with every section open. */
      firstScreen: Layout, openLayout: Layout,
      /** Results tables (and the grid) whose right edge lies beyond the window, with every section open. */
      tablesTooWide: Vector[String]
  )

  /** The window the layout is checked in: a laptop's browser window. */
  val Window = (1400, 900)

  private def layout(j: ujson.Value): Layout = {
    def d(k: String) = j.obj.get(k).flatMap(_.numOpt).getOrElse(Double.NaN)
    Layout(d("innerWidth"), d("innerHeight"), d("clientWidth"), d("scrollWidth"), d("gridTop"), d("gridBottom"))
  }

  def selftest(html: Path): Either[String, Check] = {
    val bin = Chromium.binary.get
    val (dom, err) = Chromium.dumpDom(bin, html.toUri.toString + "#selftest", Some(Window))
    val rx = """(?s)<pre id="selftest-result">(.*?)</pre>""".r
    rx.findFirstMatchIn(dom) match {
      case None =>
        Left(s"the page wrote no self-test result (its script did not run to the end); DOM ${dom.length} chars, stderr: ${err.take(2000)}")
      case Some(m) =>
        val j = ujson.read(m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&"))
        Right(Check(j("charts").num.toInt, j("rendered").num.toInt, j("missing").arr.map(_.str).toVector,
            j("errors").arr.map(_.str).toVector,
            j("injected").boolOpt.contains(true), j("resultsShowScriptText").boolOpt.contains(true), layout(j("firstScreen")),
            layout(j("openLayout")), j("tablesTooWide").arr.map(_.str).toVector))
    }
  }

  def requireChromium(): Unit = { Chromium.required(this); () }

  test("with no browser found a browser test is skipped here, and fails under CI=true") {
    val bin = java.nio.file.Paths.get("/usr/bin/chromium")
    assertEquals(Chromium.need(Some(bin), Map("CI" -> "true")), Chromium.Need.Found(bin))
    assert(Chromium.need(None, Map.empty).isInstanceOf[Chromium.Need.Skip])
    assert(Chromium.need(None, Map("CI" -> "false")).isInstanceOf[Chromium.Need.Skip])
    assert(Chromium.need(None, Map("CI" -> "true")).isInstanceOf[Chromium.Need.Fail])
    assert(Chromium.need(None, Map("CI" -> "TRUE")).isInstanceOf[Chromium.Need.Fail])
  }

  test("the HTML report renders every chart in headless Chromium, raises no script error and shows markup from results as text") {
    requireChromium()
    val dir = Files.createTempDirectory("html-run")
    val data = run(dir)
    val html = dir.resolve("report.html")
    val text = Html.render(data, None)
    Files.write(html, text.getBytes(StandardCharsets.UTF_8))
    // Self-contained: nothing loaded from the network.
    assert(!"""(?i)(src|href)\s*=\s*["']?(https?:)?//""".r.findFirstIn(text).isDefined, "the report references a network resource")
    assert(!text.contains(evilScript) && !text.contains(evilImg), "markup from results must be escaped in the file")
    assert(text.contains("<div class=\"styles\"><h4>business-flow · "), "the style block is missing from the page under test")
    val groups = ReportModel.groups(data).count(_.rows.exists(_.cell.ok))
    val c = selftest(html).fold(e => fail(e), identity)
    assertEquals(c.charts, 4 * groups) // ratio, fork means, allocation, iterations
    assertEquals(c.missing, Vector.empty, s"charts not rendered: ${c.missing}")
    assertEquals(c.rendered, c.charts)
    assertEquals(c.errors, Vector.empty)
    assert(!c.injected, "an onerror handler from a param value ran")
    assert(c.scriptText, "the literal text '<script>' from a param value should be visible in the results")
    assertFits(c)
  }

  /** At 1400 × 900 the summary grid starts on the first screen, the page does not scroll sideways,
    * and with every section open no results table is wider than the window. */
  def assertFits(c: Check): Unit = {
    val s = c.firstScreen
    // Headless Chromium's --window-size is the outer window: its width is the page's, its height
    // holds the browser's own bars. The first screen is the top 900 px of the page either way.
    assertEquals(s.innerWidth, Window._1.toDouble, s"the window size did not apply: $s")
    assert(s.gridTop >= 0 && s.gridTop < Window._2, s"the summary grid starts below the first screen: $s")
    assert(s.scrollWidth <= s.clientWidth, s"the page scrolls sideways at ${Window._1} px: $s")
    assertEquals(c.tablesTooWide, Vector.empty, s"tables wider than the window: ${c.tablesTooWide}")
    assert(c.openLayout.scrollWidth <= c.openLayout.clientWidth, s"with every section open the page scrolls sideways: ${c.openLayout}")
  }

  test("the summary grid comes first: a table per column, a row per runtime, each entry the ratio to the fastest with its marks") {
    val dir = Files.createTempDirectory("html-summary")
    val data = run(dir)
    val text = Html.render(data, None)
    val summary = text.indexOf("<section id=\"summary\">")
    assert(summary > 0 && summary < text.indexOf("<section id=\"results\">") && summary < text.indexOf("id=\"settings\""),
      "the summary comes before the results and the settings")
    assert(text.contains("<details class=\"settings\" id=\"settings\">"), "the settings are collapsed below the results")
    assert(text.indexOf("id=\"settings\"") > text.indexOf("<section id=\"not-measured\">"), "the settings come last")
    val m = ReportModel.build(data)
    assertEquals(m.summary.tables.size, m.blocks.size)
    // The failed cell and the n/a cell are said in the grid, the n/a one with its reason as a tooltip.
    val s1 = m.summary.tables.find(t => m.blocks(t.block).group.title == "scenario-1/default/n=100/fork").get
    assert(s1.entries.get("monix").exists(_.isInstanceOf[SummaryEntry.NotMeasured]), s1.entries.toString)
    assert(s1.entries.get("kyo").exists(_.isInstanceOf[SummaryEntry.NotRun]), s1.entries.toString)
    assertEquals(s1.label, "scenario-1 · n=100 · fork")
    assert(text.contains(">n/a</td>") && text.contains(Html.esc("kyo: n/a: no such runtime ")), "the n/a entry and its reason")
    // The fastest row of each table shows 1.00×; a scenario with one table is labelled by its name.
    assert(m.summary.tables.forall(t => t.entries.values.exists { case SummaryEntry.Measured(r) => r.isFastest; case _ => false }))
    assert(m.summary.tables.exists(_.label == "evil"), m.summary.tables.map(_.label).toString)
    assert(m.summary.tables.exists(_.label == "business-flow · typed"), m.summary.tables.map(_.label).toString)
    assert(text.contains("<a href=\"#table-0\""), "a column links to its table")
  }

  test("the grid's marks: a tie, a cell without an interval, a bimodal cell and a cell in two launch states") {
    val spec = SyntheticRun.Spec("x/default/zio/n=1/fork", 1)
    val cell =
      CellResult(spec.key, None, "j", effectbench.Outcome.Ok, "", None, None, Vector.empty, Vector.empty, "", "", SyntheticRun.record(spec))
    def row(vs: Option[RatioEstimate], e: CellEstimate) = Row(cell, "zio", Some(e), vs)
    val one = LaunchStates.estimate(Vector(Vector(1.0, 1.01, 0.99), Vector(1.0, 1.0, 1.01)))
    val two = LaunchStates.estimate(Vector(0.77, 0.37, 0.80, 0.76, 0.38).map(m => Vector(m, m * 1.001, m * 0.999, m)))
    assert(two.multiState)
    def ratio(lo: Double, hi: Double, bimodal: Boolean = false) = Some(RatioEstimate(1.5, lo, hi, 0.95, paired = false, bimodal))
    assertEquals(SummaryHtml.marks(row(ratio(1.4, 1.6), one)), "")
    assertEquals(SummaryHtml.marks(row(ratio(0.9, 1.6), one)), SummaryHtml.TieMark)
    assertEquals(SummaryHtml.marks(row(ratio(Double.NaN, Double.NaN), one)), SummaryHtml.NoIntervalMark)
    assertEquals(SummaryHtml.marks(row(None, two)), SummaryHtml.StatesMark)
    assert(SummaryHtml.colour(1.0) == "hsl(120, 65%, 82%)" && SummaryHtml.colour(100) == "hsl(0, 65%, 82%)")
    assert(SummaryHtml.cell("zio", Some(SummaryEntry.Measured(row(ratio(0.9, 1.6), one)))).render.contains(
        "1.50×<span class=\"mark\">≈</span>"
      ))
  }

  test("the layout check fails when the grid is pushed below the first screen and when a results table is too wide") {
    requireChromium()
    val dir = Files.createTempDirectory("html-layout")
    val html = dir.resolve("report.html")
    val broken = Html.render(run(dir), None)
      .replace("<section id=\"summary\">", "<div style=\"height:1200px\"></div><section id=\"summary\">")
      .replaceFirst("<table class=\"res\">", "<table class=\"res\" style=\"width:2000px\">")
    Files.write(html, broken.getBytes(StandardCharsets.UTF_8))
    val c = selftest(html).fold(e => fail(e), identity)
    assert(c.firstScreen.gridTop >= Window._2, c.firstScreen.toString)
    assert(c.tablesTooWide.nonEmpty && c.firstScreen.scrollWidth > c.firstScreen.clientWidth, c.toString)
    intercept[AssertionError](assertFits(c))
  }

  test("the self-test fails when a chart does not render (a chart container whose data is missing)") {
    requireChromium()
    val dir = Files.createTempDirectory("html-broken")
    val data = run(dir)
    val html = dir.resolve("report.html")
    val broken = Html.render(data, None).replace("<div class=\"charts\">",
      "<div class=\"charts\"><div class=\"chart\" data-group=\"9999\" data-kind=\"ratio\"></div>")
    Files.write(html, broken.getBytes(StandardCharsets.UTF_8))
    selftest(html) match {
      case Left(_) => () // the page script died: also a failure the real test reports
      case Right(c) => assert(c.missing.nonEmpty || c.errors.nonEmpty, s"a broken chart went unnoticed: $c")
    }
  }

  test("one block measured on two core counts renders as a scaling chart: a line per runtime over the counts") {
    requireChromium()
    val dir = Files.createTempDirectory("html-scaling")
    val labels = Vector(1, 2).map(n => s"${SyntheticRun.jvm}, $n cpu${if (n == 1) "" else "s"}")
    val specs = for {
      (label, i) <- labels.zipWithIndex
      rt <- Vector("cats-effect", "zio", "baseline")
    } yield SyntheticRun.Spec(s"fork-many/default/$rt/n=1000/fork", base = 100.0 / (i + 1) * (if (rt == "baseline") 1 else 2), jvm = label)
    SyntheticRun.write(dir, "scaling", specs)
    val data = RunData.load(dir)
    val curves = ScalingChart.curves(data)
    assertEquals(curves.size, 1, curves.toString)
    assertEquals((curves.head.axis, curves.head.x), ("cpus", Vector("1", "2")))
    assertEquals(curves.head.series.map(_._1), Vector("cats-effect", "zio", "baseline"))
    assert(curves.head.series.forall(_._2.forall(_.isDefined)))
    // No table mixes the counts: one table per count, each with its own ratios.
    assertEquals(ReportModel.groups(data).map(_.jvm).sorted, labels)
    val html = dir.resolve("report.html")
    Files.write(html, Html.render(data, None).getBytes(StandardCharsets.UTF_8))
    val c = selftest(html).fold(e => fail(e), identity)
    assertEquals(c.charts, 4 * 2 + 1)
    assertEquals(c.missing, Vector.empty, s"charts not rendered: ${c.missing}")
    assertEquals(c.errors, Vector.empty)
    // The drawn chart itself: a line (path) per runtime, the counts on the x axis and the runtimes in the legend.
    val (dom, _) = Chromium.dumpDom(Chromium.binary.get, html.toUri.toString + "#selftest")
    val chart = "(?s)<div class=\"chart scaling\"[^>]*>(.*?)</svg>".r.findFirstMatchIn(dom).map(_.group(1)).getOrElse(
      fail("no scaling chart in the page")
    )
    val texts = "<text[^>]*>([^<]*)</text>".r.findAllMatchIn(chart).map(_.group(1).trim).toSet
    assert(Set("1", "2", "cpus", "cats-effect", "zio", "baseline").subsetOf(texts), s"axis and legend texts: $texts")
    // A series line is an unfilled path of width 2 (axes and grid are width 1), one colour per runtime.
    val paths = "<path[^>]*>".r.findAllIn(chart).toVector
    def attr(p: String, name: String) = s"""\\b$name="([^"]*)"""".r.findFirstMatchIn(p).map(_.group(1)).getOrElse("")
    val lines = paths.filter(p => attr(p, "fill") == "none" && attr(p, "stroke-width") == "2" && attr(p, "d").contains("L"))
    assertEquals(lines.map(attr(_, "stroke")).distinct.size, 3, s"a drawn line per runtime among:\n${paths.mkString("\n")}")
  }

  test("a run on one core count and one JVM has no scaling chart") {
    val dir = Files.createTempDirectory("html-noscaling")
    assertEquals(ScalingChart.curves(run(dir)), Vector.empty)
  }
}
