package effectbench.report

import effectbench.{Catalog, Scenario}
import effectbench.stats.{ForkStats, Format}
import effectbench.store.{RunData, Sources}
import java.nio.charset.StandardCharsets
import java.nio.file.Path
import scalatags.Text.all._
import scalatags.Text.tags2

/** One part of the HTML page: its anchor, the text of its link in the page's navigation (None:
  * not linked) and its content. */
final case class HtmlSection(id: String, nav: Option[String], content: Frag)

/** `report --format html`: ONE self-contained file, built with scalatags (which escapes every text
  * and attribute value it is given). ECharts is inlined from the org.mvnpm:echarts jar (on the site,
  * each run's report reads the site's one copy instead), the data is inlined as JSON, and nothing is
  * fetched from the network. Charts render lazily when their
  * section becomes visible, so a 500-cell run stays usable. Opening the file with `#selftest`
  * renders every chart at once and writes a check of the page into `#selftest-result` (used by the
  * browser test).
  *
  * The page is its named sections in order (`sections`): another view is one more line there. */
object Html {
  val EchartsVersion: String = ReportBuildInfo.echartsVersion
  val EchartsResource = s"/META-INF/resources/_static/echarts/$EchartsVersion/dist/echarts.min.js"

  lazy val echartsJs: String = {
    val in = getClass.getResourceAsStream(EchartsResource)
    if (in == null) throw new IllegalStateException(
      s"$EchartsResource is not on the classpath (the org.mvnpm:echarts:$EchartsVersion jar is a dependency of the report module)"
    )
    try {
      val s = new String(in.readAllBytes(), StandardCharsets.UTF_8)
      // Defensive: nothing inside an inline script may close it.
      s.replace("</script", "<\\/script")
    } finally in.close()
  }

  /** Text as scalatags writes it into the page (`scalatags.Escaping.escape`: `<`, `>`, `&`, `"`). */
  def esc(s: String): String = {
    val w = new java.io.StringWriter(s.length + 16)
    scalatags.Escaping.escape(s, w)
    w.toString
  }

  /** JSON safe inside a <script> element: no '<' at all (so no </script> or <!--). */
  def scriptJson(j: ujson.Value): String = ujson.write(j).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")

  private def num(d: Double): ujson.Value = if (d.isNaN || d.isInfinite) ujson.Null else ujson.Num(d)
  private def optNum(d: Option[Double]): ujson.Value = d.map(num).getOrElse(ujson.Null)

  private[report] def groupJson(g: Group): ujson.Value = ujson.Obj(
    "title" -> ujson.Str(g.title),
    "jvm" -> ujson.Str(g.jvm),
    "unit" -> ujson.Str(g.unit),
    "rows" -> ujson.Arr.from(g.rows.filter(_.cell.ok).map { r =>
      val c = r.cell
      ujson.Obj(
        "rt" -> ujson.Str(r.runtime),
        "score" -> num(r.estimate.map(_.mean).getOrElse(c.score.get.score)),
        "err" -> num(r.estimate.map(_.halfWidth).getOrElse(c.score.get.error)),
        "sd" -> optNum(r.slowdown),
        "lo" -> optNum(r.slowdownLow.map(math.max(0.0, _))),
        "hi" -> optNum(r.slowdownHigh.map(h => math.min(h, r.slowdown.getOrElse(1.0) * 100))),
        "tie" -> ujson.Bool(r.tie),
        "fastest" -> ujson.Bool(r.isFastest),
        "alloc" -> optNum(c.alloc.map(_.score)),
        "allocErr" -> optNum(c.alloc.map(_.error)),
        "raw" -> ujson.Arr.from(c.raw.map(f => ujson.Arr.from(f.map(num)))),
        // Each launch's steady mean and its launch state (0 when the cell has one), for the strip plot.
        "forks" -> ujson.Arr.from(r.estimate.toVector.flatMap(e =>
            e.forks.map(f =>
              ujson.Obj("fork" -> ujson.Num(f.fork), "mean" -> num(f.mean),
                "state" -> ujson.Num(math.max(0, e.states.indexWhere(_.forks.contains(f.fork)))))
            )
          ))
      )
    })
  )

  /** What every section is drawn from. */
  final case class Page(run: RunData, model: Report, repoRoot: Option[Path], confidence: Double = ForkStats.DefaultConfidence) {
    val groups: Vector[Group] = model.blocks.map(_.group)
    lazy val scaling: Vector[ScalingChart.Curve] = ScalingChart.curves(run)
  }

