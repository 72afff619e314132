package effectbench.report

import effectbench.store.RunData

/** The HTML report's section for `run --lib`: per scenario, its version tables and one chart of
  * every table's ratio to the first version across the versions, the interval drawn as dashed
  * lines around it. Drawn by its own script once the page (and ECharts, inlined at its end) has
  * loaded, so the section needs nothing of the page's other scripts. Empty for a run without
  * `--lib`. */
object VersionChart {
  private def num(d: Double): ujson.Value = if (d.isNaN || d.isInfinite) ujson.Null else ujson.Num(d)

  /** Per scenario, its version tables in report order. */
  def byScenario(m: Report, run: RunData): Vector[(String, Vector[VersionTable])] = {
    val ts = VersionTable.all(m, run)
    ts.map(_.block.group.scenario).distinct.map(s => s -> ts.filter(_.block.group.scenario == s))
  }

  /** One chart's data: the versions along x, and a series per table (ratio, low, high per version). */
  def json(scenario: String, ts: Vector[VersionTable]): ujson.Value = {
    val xs = ts.flatMap(_.rows.map(_.version)).distinct
    ujson.Obj(
      "scenario" -> ujson.Str(scenario),
      "x" -> ujson.Arr.from(xs.map(ujson.Str(_))),
      "series" -> ujson.Arr.from(ts.map { t =>
        def at(v: String): Option[VersionRow] = t.rows.find(_.version == v)
        def pick(f: VersionRow => Option[Double]): ujson.Value =
          ujson.Arr.from(xs.map(v => at(v).flatMap(f).map(num).getOrElse(ujson.Null)))
        val one = (r: VersionRow) => if (r.isFirst && r.row.estimate.isDefined) Some(1.0) else None
        ujson.Obj(
          "name" -> ujson.Str(s"${t.runtime} · ${t.title}"),
          "ratio" -> pick(r => r.vsFirst.map(_.ratio).orElse(one(r))),
          "low" -> pick(r => r.vsFirst.map(_.low).orElse(one(r))),
          "high" -> pick(r => r.vsFirst.map(_.high).orElse(one(r))),
          "text" -> ujson.Arr.from(xs.map(v => ujson.Str(at(v).map(VersionTable.ratio).getOrElse(""))))
        )
      })
    )
  }

  def section(m: Report, run: RunData): String = {
    import scalatags.Text.all._
    val scenarios = byScenario(m, run)
    if (scenarios.isEmpty) ""
    else {
      val data = ujson.Arr.from(scenarios.map { case (sc, ts) => json(sc, ts) })
      // Every text and attribute is escaped by scalatags as it renders; the chart's data is JSON for a script.
      tag("section")(id := "versions")(
        h2("Across library versions"), "\n",
        p(cls := "dim")(
          "Each runtime measured at several versions in this run (", code("--lib"),
          "), in the same paired rounds: how many times slower than the first version, with that ratio's own interval (dashed); a tie when the interval holds 1. Versions as the live runtime read them back."
        ), "\n",
        scenarios.zipWithIndex.map { case ((sc, ts), i) =>
          frag(
            div(cls := "group", id := s"versions-$sc")(
              h3(sc), "\n",
              ts.map { t =>
                val tt = VersionTable.text(t)
                frag(
                  h4(VersionTable.caption(t)),
                  table(cls := "res versions")(tr(tt.head.map(th(_))), tt.rows.map(r => tr(r.padTo(tt.head.size, "").map(td(_))))),
                  "\n"
                )
              },
              div(cls := "vchart", attr("data-versions") := i.toString, style := "height:320px",
                attr("aria-label") := s"$sc across versions")
            ),
            "\n"
          )
        },
        script(tpe := "application/json", id := "versions-data")(raw(Html.scriptJson(data))), "\n",
        script(raw(js)), "\n"
      ).render + "\n"
    }
  }

  /** Draws each `.vchart` once the page has loaded (ECharts is inlined after this section). */
  private val js: String =
    """window.addEventListener('DOMContentLoaded', function(){
      |  var data = JSON.parse(document.getElementById('versions-data').textContent);
      |  Array.prototype.forEach.call(document.querySelectorAll('.vchart'), function(el){
      |    var d = data[+el.getAttribute('data-versions')], series = [];
      |    d.series.forEach(function(s, k){
      |      series.push({type: 'line', name: s.name, data: s.ratio, symbolSize: 8, connectNulls: false});
      |      series.push({type: 'line', name: s.name, data: s.low, symbol: 'none', lineStyle: {type: 'dashed', opacity: 0.6}, tooltip: {show: false}});
      |      series.push({type: 'line', name: s.name, data: s.high, symbol: 'none', lineStyle: {type: 'dashed', opacity: 0.6}, tooltip: {show: false}});
      |    });
      |    var c = echarts.init(el, null, {renderer: 'svg'});
      |    c.setOption({animation: false, legend: {bottom: 0, type: 'scroll'}, grid: {left: 64, right: 16, top: 24, bottom: 56},
      |      tooltip: {trigger: 'item', formatter: function(p){ var s = d.series[Math.floor(p.seriesIndex / 3)]; return s.name + ' @ ' + p.name + ': ' + s.text[p.dataIndex]; }},
      |      xAxis: {type: 'category', name: 'version', data: d.x},
      |      yAxis: {type: 'value', scale: true, name: '× the first version', nameGap: 8},
      |      series: series});
      |  });
      |});""".stripMargin
}
