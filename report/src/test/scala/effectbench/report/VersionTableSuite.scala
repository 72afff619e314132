package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.analysis.*
import effectbench.stats.Format
import effectbench.store.RunData
import java.nio.file.Files

/** A runtime measured at several library versions in one run (`run --lib`): rows labelled with the
  * version read back, a version table with each version's ratio to the first, in every format,
  * and `compare` matching a version's cell with the same version in another run. */
class VersionTableSuite extends munit.FunSuite {
  private val table = "deep-bind/default/d=10000/fork"
  private def key(label: String) = s"deep-bind/default/cats-effect@$label/d=10000/fork"
  private def forks(means: Double*): Vector[Vector[Double]] = means.toVector.map(m => Vector(m, m * 1.002, m * 0.998, m))

  /** Three versions: 3.6.3 (first), 3.7.1 about 1.3× slower, and 3.6.3 again under a second label. */
  private def versionsRun(): RunData = {
    val specs = Vector(
      SyntheticRun.Spec(key("3.6.3"), 0, readBack = Vector("library" -> "3.6.3"), raw = Some(forks(100, 102, 98, 101))),
      SyntheticRun.Spec(key("3.7.1"), 0, readBack = Vector("library" -> "3.7.1"), alloc = 2048, raw = Some(forks(130, 133, 128, 131))),
      SyntheticRun.Spec(key("3.6.3#2"), 0, readBack = Vector("library" -> "3.6.3"), raw = Some(forks(101, 99, 100, 102))),
      SyntheticRun.Spec(key("local:3.8.0-SNAPSHOT"), 0, readBack = Vector("library" -> "3.8.0-abc-SNAPSHOT"),
        raw = Some(forks(99, 100, 101, 100)))
    )
    RunData.load(SyntheticRun.write(Files.createTempDirectory("versions"), "versions-run", specs))
  }

  test("every row of a version says the version its runtime read back, and the label when they differ") {
    val run = versionsRun()
    val rows = ReportModel.build(run).blocks.flatMap(_.rows.map(_.runtime))
    assertEquals(rows,
      Vector("cats-effect 3.6.3", "cats-effect 3.7.1", "cats-effect 3.6.3#2",
        "cats-effect local:3.8.0-SNAPSHOT (live 3.8.0-abc-SNAPSHOT)"))
  }

  test("the version table gives each version's ratio to the first with its interval: decided, or a tie") {
    val run = versionsRun()
    val m = ReportModel.build(run)
    val ts = VersionTable.all(m, run)
    assertEquals(ts.size, 1)
    val t = ts.head
    assertEquals(t.rows.map(_.version), Vector("3.6.3", "3.7.1", "3.6.3#2", "local:3.8.0-SNAPSHOT (live 3.8.0-abc-SNAPSHOT)"))
    assertEquals(VersionTable.ratio(t.rows(0)), "1.00× (first)")
    val slower = t.rows(1).vsFirst.get
    assert(effectbench.analysis.Decision.decided(slower) && slower.low > 1.2 && slower.high < 1.4, slower.toString)
    assert(!VersionTable.ratio(t.rows(1)).startsWith("tie"), VersionTable.ratio(t.rows(1)))
    assert(VersionTable.ratio(t.rows(2)).startsWith("tie "), VersionTable.ratio(t.rows(2)))
    assertEquals(VersionTable.head(t), Vector("version", "score ± error", "unit", "vs 3.6.3", "B/op", "precision"))
    assertEquals(VersionTable.cells(t.rows(1))(4), Format.bytes(run.cells(1).alloc))
  }

  test("terminal, markdown and HTML show the version table; the HTML draws one chart per scenario") {
    val run = versionsRun()
    val text = TerminalTable.render(run)
    assert(text.contains(s"cats-effect across versions, $table:"), text)
    assert(text.linesIterator.exists(l => l.startsWith("3.6.3#2 ") && l.contains("tie ")), text)
    val md = Markdown.render(run)
    assert(md.contains(s"**cats-effect across versions, $table**"), md)
    assert(md.contains("| version | score ± error | unit | vs 3.6.3 | B/op | precision |"), md)
    val html = Html.render(run, None)
    assert(html.contains("<section id=\"versions\">"), "no version section")
    assertEquals("class=\"vchart\"".r.findAllMatchIn(html).size, 1)
    val json = "<script type=\"application/json\" id=\"versions-data\">(.*?)</script>".r.findFirstMatchIn(html).get.group(1)
    val charts = ujson.read(json).arr
    assertEquals(charts.map(_("x").arr.map(_.str).toVector).toVector,
      Vector(Vector("3.6.3", "3.7.1", "3.6.3#2", "local:3.8.0-SNAPSHOT (live 3.8.0-abc-SNAPSHOT)")))
    assertEquals(charts.head("series").arr.head("ratio").arr.head.num, 1.0)
  }