  /** The page's sections, in order; a section with nothing to show is left out (with its link). */
  def sections(p: Page): Vector[HtmlSection] = Vector(
    Some(SummaryHtml.section(p.model.summary)),
    Some(LatencyHtml.section(p.run, p.confidence)).filter(_.nonEmpty).map(h => HtmlSection("latency", Some("latency under load"), raw(h))),
    Some(results(p)),
    ScalingChart.section(p.scaling),
    Some(VersionChart.section(p.model, p.run)).filter(_.nonEmpty).map(h => HtmlSection("versions", None, raw(h))),
    Some(notMeasured(p)),
    Some(settings(p))
  ).flatten

  /** The page; `echartsSrc`: None inlines ECharts (a report stands alone), Some(path) loads it from
    * that relative path (a site's run, beside the site's one copy). */
  def render(
      run: RunData, repoRoot: Option[Path], confidence: Double = ForkStats.DefaultConfidence, echartsSrc: Option[String] = None
  ): String = {
    val p = Page(run, ReportModel.build(run, confidence), repoRoot, confidence)
    val parts = sections(p)
    val data = ujson.Obj("run" -> ujson.Str(run.id), "groups" -> ujson.Arr.from(p.groups.map(groupJson)),
      "scaling" -> ujson.Arr.from(p.scaling.map(ScalingChart.json)))
    val page = html(lang := "en")(
      head(
        meta(charset := "utf-8"),
        tags2.title(s"effect-bench ${run.id}"),
        meta(name := "viewport", content := "width=device-width, initial-scale=1"),
        tags2.style(raw(css)),
        // First script: collect every script error, even one that stops the main script from parsing.
        script(raw(errorsJs))
      ),
      body(
        h1("effect-bench run ", code(run.id)),
        p.model.warnings.map(w => paragraph(cls := "note")(w)),
        run.warnings.map(w => paragraph(cls := "note")(s"warning: $w")),
        tags2.nav(parts.flatMap(s => s.nav.map(t => s.id -> t)).zipWithIndex.map { case ((id, text), i) =>
          frag(if (i > 0) " · " else "", a(href := s"#$id")(text))
        }),
        parts.map(_.content),
        script(tpe := "application/json", id := "report-data")(raw(scriptJson(data))),
        echartsSrc.fold(script(raw(echartsJs)))(path => script(src := path)),
        script(raw(scalingJs)),
        script(raw(app))
      )
    )
    "<!DOCTYPE html>\n" + page.render + "\n"
  }

  private def paragraph = scalatags.Text.all.p

  /** A catalog text as HTML: `backticked` spans become code. */
  def catalogText(s: String): Frag =
    s.split("`", -1).toVector.zipWithIndex.map { case (t, i) => if (i % 2 == 1) code(t) else frag(t) }

  /** What a scenario is, from the catalog: the program every runtime follows, what it stresses and
    * where it comes from. */
  def scenarioAbout(s: Scenario): Frag =
    div(cls := "about")(
      paragraph(b(s.title), ". ", catalogText(s.program)),
      paragraph(cls := "dim")("Stresses: ", catalogText(s.stresses), ". Origin: ", catalogText(s.origin), ".")
    )

  private def results(p: Page): HtmlSection = {
    val m = p.model
    val run = p.run
    val byScenario = p.groups.groupBy(_.scenario)
    val scenarioOrder = p.groups.map(_.scenario).distinct
    val openAll = p.groups.size <= 12
    val blockIndex = m.blocks.zipWithIndex.toMap
    val content = tags2.section(id := "results")(
      h2("Results"),
      paragraph(cls := "dim")(s"${m.countersLegend}."),
      m.profileDiff.map(d => paragraph("Profile diff of the two cells: ", a(cls := "profile-diff", href := d)(d))),
      paragraph(cls := "dim")(
        s"${m.statsLegend}. vs fastest: how many times slower than the fastest runtime of the table. Charts: slowdown against the fastest with the cell's interval as an error bar; each launch's fork mean as a point, coloured by launch state; allocation per operation (gc.alloc.rate.norm); every measured iteration as a box plot."
      ),
      scenarioOrder.map { sc =>
        val gs = byScenario(sc)
        val cellCount = gs.map(_.rows.size).sum
        val refs = gs.flatMap(_.rows.map(_.cell.source)).filter(_.nonEmpty).distinct
        tags2.details(cls := "scenario", whenAttr(openAll || sc == scenarioOrder.head)(attr("open") := "open"), id := s"scenario-$sc")(
          tags2.summary(h3(sc), " ", span(cls := "dim")(s"${gs.size} tables, $cellCount cells")),
          // What the scenario is: the catalog's own words, above its tables.
          Catalog.get(sc, includeTestOnly = true).map(scenarioAbout),
          // A style scenario's view first (styles side by side per runtime), then its generic tables.
          m.styles.filter(_.scenario == sc).map(styleBlock),
          m.blocks.filter(_.group.scenario == sc).map(b => block(b, blockIndex(b), run.jvmLabels.size > 1)),
          m.sweeps.filter(_.scenario == sc).map(s => sweep(s, m.sweepNote, run.jvmLabels.size > 1)),
          sources(p, gs, refs)
        )
      },
      when(p.groups.isEmpty)(paragraph("No cells recorded."))
    )
    HtmlSection("results", Some("results"), content)
  }

