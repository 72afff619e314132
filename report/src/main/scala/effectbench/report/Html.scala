package effectbench.report

import effectbench.stats.{ForkStats, Format}
import effectbench.store.{RunData, Sources}
import java.nio.charset.StandardCharsets
import java.nio.file.Path

/** `report --format html`: ONE self-contained file. ECharts is inlined from the org.mvnpm:echarts
  * jar, the data is inlined as JSON, and nothing is fetched from the network. Every text from the
  * results is escaped; charts render lazily when their section becomes visible, so a 500-cell run
  * stays usable. Opening the file with `#selftest` renders every chart at once and writes a check
  * of the page into `#selftest-result` (used by the browser test). */
object Html {
  val EchartsVersion = "6.0.0"
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

  def esc(s: String): String = {
    val sb = new StringBuilder(s.length + 16)
    s.foreach {
      case '<' => sb.append("&lt;")
      case '>' => sb.append("&gt;")
      case '&' => sb.append("&amp;")
      case '"' => sb.append("&quot;")
      case '\'' => sb.append("&#39;")
      case c => sb.append(c)
    }
    sb.toString
  }

  /** JSON safe inside a <script> element: no '<' at all (so no </script> or <!--). */
  def scriptJson(j: ujson.Value): String = ujson.write(j).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")

  private def num(d: Double): ujson.Value = if (d.isNaN || d.isInfinite) ujson.Null else ujson.Num(d)
  private def optNum(d: Option[Double]): ujson.Value = d.map(num).getOrElse(ujson.Null)

