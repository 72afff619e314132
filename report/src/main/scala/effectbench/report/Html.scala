package effectbench.report

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
    if (in == null) throw new IllegalStateException(s"$EchartsResource is not on the classpath (the org.mvnpm:echarts:$EchartsVersion jar is a dependency of the report module)")
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
        "fastest" -> ujson.Bool(r.vsFastest == "1.00×"),
        "alloc" -> optNum(c.alloc.map(_.score)),
        "allocErr" -> optNum(c.alloc.map(_.error)),
        "raw" -> ujson.Arr.from(c.raw.map(f => ujson.Arr.from(f.map(num))))
      )
    })
  )

  def render(run: RunData, repoRoot: Option[Path], confidence: Double = ForkStats.DefaultConfidence): String = {
    val groups = ReportModel.groups(run, confidence)
    val sb = new StringBuilder(2 << 20)
    def a(s: String): Unit = sb.append(s)
    val totalGroups = groups.size
    a("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
    a(s"<title>effect-bench ${esc(run.id)}</title>\n")
    a("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
    a(s"<style>$css</style>\n")
    // First script: collect every script error, even one that stops the main script from parsing.
    a("<script>window.__reportErrors=[];window.addEventListener('error',function(e){window.__reportErrors.push(String(e.message||e.type)+' @'+(e.filename||'')+':'+(e.lineno||''));});</script>\n")
    a("</head><body>\n")
    a(s"<h1>effect-bench run <code>${esc(run.id)}</code></h1>\n")
    ReportModel.mixWarnings(run).foreach(w => a(s"<p class=\"note\">${esc(w)}</p>\n"))
    run.warnings.foreach(w => a(s"<p class=\"note\">warning: ${esc(w)}</p>\n"))
    val scaling = ScalingChart.curves(run)
    a("<nav><a href=\"#settings\">settings</a> · <a href=\"#results\">results</a>" + (if (scaling.nonEmpty) " · <a href=\"#scaling\">across JVMs and core counts</a>" else "") + " · <a href=\"#not-measured\">not measured</a></nav>\n")

    // ---- settings ----
    a("<section id=\"settings\"><h2>Settings</h2>\n<table class=\"kv\">")
    ReportModel.header(run).foreach { case (k, v) => a(s"<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>") }
    a(s"<tr><th>command</th><td><code>${esc(run.meta.map(_.commandLine.mkString(" ")).getOrElse(""))}</code></td></tr>")
    a("</table>\n")
    val jvms = run.jvms
    if (jvms.nonEmpty) {
      a("<h3>JVMs</h3><table><tr><th>label</th><th>version</th><th>vendor</th><th>java</th></tr>")
      jvms.foreach(j => a(s"<tr><td>${esc(j.label)}</td><td>${esc(j.version)}</td><td>${esc(j.vendor)}</td><td><code>${esc(j.java)}</code></td></tr>"))
      a("</table>\n")
    }
    val runtimes = run.cells.flatMap(_.id.map(_.runtime)).distinct
    val rbs = ReportModel.readBackSummary(run)
    if (rbs.nonEmpty) {
      a("<h3>Profile as read back</h3><ul class=\"readback\">")
      rbs.foreach { case (l, bad) => a(s"<li${if (bad) " class=\"flag\"" else ""}>${esc(l)}</li>") }
      a("</ul>\n")
    }
    a("<h3>Runtimes</h3><table><tr><th>runtime</th><th>version</th><th>JVM properties (settings)</th><th>settings read back from the running runtime</th><th>entry modes</th><th>syntax</th></tr>")
    runtimes.foreach { rt =>
      val cs = run.cells.filter(_.id.exists(_.runtime == rt))
      val props = run.meta.flatMap(_.settings.jvmProperties.get(rt)).getOrElse(Vector.empty)
      val readBacks = cs.map(_.readBack).filter(_.nonEmpty).distinct
      val modes = cs.flatMap(_.id.map(_.mode.id)).distinct
      val syntax = cs.map(_.syntax).filter(_.nonEmpty).distinct
      a(s"<tr><td>${esc(rt)}</td><td>${esc(run.library(rt))}</td><td>${if (props.isEmpty) "<span class=\"dim\">none</span>" else props.map(p => s"<code>${esc(p)}</code>").mkString("<br>")}</td><td>")
      if (readBacks.isEmpty) a("<span class=\"dim\">nothing read back</span>")
      readBacks.zipWithIndex.foreach { case (rb, i) =>
        if (i > 0) a("<hr>")
        a(rb.map { case (k, v) => s"<code>${esc(k)}=${esc(v)}</code>" }.mkString(" "))
      }
      a(s"</td><td>${esc(modes.mkString(", "))}</td><td>${esc(syntax.mkString(", "))}</td></tr>")
    }
    a("</table></section>\n")

    // ---- results, per scenario ----
    a("<section id=\"results\"><h2>Results</h2>\n")
    a(s"<p class=\"dim\">${esc(Counters.legend)}.</p>\n")
    ProfileLinks.diff(run).foreach(d => a(s"<p>Profile diff of the two cells: <a class=\"profile-diff\" href=\"${esc(d)}\">${esc(d)}</a></p>\n"))
    a(s"<p class=\"dim\">${esc(CellStats.legend(confidence))}. vs fastest: how many times slower than the fastest runtime of the table. Charts: slowdown against the fastest with the cell's interval as an error bar; allocation per operation (gc.alloc.rate.norm); every measured iteration as a box plot.</p>\n")
    val byScenario = groups.groupBy(_.scenario)
    val scenarioOrder = groups.map(_.scenario).distinct
    val openAll = totalGroups <= 12
    val groupIndex = groups.zipWithIndex.toMap
    scenarioOrder.foreach { sc =>
      val gs = byScenario(sc)
      val cellCount = gs.map(_.rows.size).sum
      a(s"<details class=\"scenario\"${if (openAll || sc == scenarioOrder.head) " open" else ""} id=\"scenario-${esc(sc)}\"><summary><h3>${esc(sc)}</h3> <span class=\"dim\">${gs.size} tables, $cellCount cells</span></summary>\n")
      // What the scenario stresses and what would be unfair: the scenario file's own header comment.
      val refs = gs.flatMap(_.rows.map(_.cell.source)).filter(_.nonEmpty).distinct
      refs.flatMap(Sources.parse).map(_.path).distinct.headOption.foreach { p =>
        Sources.load(run.dir, repoRoot, p).toOption.flatMap(c => Sources.headerComment(c.text)).foreach(h =>
          a(s"<pre class=\"about\">${esc(h)}</pre>\n"))
      }
      gs.foreach { g =>
        val i = groupIndex(g)
        a(s"<div class=\"group\"><h4>${esc(g.title)}${if (run.jvmLabels.size > 1) s" @ ${esc(g.jvm)}" else ""}</h4>\n")
        if (g.machine.nonEmpty) a(s"<p class=\"dim machine\">measured on ${esc(g.machine)}</p>\n")
        a(s"<table class=\"res\"><tr><th>runtime</th><th>score ± error</th><th>unit</th><th>work per operation</th><th>vs fastest</th><th>vs baseline</th><th>B/op</th><th>precision</th>${Counters.heads.map(h => s"<th>${esc(h)}</th>").mkString}<th>syntax</th><th>profiles</th></tr>")
        val floor = ReportModel.floorFlags(g).map(_.cell.key).toSet
        g.rows.foreach { r =>
          val c = r.cell
          val cls = if (!c.ok) "bad" else if (floor.contains(c.key)) "floor" else if (r.vsFastest == "1.00×") "best" else if (r.tie) "tie" else ""
          if (c.ok)
            a(s"<tr class=\"$cls\"><td>${esc(r.runtime)}</td><td class=\"n\">${esc(r.scoreText)}</td><td>${esc(c.score.get.unit)}</td><td class=\"work\">${esc(ReportModel.workText(c))}</td><td class=\"n\">${esc(r.vsFastest)}</td><td class=\"n\">${esc(r.vsBaseline)}</td><td class=\"n\">${esc(Format.bytes(c.alloc))}</td><td class=\"n\">${esc(r.precisionText)}</td>${Counters.cells(Counters.of(run.dir, c)).map(v => s"<td class=\"n\">${esc(v)}</td>").mkString}<td>${esc(c.syntax)}</td><td>${ProfileHtml.links(c)}</td></tr>")
          else
            a(s"<tr class=\"$cls\"><td>${esc(r.runtime)}</td><td colspan=\"${8 + Counters.heads.size}\">${esc(TerminalTable.reasonText(c.status, c.reason))}</td><td>${ProfileHtml.links(c)}</td></tr>")
        }
        a("</table>\n")
        ReportModel.tableNotes(run, g).foreach(n => a(s"<p class=\"note flag\">${esc(n)}</p>\n"))
        g.notes.foreach(n => a(s"<p class=\"note\">note: ${esc(n)}</p>\n"))
        if (g.rows.exists(_.cell.ok)) {
          a("<div class=\"charts\">")
          for (kind <- Seq("ratio", "alloc", "raw"))
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

    // ---- n/a and failures ----
    val nm = ReportModel.notMeasured(run)
    a(s"<section id=\"not-measured\"><h2>Not measured (${nm.size})</h2>\n")
    if (nm.isEmpty) a("<p class=\"dim\">Every planned cell was measured.</p>")
    else {
      a(s"<details${if (nm.size <= 40) " open" else ""}><summary>${nm.size} cells, with the reason</summary><table><tr><th>cell</th><th>JVM</th><th>why</th></tr>")
      nm.foreach { case (c, j, s) => a(s"<tr><td><code>${esc(c)}</code></td><td>${esc(j)}</td><td>${esc(s)}</td></tr>") }
      a("</table></details>")
    }
    a("</section>\n")

    val data = ujson.Obj("run" -> ujson.Str(run.id), "groups" -> ujson.Arr.from(groups.map(groupJson)), "scaling" -> ujson.Arr.from(scaling.map(ScalingChart.json)))
    a(s"<script type=\"application/json\" id=\"report-data\">${scriptJson(data)}</script>\n")
    a(s"<script>$echartsJs</script>\n")
    a(s"<script>${ScalingChart.js}</script>\n")
    a(s"<script>$app</script>\n")
    a("</body></html>\n")
    sb.toString
  }

  private val css =
    """body{font:14px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;max-width:1280px;padding:0 16px;color:#222}
      |h1{font-size:20px}h2{border-bottom:1px solid #ccc;margin-top:28px}h3{display:inline;font-size:16px}h4{margin:14px 0 6px}
      |table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
      |th{background:#f4f4f4}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
      |tr.floor td{background:#fdecea}.flag{color:#b71c1c}td.work{font-size:12px;color:#555}
      |tr.best td{background:#e8f5e9}tr.tie td{background:#f1f8e9}tr.bad td{color:#a33}
      |.kv th{width:140px}.dim{color:#777}.note{background:#fff8e1;border-left:4px solid #f9a825;padding:4px 8px}
      |details.scenario{border:1px solid #ddd;border-radius:4px;margin:10px 0;padding:4px 10px}
      |details.scenario>summary{cursor:pointer;padding:4px 0}
      |.charts{display:flex;flex-wrap:wrap;gap:8px}.chart{width:400px;height:280px;border:1px solid #eee}
      |pre{background:#f7f7f7;padding:8px;overflow-x:auto;font-size:12px}pre.about{background:#f0f4ff}
      |.code{margin:8px 0}.codehead{font-size:13px}code{font-size:12px}
      |""".stripMargin

  /** The page script: lazy chart rendering and the self-test. Reads data only via textContent/JSON. */
  private val app =
    """(function(){
      |'use strict';
      |var data = JSON.parse(document.getElementById('report-data').textContent);
      |var charts = [];
      |function fmt(x){ if (x == null) return '?'; var a = Math.abs(x); return a >= 100 ? x.toFixed(0) : a >= 1 ? x.toFixed(2) : x.toPrecision(3); }
      |function errorBar(params, api){
      |  var x = api.value(0), lo = api.coord([x, api.value(1)]), hi = api.coord([x, api.value(2)]);
      |  var w = api.size([1, 0])[0] * 0.12, st = {stroke: '#222', lineWidth: 1.3};
      |  return {type: 'group', children: [
      |    {type: 'line', shape: {x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1]}, style: st},
      |    {type: 'line', shape: {x1: lo[0] - w, y1: lo[1], x2: lo[0] + w, y2: lo[1]}, style: st},
      |    {type: 'line', shape: {x1: hi[0] - w, y1: hi[1], x2: hi[0] + w, y2: hi[1]}, style: st}]};
      |}
      |function quantile(xs, q){ var p = q * (xs.length - 1), lo = Math.floor(p), hi = Math.min(lo + 1, xs.length - 1); return xs[lo] + (p - lo) * (xs[hi] - xs[lo]); }
      |function base(title, rows){
      |  return {animation: false, title: {text: title, textStyle: {fontSize: 12, fontWeight: 'normal'}, left: 'center'},
      |    tooltip: {trigger: 'item'}, grid: {left: 64, right: 16, top: 36, bottom: 64},
      |    xAxis: {type: 'category', data: rows.map(function(r){ return r.rt; }), axisLabel: {rotate: rows.length > 4 ? 30 : 0, interval: 0}}};
      |}
      |function option(kind, g){
      |  var rows = g.rows;
      |  if (kind === 'ratio') {
      |    var o = base('× the fastest (1 = fastest, lower is better)', rows);
      |    o.yAxis = {type: 'value', min: 0, name: '× slower', nameGap: 8};
      |    o.series = [{type: 'bar', name: 'vs fastest', data: rows.map(function(r){
      |        return {value: r.sd, itemStyle: {color: r.fastest ? '#2e7d32' : r.tie ? '#9ccc65' : '#5470c6'}}; }),
      |      label: {show: true, position: 'insideBottom', formatter: function(p){ return fmt(p.value) + '×'; }, color: '#fff', fontSize: 10}},
      |      {type: 'custom', name: 'interval', renderItem: errorBar, z: 10, encode: {x: 0, y: [1, 2]},
      |       data: rows.map(function(r, i){ return [i, r.lo, r.hi]; }).filter(function(d){ return d[1] != null && d[2] != null; })}];
      |    return o;
      |  }
      |  if (kind === 'alloc') {
      |    var o2 = base('allocation per operation (B/op)', rows);
      |    o2.yAxis = {type: 'value', min: 0, name: 'B/op', nameGap: 8};
      |    o2.series = [{type: 'bar', name: 'B/op', itemStyle: {color: '#fa8c16'}, data: rows.map(function(r){ return r.alloc; }),
      |      label: {show: true, position: 'top', formatter: function(p){ return fmt(p.value); }, fontSize: 10}},
      |      {type: 'custom', name: 'interval', renderItem: errorBar, z: 10, encode: {x: 0, y: [1, 2]},
      |       data: rows.map(function(r, i){ return r.alloc == null || r.allocErr == null ? null : [i, Math.max(0, r.alloc - r.allocErr), r.alloc + r.allocErr]; }).filter(function(d){ return d; })}];
      |    return o2;
      |  }
      |  var o3 = base('every iteration (' + g.unit + ')', rows);
      |  o3.yAxis = {type: 'value', scale: true, name: g.unit, nameGap: 8};
      |  var boxes = rows.map(function(r){
      |    var xs = [].concat.apply([], r.raw).filter(function(x){ return x != null; }).sort(function(a, b){ return a - b; });
      |    return xs.length ? [xs[0], quantile(xs, 0.25), quantile(xs, 0.5), quantile(xs, 0.75), xs[xs.length - 1]] : [];
      |  });
      |  var points = [];
      |  rows.forEach(function(r, i){ r.raw.forEach(function(fork, f){ fork.forEach(function(v){ if (v != null) points.push([i, v, f + 1]); }); }); });
      |  o3.series = [{type: 'boxplot', name: 'iterations', data: boxes, itemStyle: {color: '#e3f2fd', borderColor: '#1565c0'}},
      |    {type: 'scatter', name: 'iteration', symbolSize: 4, itemStyle: {color: 'rgba(0,0,0,0.45)'}, data: points,
      |     tooltip: {formatter: function(p){ return 'fork ' + p.value[2] + ': ' + fmt(p.value[1]); }}}];
      |  return o3;
      |}
      |function render(el){
      |  if (el.getAttribute('data-rendered')) return;
      |  el.setAttribute('data-rendered', '1');
      |  var g = data.groups[+el.getAttribute('data-group')];
      |  var c = echarts.init(el, null, {renderer: 'svg'});
      |  c.setOption(el.getAttribute('data-kind') === 'scaling' ? effectbenchScalingOption(data.scaling[+el.getAttribute('data-scaling')]) : option(el.getAttribute('data-kind'), g));
      |  charts.push(c);
      |}
      |var all = Array.prototype.slice.call(document.querySelectorAll('.chart'));
      |var io = ('IntersectionObserver' in window) ? new IntersectionObserver(function(es){
      |  es.forEach(function(e){ if (e.isIntersecting) { io.unobserve(e.target); render(e.target); } });
      |}, {rootMargin: '300px'}) : null;
      |if (location.hash === '#selftest' || !io) {
      |  Array.prototype.forEach.call(document.querySelectorAll('details'), function(d){ d.open = true; });
      |  all.forEach(render);
      |} else {
      |  // Charts already on screen render now; the rest when they scroll into view or their section opens.
      |  all.forEach(function(el){
      |    var r = el.getBoundingClientRect();
      |    if (el.offsetParent !== null && r.top < window.innerHeight + 300 && r.bottom > -300) render(el); else io.observe(el);
      |  });
      |}
      |function openHash(){ var id = decodeURIComponent(location.hash.slice(1)); var el = id && document.getElementById(id); if (el && el.tagName === 'DETAILS') { el.open = true; el.scrollIntoView(); } }
      |openHash(); window.addEventListener('hashchange', openHash);
      |var resizing = null;
      |window.addEventListener('resize', function(){ clearTimeout(resizing); resizing = setTimeout(function(){ charts.forEach(function(c){ c.resize(); }); }, 100); });
      |if (location.hash === '#selftest') setTimeout(function(){
      |  var missing = [];
      |  all.forEach(function(el){
      |    var svg = el.querySelector('svg'), canvas = el.querySelector('canvas');
      |    var drawn = svg ? svg.querySelectorAll('path,rect,line,text').length : 0;
      |    if (!(svg || canvas) || (svg && drawn === 0)) missing.push(el.getAttribute('data-group') + ':' + el.getAttribute('data-kind'));
      |  });
      |  var res = {charts: all.length, rendered: all.length - missing.length, missing: missing,
      |    errors: window.__reportErrors.slice(), injected: !!window.__pwned, scriptElements: document.querySelectorAll('script').length,
      |    resultsShowScriptText: (document.getElementById('results') || document.body).textContent.indexOf('<script>') >= 0};
      |  var pre = document.createElement('pre');
      |  pre.id = 'selftest-result';
      |  pre.textContent = JSON.stringify(res);
      |  document.body.appendChild(pre);
      |}, 200);
      |})();
      |""".stripMargin
}