  private[report] def styleBlock(b: StyleBlock): Frag =
    div(cls := "styles")(
      h4(b.title),
      b.tables.map(StyleText.table).map { t =>
        table(cls := "res style")(
          tr(t.head.map(h => th(h))),
          t.rows.map(r =>
            tr(r.padTo(t.head.size, "").zipWithIndex.map { case (v, j) =>
              td(whenAttr(j > 0 && !t.head(j).startsWith("style"))(cls := "n"))(v)
            })
          )
        )
      },
      b.notes.map(n => paragraph(cls := "dim")(n))
    )

  private def rowClass(mark: RowMark): String = mark match {
    case RowMark.NotMeasured => "bad"
    case RowMark.BelowFloor => "floor"
    case RowMark.Fastest => "best"
    case RowMark.Tie => "tie"
    case RowMark.Plain => ""
  }

  private[report] def block(b: Block, i: Int, manyJvms: Boolean): Frag = {
    val g = b.group
    div(cls := "group", id := s"table-$i")(
      h4(g.title, if (manyJvms) s" @ ${g.jvm}" else ""),
      when(g.machine.nonEmpty)(paragraph(cls := "dim machine")(s"measured on ${g.machine}")),
      // Seven columns of numbers; work, counters, syntax and profiles share one last column that wraps,
      // so that the table fits a 1400-px window.
      table(cls := "res")(
        tr(th("runtime"), th("score ± error"), th("unit"), th("vs fastest"), th("vs baseline"), th("B/op"), th("precision"),
          th(s"work per operation · ${Counters.heads.mkString(" · ")} · syntax · profiles")),
        b.rows.map(row)
      ),
      b.flags.map(n => paragraph(cls := "note flag")(n)),
      b.notes.map(n => paragraph(cls := "note")(s"note: $n")),
      when(g.rows.exists(_.cell.ok))(
        div(cls := "charts")(
          Seq("ratio", "forks", "alloc", "raw").map(kind =>
            div(cls := "chart", attr("data-group") := i.toString, attr("data-kind") := kind, attr("aria-label") := s"$kind chart")
          )
        )
      )
    )
  }

  /** A sweep's param sets against its first, after the tables of its scenario. */
  private[report] def sweep(s: Sweep, note: String, manyJvms: Boolean): Frag = {
    val t = Sweeps.table(s)
    div(cls := "group sweep")(
      h4(s.title, if (manyJvms) s" @ ${s.jvm}" else ""),
      table(cls := "res")(tr(t.head.map(h => th(h))), t.rows.map(r => tr(td(r.head), r.tail.map(v => td(cls := "n w")(v))))),
      paragraph(cls := "note")(s"note: $note")
    )
  }

  private def row(r: RowView): Frag = {
    val c = r.row.cell
    // A cell the runner chose not to measure (a stopped service sweep) is no failure.
    val rc = if (c.status == effectbench.Outcome.NotMeasured) "none" else rowClass(r.mark)
    def n(s: String) = td(cls := "n")(s)
    // A ratio or precision cell may wrap: a cell with launch states says each state's ratio.
    def w(s: String) = td(cls := "n w")(s)
    val row = r.row
    val profiles = ProfilerHtml.links(c)
    if (r.measured) {
      val more: Vector[Frag] = (Vector(RowText.work(r.work)).filter(_.nonEmpty) ++
        Counters.heads.zip(Counters.cells(r.counters)).map { case (h, v) => s"$h $v" } ++
        Vector(c.syntax).filter(_.nonEmpty)).map(t => span(t)) ++ profiles.toVector
      tr(cls := rc)(td(row.runtime), n(RowText.score(row)), td(c.score.get.unit), w(RowText.vsFastest(row)), w(RowText.vsBaseline(row)),
        n(Format.bytes(c.alloc)), w(RowText.precision(row)),
        td(cls := "more")(more.zipWithIndex.map { case (f, i) => frag(if (i > 0) " · " else "", f) }))
    } else tr(cls := rc)(td(row.runtime), td(colspan := 6)(r.reason), td(cls := "more")(profiles))
  }

  /** `f` when `c` holds, else nothing. */
  def when(c: Boolean)(f: => Frag): Frag = if (c) f else frag()

  /** The attribute (or class) `m` when `c` holds. */
  def whenAttr(c: Boolean)(m: => Modifier): Modifier = if (c) m else frag()

