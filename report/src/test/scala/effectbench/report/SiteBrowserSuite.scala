package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.stats.ChangePoints
import effectbench.store.{RunData, RunFiles}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters._

/** `bench site` over a results directory of synthetic runs: twelve runs of one table on one machine
  * and settings, zio's time 15% higher from the seventh on; a run of the same table under other
  * settings; and a `--lib` run. Every page opens in headless Chromium from file:// without a script
  * or console error and with its charts drawn; every link is relative and leads to a file of the
  * site; the cell's page keeps the two settings apart and marks the change at the seventh run. */
class SiteBrowserSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(900, "s")

  val table = "deep-bind/default/d=1000/fork"
  def key(rt: String) = s"deep-bind/default/$rt/d=1000/fork"
  val Step = 6

  private def setStarted(dir: Path, started: String): Unit = {
    val f = dir.resolve("run.json")
    val m = RunFiles.readMeta(f)
    Files.write(f, RunFiles.metaJson(m.copy(started = started, finished = None)).getBytes(StandardCharsets.UTF_8))
    ()
  }

  def results(): Path = {
    val dir = Files.createTempDirectory("site-results")
    val specs = Vector("cats-effect" -> 30.0, "zio" -> 40.0, "baseline" -> 20.0).map { case (rt, b) => SyntheticRun.Spec(key(rt), b) }
    for (i <- 0 until 12) {
      val id = f"run-$i%02d"
      SyntheticRun.write(dir.resolve(id), id, specs, factor = k => if (i >= Step && k.contains("/zio/")) 1.15 else 1.0, seed = i + 1L,
        forks = 4, noise = 0.01)
      setStarted(dir.resolve(id), f"2026-11-${10 + i}%02dT10:00:00Z")
    }
    SyntheticRun.write(dir.resolve("other-settings"), "other-settings", specs, seed = 99, forks = 4, noise = 0.01, profile = "standard")
    setStarted(dir.resolve("other-settings"), "2026-11-25T10:00:00Z")
    val versions = Vector("3.6.3" -> 100.0, "3.7.1" -> 130.0).map { case (v, b) =>
      SyntheticRun.Spec(s"deep-bind/default/cats-effect@$v/d=1000/fork", b, readBack = Vector("library" -> v))
    }
    SyntheticRun.write(dir.resolve("versions"), "versions", versions, seed = 7, forks = 4, noise = 0.01)
    setStarted(dir.resolve("versions"), "2026-11-26T10:00:00Z")
    dir
  }

  private def runs(dir: Path): Vector[RunData] =
    Files.list(dir).iterator().asScala.toVector.filter(RunData.isRunDir).sortBy(_.getFileName.toString).map(RunData.load)

  private def build(): (Path, Site.Built) = {
    val dir = results()
    val out = dir.resolve("site")
    (out, Site.build(runs(dir), out, ChangePoints.Config()))
  }

  final case class Check(charts: Int, rendered: Int, missing: Vector[String], errors: Vector[String])

  /** One Chromium for the pages of a test. */
  def browser[A](f: Chromium.Browser => A): A = Chromium.browser(Chromium.required(this), Some((1400, 900)))(f)

  def selftest(browser: Chromium.Browser, page: Path): Either[String, Check] = {
    val (result, err) = browser.selftest(page.toUri.toString + "#selftest")
    result match {
      case None => Left(s"$page wrote no self-test result; stderr: ${err.take(1000)}")
      case Some(text) =>
        val j = ujson.read(text)
        Right(Check(j("charts").num.toInt, j("rendered").num.toInt, j("missing").arr.map(_.str).toVector,
            j("errors").arr.map(_.str).toVector))
    }
  }

  private def html(p: Path): String = new String(Files.readAllBytes(p), StandardCharsets.UTF_8)

  /** Every href and src of a page's elements (not of the text of its scripts): relative, and naming a file of the site. */
  def brokenLinks(site: Path, page: Path): Vector[String] = {
    val elements =
      """(?s)(<script[^>]*>).*?</script>""".r.replaceAllIn(html(page), m => java.util.regex.Matcher.quoteReplacement(m.group(1)))
    """(?:href|src)="([^"]*)"""".r.findAllMatchIn(elements).map(_.group(1)).toVector.flatMap { l =>
      val target = l.takeWhile(c => c != '#' && c != '?')
      if (l.startsWith("/") || l.contains("//") || l.startsWith("http")) Some(s"$l: not relative")
      else if (target.isEmpty) None
      else {
        val f = page.getParent.resolve(target).normalize()
        if (!f.startsWith(site) || !Files.isRegularFile(f)) Some(s"$l: no such file of the site") else None
      }
    }
  }

  test("every page opens from file:// without a script or console error, draws its charts, and links only to files of the site") {
    Chromium.required(this)
    val (site, built) = build()
    assert(built.pages.size > 30, built.pages.size.toString)
    // One Chromium for every page, each page once: the chart counts below are read from these checks.
    val checks = browser(b => built.pages.map(page => page -> selftest(b, page)).toMap)
    val failures = built.pages.flatMap { page =>
      val links = brokenLinks(site, page).map(l => s"${site.relativize(page)}: $l")
      val check = checks(page) match {
        case Left(e) => Vector(e)
        case Right(c) =>
          (if (c.errors.nonEmpty) Vector(s"${site.relativize(page)}: errors ${c.errors}") else Vector.empty) ++
            (if (c.rendered != c.charts || c.missing.nonEmpty) Vector(s"${site.relativize(page)}: charts not drawn ${c.missing}")
             else Vector.empty)
      }
      links ++ check
    }
    assertEquals(failures, Vector.empty)
    // The pages that carry charts do draw them: a table page, a cell page and the versions page.
    val runDir = site.resolve(Site.runDir(runs(site.getParent).find(_.id == "run-11").get))
    def checked(page: Path) = checks.getOrElse(page, fail(s"$page is not one of the site's pages"))
    assertEquals(checked(runDir.resolve("table-0.html")).map(_.charts), Right(4))
    assert(checked(site.resolve(Site.cellPage(key("zio"), SyntheticRun.jvm))).exists(_.charts >= 2))
    val versions = site.resolve(Site.runDir(runs(site.getParent).find(_.id == "versions").get)).resolve("versions.html")
    assertEquals(checked(versions).map(_.charts), Right(1))
  }

  test("the cell page keeps two settings apart and marks the change at the run where zio's time stepped up") {
    val (site, _) = build()
    val page = html(site.resolve(Site.cellPage(key("zio"), SyntheticRun.jvm)))
    // One chart per (settings, measure): quick and standard, each a ratio and a time.
    assertEquals("class=\"hchart\"".r.findAllIn(page).size, 4)
    assert(page.contains("· quick · levelled ·") && page.contains("· standard · levelled ·"), "both settings named")
    val data = ujson.read("""(?s)<script type="application/json" id="history-data">(.*?)</script>""".r.findFirstMatchIn(page).get.group(1))
    val quickRatio = data.arr.find(s => s("title").str.startsWith("vs baseline") && s("title").str.contains("· quick ·")).get
    assertEquals(quickRatio("x").arr.size, 12, "the standard run is not in the quick series")
    assertEquals(quickRatio("changes").arr.map(_("i").num.toInt).toVector, Vector(Step))
    assert(page.contains("<tr class=\"changed\"><td><a href=\"../runs/"), "the run of the change is marked in the table")
    // The unchanged runtime has none.
    val ce = html(site.resolve(Site.cellPage(key("cats-effect"), SyntheticRun.jvm)))
    val ceData = ujson.read("""(?s)<script type="application/json" id="history-data">(.*?)</script>""".r.findFirstMatchIn(ce).get.group(1))
    assert(ceData.arr.forall(_("changes").arr.isEmpty), ceData.toString)
    // The front page lists the change and the latest run of each kind.
    val index = html(site.resolve("index.html"))
    assert(index.contains("id=\"latest-headline\"") && index.contains("id=\"latest-versions\""), "the latest run of each kind")
    assert(index.contains(key("zio")) && index.contains("run-06"), "the change point listed on the front page")
    assert(index.contains("./bench run"), "the reproduce command")
  }

  test("a site of 30 runs stays under 8 MB: ECharts is one file of the site, which every page that draws reads") {
    val dir = Files.createTempDirectory("site-results")
    val specs = Vector("cats-effect" -> 30.0, "zio" -> 40.0, "baseline" -> 20.0).map { case (rt, b) => SyntheticRun.Spec(key(rt), b) }
    for (i <- 0 until 30) {
      val id = f"run-$i%02d"
      SyntheticRun.write(dir.resolve(id), id, specs, seed = i + 1L, forks = 4, noise = 0.01)
      setStarted(dir.resolve(id), f"2026-10-${1 + i}%02dT10:00:00Z")
    }
    val out = dir.resolve("site")
    val built = Site.build(runs(dir), out, ChangePoints.Config())
    val echarts = out.resolve("assets/echarts.min.js")
    val bytes = Files.walk(out).iterator().asScala.filter(Files.isRegularFile(_)).map(Files.size).sum
    assert(bytes < 8L * 1024 * 1024, s"the site of 30 runs is $bytes bytes")
    val marker = Html.echartsJs.take(200)
    val carrying = built.pages.filter(p => html(p).contains(marker))
    assertEquals(carrying, Vector.empty, "pages that inline ECharts")
    val reports = built.pages.filter(_.getFileName.toString == "report.html")
    assertEquals(reports.size, 30)
    reports.foreach(p => assert(html(p).contains("src=\"../../assets/echarts.min.js\""), s"$p does not read the site's ECharts"))
    assert(Files.size(echarts) > 500000, "the one copy of ECharts")
  }

  test("the check catches a page whose chart library is missing") {
    Chromium.required(this)
    val (site, _) = build()
    Files.delete(site.resolve("assets/echarts.min.js"))
    val page = site.resolve(Site.cellPage(key("zio"), SyntheticRun.jvm))
    assert(brokenLinks(site, page).exists(_.contains("echarts.min.js")), "the missing file is a broken link")
    browser(selftest(_, page)) match {
      case Left(_) => ()
      case Right(c) => assert(c.errors.nonEmpty, s"a page without its chart library went unnoticed: $c")
    }
  }
}
