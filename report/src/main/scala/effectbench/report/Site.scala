package effectbench.report

import effectbench.{Catalog, CatalogText, Family}
import effectbench.stats.{ChangePoints, ForkStats, Format}
import effectbench.store.RunData
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import scalatags.Text.all._
import scalatags.Text.tags2

/** `bench site`: a static site of a results directory's runs, drawn from the run directories only.
  * One directory of plain files with relative links only, so that it opens from the file system as
  * well as from any static host (GitHub Pages):
  *
  *  - `index.html`: the latest run of each kind (headline, selection, library versions) with its
  *    machine, settings, precision and the command that reproduces it, its summary grid and its
  *    tables by family; the change points found over the history; every run;
  *  - `runs/RUN/index.html`, `runs/RUN/table-N.html`: a run, and each of its tables drawn by the
  *    HTML report's own renderers and chart script (`Html.block`, `Html.sources`, `report.js`);
  *    `runs/RUN/report.html`: the run's whole HTML report, reading the site's one ECharts; `runs/RUN/versions.html` for a `--lib` run;
  *  - `cells/CELL.html`: a cell's history, one chart per machine and settings (a ratio is compared
  *    only within one, `CellHistory`), its intervals drawn and its change points marked.
  *
  * Scripts and the stylesheet are files under `assets/`, shared by every page; nothing is fetched
  * from the network. Opening a page with `#selftest` draws every chart at once and writes a check of
  * the page into `#selftest-result` (the browser test reads it). */
object Site {
  final case class Built(dir: Path, pages: Vector[Path])

  /** What kind of run a run is, for the front page: `versions` (`--lib`), `headline` (no
    * selector: the headline set, or a merge of its shards), or `selection`. */
  def kind(run: RunData): String = {
    val selectors = Set("--scenario", "--runtime", "--variant", "--param", "--mode")
    val cl = run.meta.map(_.commandLine).getOrElse(Vector.empty)
    if (run.meta.exists(_.libs.nonEmpty) || run.cells.exists(_.id.exists(_.lib.isDefined))) "versions"
    else if (cl.exists(a => selectors.exists(s => a == s || a.startsWith(s + "=")))) "selection"
    else "headline"
  }

  val Kinds: Vector[(String, String)] = Vector(
    "headline" -> "The headline: one table of each family, every runtime",
    "selection" -> "The latest selection run",
    "versions" -> "Library versions measured against each other (--lib)"
  )

  /** A file name for any text: safe characters kept, the rest '_', and a hash so that two texts never share one. */
  def slug(s: String): String = {
    val safe = s.map(c => if (c.isLetterOrDigit && c < 128 || c == '-' || c == '.') c else '_').take(80)
    f"$safe-${s.hashCode & 0xffffffffL}%08x"
  }

  def cellPage(cell: String, jvm: String): String = s"cells/${slug(cell + "@" + jvm)}.html"
  def runDir(run: RunData): String = s"runs/${slug(run.id)}"

  private def reproduce(run: RunData): String = {
    val cl = run.meta.map(_.commandLine).getOrElse(Vector.empty)
    if (cl.isEmpty) ""
    else "./" + cl.map(a => if (a.nonEmpty && a.forall(c => c.isLetterOrDigit || "-_=./,:@%".contains(c))) a else s"'$a'").mkString(" ")
  }

  /** One page: the shared stylesheet, the error collector first, then `body`, then `scripts`. */
  private def page(depth: Int, titleText: String, body0: Frag, scripts: Vector[String], extra: Frag = frag()): String = {
    val up = "../" * depth
    val doc = html(lang := "en")(
      head(
        meta(charset := "utf-8"),
        tags2.title(titleText),
        meta(name := "viewport", content := "width=device-width, initial-scale=1"),
        link(rel := "stylesheet", href := s"${up}assets/report.css"),
        link(rel := "stylesheet", href := s"${up}assets/site.css"),
        script(src := s"${up}assets/site-errors.js")
      ),
      body(
        tags2.nav(cls := "crumbs")(a(href := s"${up}index.html")("effect-bench results")),
        body0,
        extra,
        scripts.map(s => script(src := s"$up$s"))
      )
    )
    "<!DOCTYPE html>\n" + doc.render + "\n"
  }

  private def kv(rows: Vector[(String, Frag)]): Frag = table(cls := "kv")(rows.map { case (k, v) => tr(th(k), td(v)) })