  /** Each program's own code, once per source reference. */
  private[report] def sources(p: Page, gs: Vector[Group], refs: Vector[String]): Frag =
    tags2.details(cls := "src")(
      tags2.summary(s"source code of the ${refs.size} programs"),
      refs.map { ref =>
        val users = gs.flatMap(_.rows).filter(_.cell.source == ref).map(_.runtime).distinct
        div(cls := "code")(
          div(cls := "codehead")(b(users.mkString(", ")), " — ", code(ref)),
          Sources.load(p.run.dir, p.repoRoot, ref) match {
            case Right(src) => frag(pre(code(src.text)), div(cls := "dim")(s"from the ${src.origin}"))
            case Left(why) => paragraph(cls := "note")(why)
          }
        )
      }
    )

  private def notMeasured(p: Page): HtmlSection = {
    val nm = p.model.notMeasured
    HtmlSection(
      "not-measured", Some("not measured"),
      tags2.section(id := "not-measured")(
        h2(s"Not measured (${nm.size})"),
        if (nm.isEmpty) paragraph(cls := "dim")("Every planned cell was measured.")
        else
          tags2.details(whenAttr(nm.size <= 40)(attr("open") := "open"))(
            tags2.summary(s"${nm.size} cells, with the reason"),
            table(tr(th("cell"), th("JVM"), th("why")), nm.map { case (c, j, s) => tr(td(code(c)), td(j), td(s)) })
          )
      )
    )
  }

  private def settings(p: Page): HtmlSection = {
    val run = p.run
    val m = p.model
    val flagged = m.readBack.count(_._2)
    val runtimes = run.cells.flatMap(_.id.map(_.runtime)).distinct
    def runtimeRow(rt: String): Frag = {
      val cs = run.cells.filter(_.id.exists(_.runtime == rt))
      val props = run.meta.flatMap(_.settings.jvmProperties.get(rt)).getOrElse(Vector.empty)
      val readBacks = cs.map(_.readBack).filter(_.nonEmpty).distinct
      val modes = cs.flatMap(_.id.map(_.mode.id)).distinct
      val syntax = cs.map(_.syntax).filter(_.nonEmpty).distinct
      tr(
        td(rt),
        td(run.library(rt)),
        td(
          when(props.isEmpty)(span(cls := "dim")("none")),
          props.zipWithIndex.map { case (q, i) => frag(when(i > 0)(br), code(q)) }
        ),
        td(
          when(readBacks.isEmpty)(span(cls := "dim")("nothing read back")),
          readBacks.zipWithIndex.map { case (rb, i) =>
            frag(when(i > 0)(hr), rb.zipWithIndex.map { case ((k, v), j) => frag(if (j > 0) " " else "", code(s"$k=$v")) })
          }
        ),
        td(modes.mkString(", ")),
        td(syntax.mkString(", "))
      )
    }
    HtmlSection(
      "settings", Some("settings"),
      tags2.details(cls := "settings", id := "settings")(
        tags2.summary(h2("Settings and read-back"), " ",
          span(cls := "dim")(
            s"${run.settings}, ${run.profileText}${if (flagged > 0) s" — $flagged read back differ from the profile" else ""}"
          )),
        table(cls := "kv")(
          m.header.map { case (k, v) => tr(th(k), td(v)) },
          tr(th("command"), td(code(run.meta.map(_.commandLine.mkString(" ")).getOrElse(""))))
        ),
        when(run.jvms.nonEmpty)(
          frag(
            h3("JVMs"),
            table(tr(th("label"), th("version"), th("vendor"), th("java")),
              run.jvms.map(j => tr(td(j.label), td(j.version), td(j.vendor), td(code(j.java)))))
          )
        ),
        when(m.readBack.nonEmpty)(
          frag(h3("Profile as read back"), ul(cls := "readback")(m.readBack.map { case (l, bad) => li(whenAttr(bad)(cls := "flag"))(l) }))
        ),
        h3("Runtimes"),
        table(
          tr(th("runtime"), th("version"), th("JVM properties (settings)"), th("settings read back from the running runtime"),
            th("entry modes"),
            th("syntax")),
          runtimes.map(runtimeRow)
        )
      )
    )
  }

  /** The page's stylesheet and scripts, kept as resources beside this class and inlined at render
    * time so the report stays one file. */
  private[report] lazy val css: String = resource("report.css")
  private[report] lazy val app: String = resource("report.js")
  private[report] lazy val errorsJs: String = resource("report-errors.js")
  lazy val scalingJs: String = resource("scaling.js")

  private[report] def resource(name: String): String = {
    val path = s"/effectbench/report/$name"
    val in = getClass.getResourceAsStream(path)
    if (in == null) throw new IllegalStateException(s"$path is not on the classpath (a resource of the report module)")
    try new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script")
    finally in.close()
  }
}