  private def groupJson(g: Group): ujson.Value = ujson.Obj(
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

  def render(run: RunData, repoRoot: Option[Path], confidence: Double = ForkStats.DefaultConfidence): String = {
    val m = ReportModel.build(run, confidence)
    val groups = m.blocks.map(_.group)
    val sb = new StringBuilder(2 << 20)
    def a(s: String): Unit = sb.append(s)
    val totalGroups = groups.size
    a("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
    a(s"<title>effect-bench ${esc(run.id)}</title>\n")
    a("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
    a(s"<style>$css</style>\n")
    // First script: collect every script error, even one that stops the main script from parsing.
    a(s"<script>$errorsJs</script>\n")
    a("</head><body>\n")
    a(s"<h1>effect-bench run <code>${esc(run.id)}</code></h1>\n")
    m.warnings.foreach(w => a(s"<p class=\"note\">${esc(w)}</p>\n"))
    run.warnings.foreach(w => a(s"<p class=\"note\">warning: ${esc(w)}</p>\n"))
    val scaling = ScalingChart.curves(run)
    a(
      "<nav><a href=\"#summary\">summary</a> · <a href=\"#results\">results</a>" +
        (if (scaling.nonEmpty) " · <a href=\"#scaling\">across JVMs and core counts</a>" else "") +
        " · <a href=\"#not-measured\">not measured</a> · <a href=\"#settings\">settings</a></nav>\n"
    )

    // ---- the answer first: every table's ratios to its fastest row ----
    a(SummaryHtml.section(m.summary))
    a(LatencyHtml.section(run, confidence))

    // ---- results, per scenario ----
    a("<section id=\"results\"><h2>Results</h2>\n")
    a(s"<p class=\"dim\">${esc(m.countersLegend)}.</p>\n")
    m.profileDiff.foreach(d => a(s"<p>Profile diff of the two cells: <a class=\"profile-diff\" href=\"${esc(d)}\">${esc(d)}</a></p>\n"))
    a(
      s"<p class=\"dim\">${esc(m.statsLegend)}. vs fastest: how many times slower than the fastest runtime of the table. Charts: slowdown against the fastest with the cell's interval as an error bar; each launch's fork mean as a point, coloured by launch state; allocation per operation (gc.alloc.rate.norm); every measured iteration as a box plot.</p>\n"
    )
    val byScenario = groups.groupBy(_.scenario)
    val scenarioOrder = groups.map(_.scenario).distinct
    val openAll = totalGroups <= 12
    val blockIndex = m.blocks.zipWithIndex.toMap
    scenarioOrder.foreach { sc =>
      val gs = byScenario(sc)
      val cellCount = gs.map(_.rows.size).sum
      a(s"<details class=\"scenario\"${if (openAll || sc == scenarioOrder.head) " open" else ""} id=\"scenario-${esc(
            sc
          )}\"><summary><h3>${esc(sc)}</h3> <span class=\"dim\">${gs.size} tables, $cellCount cells</span></summary>\n")
      // What the scenario stresses and what would be unfair: the scenario file's own header comment.
      val refs = gs.flatMap(_.rows.map(_.cell.source)).filter(_.nonEmpty).distinct
      refs.flatMap(Sources.parse).map(_.path).distinct.headOption.foreach { p =>
        Sources.load(run.dir, repoRoot, p).toOption.flatMap(c => Sources.headerComment(c.text)).foreach(h =>
          a(s"<pre class=\"about\">${esc(h)}</pre>\n")
        )
      }
      // A style scenario's view first (styles side by side per runtime), then its generic tables.
      m.styles.filter(_.scenario == sc).foreach { b =>
        a(s"<div class=\"styles\"><h4>${esc(b.title)}</h4>\n")
        b.tables.map(StyleText.table).foreach { t =>
          a(s"<table class=\"res style\"><tr>${t.head.map(h => s"<th>${esc(h)}</th>").mkString}</tr>")
          t.rows.foreach(r =>
            a(s"<tr>${r.padTo(t.head.size, "").zipWithIndex.map { case (v, j) =>
                s"<td${if (j > 0 && !t.head(j).startsWith("style")) " class=\"n\"" else ""}>${esc(v)}</td>"
              }.mkString}</tr>")
          )
          a("</table>\n")
        }
        b.notes.foreach(n => a(s"<p class=\"dim\">${esc(n)}</p>\n"))
        a("</div>\n")
      }
      m.blocks.filter(_.group.scenario == sc).foreach { b =>
        val g = b.group
        val i = blockIndex(b)
        a(s"<div class=\"group\" id=\"table-$i\"><h4>${esc(g.title)}${if (run.jvmLabels.size > 1) s" @ ${esc(g.jvm)}" else ""}</h4>\n")
        if (g.machine.nonEmpty) a(s"<p class=\"dim machine\">measured on ${esc(g.machine)}</p>\n")
        // Seven columns of numbers; work, counters, syntax and profiles share one last column that wraps,
        // so that the table fits a 1400-px window.
        a(s"<table class=\"res\"><tr><th>runtime</th><th>score ± error</th><th>unit</th><th>vs fastest</th><th>vs baseline</th><th>B/op</th><th>precision</th><th>work per operation · ${Counters.heads.map(
            esc
          ).mkString(" · ")} · syntax · profiles</th></tr>")
        b.rows.foreach { r =>
          val c = r.row.cell
          val cls = r.mark match {
            case RowMark.NotMeasured => "bad"
            case RowMark.BelowFloor => "floor"
            case RowMark.Fastest => "best"
            case RowMark.Tie => "tie"
            case RowMark.Plain => ""
          }
          def n(s: String) = s"<td class=\"n\">${esc(s)}</td>"
          // A ratio or precision cell may wrap: a cell with launch states says each state's ratio.
          def w(s: String) = s"<td class=\"n w\">${esc(s)}</td>"
          val row = r.row
          val profiles = ProfilerHtml.links(c)
          if (r.measured) {
            val more = (Vector(RowText.work(r.work)).filter(_.nonEmpty) ++
              Counters.heads.zip(Counters.cells(r.counters)).map { case (h, v) => s"$h $v" } ++
              Vector(c.syntax).filter(_.nonEmpty)).map(t => s"<span>${esc(t)}</span>")
            a(s"<tr class=\"$cls\"><td>${esc(row.runtime)}</td>${n(RowText.score(row))}<td>${esc(c.score.get.unit)}</td>${w(
                  RowText.vsFastest(row)
                )}${w(RowText.vsBaseline(row))}${n(Format.bytes(c.alloc))}${w(RowText.precision(row))}<td class=\"more\">${(more ++
                  Vector(profiles).filter(_.nonEmpty)).mkString(" · ")}</td></tr>")
          } else
            a(
              s"<tr class=\"$cls\"><td>${esc(row.runtime)}</td><td colspan=\"6\">${esc(r.reason)}</td><td class=\"more\">$profiles</td></tr>"
            )
        }
        a("</table>\n")
        b.flags.foreach(n => a(s"<p class=\"note flag\">${esc(n)}</p>\n"))
        b.notes.foreach(n => a(s"<p class=\"note\">note: ${esc(n)}</p>\n"))
        if (g.rows.exists(_.cell.ok)) {
          a("<div class=\"charts\">")
          for (kind <- Seq("ratio", "forks", "alloc", "raw"))
            a(s"<div class=\"chart\" data-group=\"$i\" data-kind=\"$kind\" aria-label=\"${kind} chart\"></div>")
          a("</div>\n")
        }
        a("</div>\n")
      }
      // Each program's own code, once per source reference.
      a(s"<details class=\"src\"><summary>source code of the ${refs.size} programs</summary>\n")
      refs.foreach { ref =>
        val users = gs.flatMap(_.rows).filter(_.cell.source == ref).map(_.runtime).distinct
        a(s"<div class=\"code\"><div class=\"codehead\"><b>${esc(users.mkString(", "))}</b> — <code>${esc(ref)}</code></div>")
        Sources.load(run.dir, repoRoot, ref) match {
          case Right(code) => a(s"<pre><code>${esc(code.text)}</code></pre><div class=\"dim\">from the ${esc(code.origin)}</div>")
          case Left(why) => a(s"<p class=\"note\">${esc(why)}</p>")
        }
        a("</div>\n")
      }
      a("</details>\n</details>\n")
    }
    if (groups.isEmpty) a("<p>No cells recorded.</p>")
    a("</section>\n")

    a(ScalingChart.section(scaling, esc))
    a(VersionChart.section(m, run))

    // ---- n/a and failures ----
    val nm = m.notMeasured
    a(s"<section id=\"not-measured\"><h2>Not measured (${nm.size})</h2>\n")
    if (nm.isEmpty) a("<p class=\"dim\">Every planned cell was measured.</p>")
    else {
      a(
        s"<details${if (nm.size <= 40) " open" else ""}><summary>${nm.size} cells, with the reason</summary><table><tr><th>cell</th><th>JVM</th><th>why</th></tr>"
      )
      nm.foreach { case (c, j, s) => a(s"<tr><td><code>${esc(c)}</code></td><td>${esc(j)}</td><td>${esc(s)}</td></tr>") }
      a("</table></details>")
    }
    a("</section>\n")

    // ---- settings ----
    val flagged = m.readBack.count(_._2)
    a(s"<details class=\"settings\" id=\"settings\"><summary><h2>Settings and read-back</h2> <span class=\"dim\">${esc(run.settings)}, ${esc(
          run.profileText
        )}${if (flagged > 0) s" — $flagged read back differ from the profile" else ""}</span></summary>\n<table class=\"kv\">")
    m.header.foreach { case (k, v) => a(s"<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>") }
    a(s"<tr><th>command</th><td><code>${esc(run.meta.map(_.commandLine.mkString(" ")).getOrElse(""))}</code></td></tr>")
    a("</table>\n")
    val jvms = run.jvms
    if (jvms.nonEmpty) {
      a("<h3>JVMs</h3><table><tr><th>label</th><th>version</th><th>vendor</th><th>java</th></tr>")
      jvms.foreach(j =>
        a(s"<tr><td>${esc(j.label)}</td><td>${esc(j.version)}</td><td>${esc(j.vendor)}</td><td><code>${esc(j.java)}</code></td></tr>")
      )
      a("</table>\n")
    }
    val runtimes = run.cells.flatMap(_.id.map(_.runtime)).distinct
    if (m.readBack.nonEmpty) {
      a("<h3>Profile as read back</h3><ul class=\"readback\">")
      m.readBack.foreach { case (l, bad) => a(s"<li${if (bad) " class=\"flag\"" else ""}>${esc(l)}</li>") }
      a("</ul>\n")
    }
    a(
      "<h3>Runtimes</h3><table><tr><th>runtime</th><th>version</th><th>JVM properties (settings)</th><th>settings read back from the running runtime</th><th>entry modes</th><th>syntax</th></tr>"
    )
    runtimes.foreach { rt =>
      val cs = run.cells.filter(_.id.exists(_.runtime == rt))
      val props = run.meta.flatMap(_.settings.jvmProperties.get(rt)).getOrElse(Vector.empty)
      val readBacks = cs.map(_.readBack).filter(_.nonEmpty).distinct
      val modes = cs.flatMap(_.id.map(_.mode.id)).distinct
      val syntax = cs.map(_.syntax).filter(_.nonEmpty).distinct
      a(s"<tr><td>${esc(rt)}</td><td>${esc(run.library(rt))}</td><td>${if (props.isEmpty) "<span class=\"dim\">none</span>"
        else props.map(p => s"<code>${esc(p)}</code>").mkString("<br>")}</td><td>")
      if (readBacks.isEmpty) a("<span class=\"dim\">nothing read back</span>")
      readBacks.zipWithIndex.foreach { case (rb, i) =>
        if (i > 0) a("<hr>")
        a(rb.map { case (k, v) => s"<code>${esc(k)}=${esc(v)}</code>" }.mkString(" "))
      }
      a(s"</td><td>${esc(modes.mkString(", "))}</td><td>${esc(syntax.mkString(", "))}</td></tr>")
    }
    a("</table></details>\n")

    val data = ujson.Obj("run" -> ujson.Str(run.id), "groups" -> ujson.Arr.from(groups.map(groupJson)),
      "scaling" -> ujson.Arr.from(scaling.map(ScalingChart.json)))
    a(s"<script type=\"application/json\" id=\"report-data\">${scriptJson(data)}</script>\n")
    a(s"<script>$echartsJs</script>\n")
    a(s"<script>$scalingJs</script>\n")
    a(s"<script>$app</script>\n")
    a("</body></html>\n")
    sb.toString
  }

  /** The page's stylesheet and scripts, kept as resources beside this class and inlined at render
    * time so the report stays one file. */
  private lazy val css: String = resource("report.css")
  private lazy val app: String = resource("report.js")
  private lazy val errorsJs: String = resource("report-errors.js")
  lazy val scalingJs: String = resource("scaling.js")

  private def resource(name: String): String = {
    val path = s"/effectbench/report/$name"
    val in = getClass.getResourceAsStream(path)
    if (in == null) throw new IllegalStateException(s"$path is not on the classpath (a resource of the report module)")
    try new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script")
    finally in.close()
  }
}