  /** The run's machine, settings and precision as the report's header says them, and its command. */
  private def runFacts(run: RunData): Frag = {
    val keep = Set("profile", "settings", "JVM", "engine", "git", "host", "machine", "machines", "launch spread", "started")
    val h = ReportModel.header(run).filter(x => keep(x._1) && x._2.trim.nonEmpty).map { case (k, v) => k -> (frag(v): Frag) }
    val cmd = reproduce(run)
    kv(h ++ (if (cmd.isEmpty) Vector.empty else Vector("reproduce" -> (code(cmd): Frag))))
  }

  /** The tables of a run by family, each linked to its page. */
  private def tablesByFamily(run: RunData, m: Report, prefix: String): Frag = {
    def family(sc: String): Option[Family] = Catalog.get(sc, includeTestOnly = true).map(_.family)
    val byFamily = m.blocks.zipWithIndex.groupBy { case (b, _) => family(b.group.scenario) }
    val order = Family.all.map(Some(_)) :+ None
    frag(order.filter(byFamily.contains).map { f =>
      div(cls := "family")(
        h4(f.fold("other")(x => CatalogText.family(x)._1.capitalize)),
        ul(byFamily(f).map { case (b, i) =>
          li(a(href := s"${prefix}table-$i.html")(b.title), if (b.group.jvm.nonEmpty) span(cls := "dim")(s" @ ${b.group.jvm}") else frag())
        })
      )
    })
  }