  test("in headless Chromium, the version chart is drawn: an ECharts SVG with the versions on its axis, and no script error") {
    Chromium.required(this)
    val run = versionsRun()
    val html = run.dir.resolve("report.html")
    Files.write(html, Html.render(run, None).getBytes("UTF-8"))
    // #selftest: the page's own check (report.js) writes the script errors it caught into the DOM.
    val (dom, err) = Chromium.dumpDom(Chromium.binary.get, html.toUri.toString + "#selftest")
    val result = """(?s)<pre id="selftest-result">(.*?)</pre>""".r.findFirstMatchIn(dom)
      .getOrElse(fail(s"the page wrote no self-test result; stderr: ${err.take(2000)}")).group(1)
    val errors = ujson.read(result.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&"))("errors")
    assertEquals(errors.arr.map(_.str).toVector, Vector.empty[String])
    val section = "(?s)<section id=\"versions\">.*?</section>".r.findFirstIn(dom).getOrElse(fail("no version section in the DOM"))
    val at = section.indexOf("class=\"vchart\"")
    assert(at > 0, "no chart container")
    val chart = section.substring(at)
    assert(chart.contains("_echarts_instance_"), "ECharts was not initialised on the chart container")
    assert(chart.contains("<svg"), "no SVG drawn in the chart container")
    // One line series and its two dashed interval lines per table, each an SVG path.
    assert("<path ".r.findAllMatchIn(chart).size >= 3, chart.take(3000))
    val labels = "(?s)<text[^>]*>([^<]*)</text>".r.findAllMatchIn(chart).map(_.group(1)).toSet
    // ECharts leaves out axis labels that would overlap, so only the first version is sure to be drawn.
    assert(labels.contains("3.6.3"), s"the first version is not on the axis: $labels")
    assert(labels.contains("× the first version"), s"no y axis: $labels")
    assert(labels.contains(s"cats-effect · $table"), s"the series is not in the legend: $labels")
  }

  test("a run without --lib has no version table and its rows keep the runtime alone") {
    val run = RunData.load(SyntheticRun.write(Files.createTempDirectory("plain"), "plain", SyntheticRun.cells200.take(4)))
    val m = ReportModel.build(run)
    assertEquals(VersionTable.all(m, run), Vector.empty)
    assert(!Html.render(run, None).contains("id=\"versions\""))
    assert(m.blocks.flatMap(_.rows.map(_.runtime)).forall(SyntheticRun.runtimes.contains))
  }

  test("compare matches a version's cell with the cell that ran the same version in another run, and says when versions differ") {
    val plainKey = "deep-bind/default/cats-effect/d=10000/fork"
    val a = RunData.load(SyntheticRun.write(Files.createTempDirectory("cmp-a"), "a",
        Vector(SyntheticRun.Spec(plainKey, 100, readBack = Vector("library" -> "3.7.1")))))
    val b = RunData.load(SyntheticRun.write(Files.createTempDirectory("cmp-b"), "b",
        Vector(SyntheticRun.Spec(key("3.6.3"), 100, readBack = Vector("library" -> "3.6.3")),
          SyntheticRun.Spec(key("3.7.1"), 100, readBack = Vector("library" -> "3.7.1")))))
    val c = RunComparison.compare(a, b, 0.05, resamples = 200)
    assertEquals(c.rows.map(_.key), Vector(plainKey))
    assert(CompareNotes.texts(c).exists(_.startsWith("1 cells only in B, not compared (" + key("3.6.3"))),
      CompareNotes.texts(c).mkString("\n"))
    assert(!CompareNotes.texts(c).exists(_.contains("only in A")), CompareNotes.texts(c).mkString("\n"))
    // The same label in both runs, but another version read back: said, not hidden.
    val b2 = RunData.load(SyntheticRun.write(Files.createTempDirectory("cmp-b2"), "b2",
        Vector(SyntheticRun.Spec(key("3.7.1"), 100, readBack = Vector("library" -> "3.7.2-SNAPSHOT")))))
    val a2 = RunData.load(SyntheticRun.write(Files.createTempDirectory("cmp-a2"), "a2",
        Vector(SyntheticRun.Spec(key("3.7.1"), 100, readBack = Vector("library" -> "3.7.1")))))
    val c2 = RunComparison.compare(a2, b2, 0.05, resamples = 200)
    assertEquals(c2.rows.size, 1)
    assert(
      CompareNotes.texts(c2).contains("cats-effect ran 3.7.1 in A and 3.7.2-SNAPSHOT in B: its differences include the library version"),
      CompareNotes.texts(c2).mkString("\n")
    )
  }
}