  /** Writes the site of `runs` into `out`; returns the pages written. */
  def build(runs0: Vector[RunData], out: Path, cfg: ChangePoints.Config, confidence: Double = ForkStats.DefaultConfidence): Built = {
    val runs = runs0.filterNot(_.testOnly).sortBy(r => (r.meta.map(_.started).getOrElse(""), r.id))
    val pages = Vector.newBuilder[Path]
    def write(rel: String, text: String): Unit = {
      val f = out.resolve(rel)
      Files.createDirectories(f.getParent)
      Files.write(f, text.getBytes(StandardCharsets.UTF_8))
      pages += f
    }
    def asset(name: String, text: String): Unit = {
      val f = out.resolve("assets").resolve(name)
      Files.createDirectories(f.getParent)
      Files.write(f, text.getBytes(StandardCharsets.UTF_8))
    }
    asset("echarts.min.js", Html.echartsJs)
    asset("report.css", Html.css)
    asset("report.js", Html.app)
    asset("site.css", Html.resource("site.css"))
    asset("site.js", Html.resource("site.js"))
    asset("site-errors.js", Html.resource("site-errors.js"))

    val history = CellHistory.series(runs, cfg = None, confidence = confidence)
    val searched = CellHistory.primary(history).map(s => s.copy(changes = ChangePoints.detect(s.points.map(_.value), cfg)))
    val changesOf = searched.map(s => (s.cell, s.context, s.measure) -> s.changes).toMap
    val models = runs.map(r => r.id -> ReportModel.build(r, confidence)).toMap

    // Runs and their tables.
    runs.foreach { run =>
      val m = models(run.id)
      val dir = runDir(run)
      val manyJvms = run.jvmLabels.size > 1
      val hp = Html.Page(run, m, None, confidence)
      write(s"$dir/report.html", Html.render(run, None, confidence, echartsSrc = Some("../../assets/echarts.min.js")))
      val versions = VersionChart.section(m, run)
      if (versions.nonEmpty)
        write(s"$dir/versions.html",
          page(2, s"effect-bench ${run.id}: versions",
            frag(h1("Library versions of run ", code(run.id)), paragraph(a(href := "index.html")("the run")), raw(versions)),
            Vector("assets/echarts.min.js", "assets/site.js")))
      write(s"$dir/index.html",
        page(2, s"effect-bench ${run.id}",
          frag(
            h1("Run ", code(run.id)),
            paragraph(a(href := "report.html")("the whole report"),
              if (versions.nonEmpty) frag(" · ", a(href := "versions.html")("versions")) else frag()),
            m.warnings.map(w => paragraph(cls := "note")(w)),
            runFacts(run),
            SummaryHtml.section(m.summary, i => s"table-$i.html").content,
            h2("Tables"),
            tablesByFamily(run, m, "")
          ),
          Vector("assets/site.js")))
      m.blocks.zipWithIndex.foreach { case (b, i) =>
        val g = b.group
        val refs = g.rows.map(_.cell.source).filter(_.nonEmpty).distinct
        val data = ujson.Obj("run" -> ujson.Str(run.id), "groups" -> ujson.Arr(Html.groupJson(g)), "scaling" -> ujson.Arr())
        val cellLinks = g.rows.filter(_.cell.ok).map { r =>
          val ch = changesOf.collect { case ((cell, ctx, _), cs) if cell == r.cell.key && ctx.jvm == r.cell.jvm => cs }.flatten
          val here = searched.filter(s => s.cell == r.cell.key && s.context.jvm == r.cell.jvm).flatMap(s =>
            s.changes.filter(c => s.points(c.index).runId == run.id).map(c => f"${s.measure} changed here, ${c.relative * 100}%+.1f%%")
          )
          li(a(href := s"../../${cellPage(r.cell.key, r.cell.jvm)}")(r.runtime),
            span(cls := "dim")(s" — its history${if (ch.nonEmpty) s", ${ch.size} change points" else ""}"),
            here.map(t => span(cls := "change")(s" · $t")))
        }
        write(s"$dir/table-$i.html",
          page(2, s"effect-bench ${g.title}",
            frag(
              h1(g.title),
              paragraph(a(href := "index.html")("run ", code(run.id)), " · ", a(href := s"report.html#table-$i")("in the whole report")),
              Catalog.get(g.scenario, includeTestOnly = true).map(Html.scenarioAbout),
              paragraph(cls := "dim")(s"${m.statsLegend}. ${m.countersLegend}."),
              m.styles.filter(_.scenario == g.scenario).map(Html.styleBlock),
              Html.block(b, 0, manyJvms),
              h3("Each cell across runs"),
              ul(cellLinks),
              Html.sources(hp, Vector(g), refs),
              h3("Measured under"),
              runFacts(run)
            ),
            Vector("assets/echarts.min.js", "assets/report.js"),
            script(tpe := "application/json", id := "report-data")(raw(Html.scriptJson(data)))))
      }
    }

    // Cells: one page per (cell, JVM), a chart per context and measure.
    val latestTable: Map[(String, String), (RunData, Int)] = runs.flatMap { run =>
      models(run.id).blocks.zipWithIndex.flatMap { case (b, i) => b.group.rows.map(r => (r.cell.key, r.cell.jvm) -> (run, i)) }
    }.toMap
    history.groupBy(s => (s.cell, s.context.jvm)).foreach { case ((cell, jvm), ss0) =>
      val ss = ss0.sortBy(s => (s.context.label, s.measure != CellHistory.VsBaseline))
      val shown = ss.map(s => changesOf.get((s.cell, s.context, s.measure)).fold(s)(cs => s.copy(changes = cs)))
      val data = ujson.Arr.from(shown.map { s =>
        ujson.Obj(
          "title" -> ujson.Str(s"${s.measure} (${s.unit}) on ${s.context.label}"),
          "unit" -> ujson.Str(s.unit),
          "x" -> ujson.Arr.from(s.points.map(p => ujson.Str(s"${p.started.take(10)} ${p.runId}"))),
          "v" -> ujson.Arr.from(s.points.map(p => ujson.Num(p.value))),
          "lo" -> ujson.Arr.from(s.points.map(p => if (p.low.isNaN) ujson.Null else ujson.Num(p.low))),
          "hi" -> ujson.Arr.from(s.points.map(p => if (p.high.isNaN) ujson.Null else ujson.Num(p.high))),
          "changes" -> ujson.Arr.from(
            s.changes.map(c => ujson.Obj("i" -> ujson.Num(c.index), "text" -> ujson.Str(f"${c.relative * 100}%+.1f%%")))
          )
        )
      })
      val latest = latestTable.get((cell, jvm))
      val body0 = frag(
        h1(code(cell)),
        paragraph(cls := "dim")(s"JVM $jvm. ",
          latest.map { case (r, i) => frag("Latest table: ", a(href := s"../${runDir(r)}/table-$i.html")(r.id), ". ") }.getOrElse(frag()),
          "Each chart is one machine and settings: a ratio is compared only within one. The ratio is the cell's time over the baseline's, " +
            "measured in the same rounds; a bar is its interval. A dashed line marks a change point " +
            f"(E-divisive means, permutation level ${cfg.alpha}%.3g, smallest change ${cfg.minChange * 100}%.1f%%)."),
        shown.zipWithIndex.map { case (s, k) =>
          div(cls := "history")(
            h3(s"${s.measure} (${s.unit})"),
            paragraph(cls := "dim")(s"on ${s.context.label}: ${s.points.size} runs"),
            div(cls := "hchart", attr("data-series") := k.toString, attr("aria-label") := s"${s.measure} across runs"),
            table(cls := "res")(
              tr(th("run"), th("started"), th("git"), th(s"${s.measure}"), th("interval"), th("change")),
              s.points.zipWithIndex.map { case (p, j) =>
                val change = s.changes.find(_.index == j)
                val link = runs.find(_.id == p.runId).map(r => s"../${runDir(r)}/index.html")
                tr(whenChange(change.isDefined))(
                  td(link.fold(frag(p.runId): Frag)(l => a(href := l)(p.runId))), td(p.started.take(19).replace('T', ' ')), td(p.git),
                  td(cls := "n")(Format.num(p.value)), td(cls := "n")(s"[${Format.num(p.low)}, ${Format.num(p.high)}]"),
                  td(change.map(c =>
                      f"${c.relative * 100}%+.1f%% (from ${Format.num(c.before)} to ${Format.num(c.after)}, p ${c.pValue}%.3f)"
                    ).getOrElse(""))
                )
              }
            )
          )
        }
      )
      write(cellPage(cell, jvm),
        page(1, s"effect-bench $cell", body0, Vector("assets/echarts.min.js", "assets/site.js"),
          script(tpe := "application/json", id := "history-data")(raw(Html.scriptJson(data)))))
    }

    // The front page.
    val latestOfKind = Kinds.flatMap { case (k, text) => runs.filter(kind(_) == k).lastOption.map(r => (k, text, r)) }
    val allChanges = searched.flatMap(s => s.changes.map(c => (s, c))).sortBy { case (s, c) => s.points(c.index).started }.reverse
    val front = frag(
      h1("effect-bench results"),
      paragraph(cls := "dim")(
        s"${runs.size} runs. Every number is a ratio with its interval, read within one table of one run; a ratio whose interval holds 1 is a tie. " +
          "How to read a table: the project's docs/reading-reports.md."
      ),
      when(runs.isEmpty)(paragraph("No runs in this results directory.")),
      latestOfKind.map { case (k, text, run) =>
        val m = models(run.id)
        val dir = runDir(run)
        tags2.section(cls := "kind", id := s"latest-$k")(
          h2(text),
          paragraph("Run ", a(href := s"$dir/index.html")(code(run.id)), " · ", a(href := s"$dir/report.html")("its whole report"),
            if (k == "versions") frag(" · ", a(href := s"$dir/versions.html")("versions")) else frag()),
          runFacts(run),
          SummaryHtml.section(m.summary, i => s"$dir/table-$i.html").content,
          tablesByFamily(run, m, s"$dir/")
        )
      },
      tags2.section(id := "changes")(
        h2("Change points"),
        paragraph(cls := "dim")(
          f"The runs at which a cell's ratio to the baseline (its time, in a table without one) changed, within one machine and settings: " +
            f"E-divisive means, permutation level ${cfg.alpha}%.3g, smallest change ${cfg.minChange * 100}%.1f%%, newest first."
        ),
        if (allChanges.isEmpty) paragraph("None found.")
        else
          table(cls := "res")(
            tr(th("cell"), th("measure"), th("at run"), th("change"), th("machine and settings")),
            allChanges.take(100).map { case (s, c) =>
              tr(td(a(href := cellPage(s.cell, s.context.jvm))(s.cell)), td(s.measure), td(s.points(c.index).runId),
                td(cls := "n")(f"${c.relative * 100}%+.1f%%"), td(s.context.label))
            }
          )
      ),
      tags2.section(id := "runs")(
        h2("Every run"),
        table(cls := "res")(
          tr(th("run"), th("kind"), th("started"), th("profile"), th("settings"), th("git"), th("cells")),
          runs.reverse.map(r =>
            tr(td(a(href := s"${runDir(r)}/index.html")(r.id)), td(kind(r)),
              td(r.meta.map(_.started.take(19).replace('T', ' ')).getOrElse("")),
              td(r.profile), td(r.settings), td(r.gitText), td(cls := "n")(r.cells.size.toString))
          )
        )
      )
    )
    write("index.html", page(0, "effect-bench results", front, Vector("assets/site.js")))
    Built(out, pages.result())
  }

  private def paragraph = scalatags.Text.all.p
  private def when(c: Boolean)(f: => Frag): Frag = Html.when(c)(f)
  private def whenChange(c: Boolean): Modifier = Html.whenAttr(c)(cls := "changed")
}
