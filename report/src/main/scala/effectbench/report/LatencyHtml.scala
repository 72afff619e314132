package effectbench.report

import effectbench.stats.{CellEstimate, ForkStats, Format}
import effectbench.store.{CellResult, RunData}

import org.HdrHistogram.Histogram

/** Family L in the HTML report: per latency table, its percentile table, its percentile curves
  * (HdrHistogram's way: latency against the percentile on a log scale of 1 / (1 − p), latency on a
  * log scale too) and, for hog-probe, each runtime's budgets as points of hog throughput against
  * probe p99 — the trade-off as a frontier. Drawn as inline SVG, so the page needs no script for
  * them; the page includes this section through one call (Html.render). */
object LatencyHtml {
  private def esc(s: String): String = Html.esc(s)

  /** The percentiles each curve passes through, in percent. */
  val CurvePercentiles: Vector[Double] = Vector(0, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.999, 100)

  /** x of a percentile on the curve's axis: log10 of 1 / (1 − p), 100% drawn at 10^6. */
  def curveX(p: Double): Double = if (p >= 100) 6.0 else math.min(6.0, math.log10(1 / (1 - p / 100)))

  private val palette = Vector("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22")
  private def colour(i: Int): String = palette(i % palette.size)

  /** The forks' histograms added up: the cell's curve. */
  def merged(forks: Vector[ForkLatency]): Histogram = {
    val h = new Histogram(effectbench.LatencyModel.StarvedNanos, 3)
    forks.foreach(f => h.add(f.histogram))
    h
  }

  /** (x, latency µs) of a cell's curve; empty when no latency was recorded. */
  def curve(forks: Vector[ForkLatency]): Vector[(Double, Double)] = {
    val h = merged(forks)
    if (h.getTotalCount == 0) Vector.empty
    else CurvePercentiles.map(p => (curveX(p), math.max(1L, if (p >= 100) h.getMaxValue else h.getValueAtPercentile(p)) / 1000.0))
  }

  private final case class Axis(lo: Double, hi: Double, from: Double, to: Double, log: Boolean) {
    private def v(x: Double) = if (log) math.log10(math.max(x, 1e-9)) else x
    def apply(x: Double): Double = {
      val span = v(hi) - v(lo)
      from + (if (span <= 0) 0.5 else (v(x) - v(lo)) / span) * (to - from)
    }
  }

  private def logBounds(xs: Seq[Double]): (Double, Double) = {
    val ps = xs.filter(x => x > 0 && !x.isNaN && !x.isInfinite)
    if (ps.isEmpty) (1, 10)
    else
      (math.pow(10, math.floor(math.log10(ps.min))), math.pow(10, math.ceil(math.log10(ps.max)) max (math.floor(math.log10(ps.min)) + 1)))
  }

  private def decades(lo: Double, hi: Double): Vector[Double] =
    Iterator.iterate(lo)(_ * 10).takeWhile(_ <= hi * 1.0001).toVector

  private def f1(x: Double) = f"$x%.1f"

  private def label(r: LatencyRow): String = s"${r.runtime} ${r.variant}"

  /** The percentile curves of one table, one polyline per cell. */
  def curvesSvg(t: LatencyTable): String = {
    val W = 640.0
    val H = 300.0
    val (l, r, top, bottom) = (60.0, 150.0, 10.0, 40.0)
    val curves = t.rows.map(row => (row, curve(row.forks))).filter(_._2.nonEmpty)
    val (ylo, yhi) = logBounds(curves.flatMap(_._2.map(_._2)))
    val x = Axis(0, 6, l, W - r, log = false)
    val y = Axis(ylo, yhi, H - bottom, top, log = true)
    val sb = new StringBuilder
    sb.append(
      s"""<svg class="latency-curves" viewBox="0 0 ${W.toInt} ${H.toInt}" width="${W.toInt}" height="${H.toInt}" role="img" aria-label="${esc(
          t.title
        )} percentile curves">"""
    )
    Vector(0.0, 50.0, 90.0, 99.0, 99.9, 99.99, 99.999).foreach { p =>
      val px = x(curveX(p))
      sb.append(s"""<line x1="${f1(px)}" y1="${f1(top)}" x2="${f1(px)}" y2="${f1(H - bottom)}" stroke="#ddd"/>""")
      sb.append(s"""<text x="${f1(px)}" y="${f1(H - bottom + 14)}" font-size="10" text-anchor="middle">${if (p == 0) "0"
        else s"$p%"}</text>""")
    }
    decades(ylo, yhi).foreach { v =>
      val py = y(v)
      sb.append(s"""<line x1="${f1(l)}" y1="${f1(py)}" x2="${f1(W - r)}" y2="${f1(py)}" stroke="#eee"/>""")
      sb.append(s"""<text x="${f1(l - 4)}" y="${f1(py + 3)}" font-size="10" text-anchor="end">${Format.num(v)}</text>""")
    }
    sb.append(
      s"""<text x="${f1((l + W - r) / 2)}" y="${f1(H - 6)}" font-size="11" text-anchor="middle">percentile (log scale of 1/(1−p))</text>"""
    )
    sb.append(s"""<text x="12" y="${f1(H / 2)}" font-size="11" transform="rotate(-90 12 ${f1(
        H / 2
      )})" text-anchor="middle">latency µs (log)</text>""")
    curves.zipWithIndex.foreach { case ((row, pts), i) =>
      val points = pts.map { case (px, py) => s"${f1(x(px))},${f1(y(py))}" }.mkString(" ")
      sb.append(s"""<polyline class="curve" data-cell="${esc(row.cell.key)}" fill="none" stroke="${colour(
            i
          )}" stroke-width="1.5" points="$points"><title>${esc(
            label(row)
          )}</title></polyline>""")
      sb.append(s"""<text x="${f1(W - r + 6)}" y="${f1(top + 12 + i * 14)}" font-size="11" fill="${colour(i)}">${esc(label(row))}</text>""")
    }
    sb.append("</svg>")
    sb.toString
  }

  /** hog-probe's frontier: per cell a point of hog steps per second against probe p99 (with the p99's
    * interval as a bar), coloured by runtime, labelled by budget. */
  def frontierSvg(t: LatencyTable): String = {
    val pts = t.rows.flatMap(r => r.hogStepsPerSecond.filter(!_.isNaN).map(tp => (r, tp))).filter(p => !p._1.latency.p99.mean.isNaN)
    val W = 640.0
    val H = 300.0
    val (l, r, top, bottom) = (70.0, 150.0, 10.0, 40.0)
    val p99s = pts.flatMap { case (row, _) => Vector(row.latency.p99.mean, row.latency.p99.low, row.latency.p99.high) }
    val (xlo, xhi) = logBounds(p99s)
    val (ylo, yhi) = logBounds(pts.map(_._2))
    val x = Axis(xlo, xhi, l, W - r, log = true)
    val y = Axis(ylo, yhi, H - bottom, top, log = true)
    val runtimes = t.rows.map(_.runtime).distinct
    val sb = new StringBuilder
    sb.append(
      s"""<svg class="frontier" viewBox="0 0 ${W.toInt} ${H.toInt}" width="${W.toInt}" height="${H.toInt}" role="img" aria-label="${esc(
          t.title
        )} hog throughput against probe p99">"""
    )
    decades(xlo, xhi).foreach { v =>
      sb.append(s"""<line x1="${f1(x(v))}" y1="${f1(top)}" x2="${f1(x(v))}" y2="${f1(H - bottom)}" stroke="#eee"/>""")
      sb.append(s"""<text x="${f1(x(v))}" y="${f1(H - bottom + 14)}" font-size="10" text-anchor="middle">${Format.num(v)}</text>""")
    }
    decades(ylo, yhi).foreach { v =>
      sb.append(s"""<line x1="${f1(l)}" y1="${f1(y(v))}" x2="${f1(W - r)}" y2="${f1(y(v))}" stroke="#eee"/>""")
      sb.append(s"""<text x="${f1(l - 4)}" y="${f1(y(v) + 3)}" font-size="10" text-anchor="end">${f"$v%.0e"}</text>""")
    }
    sb.append(s"""<text x="${f1((l + W - r) / 2)}" y="${f1(H - 6)}" font-size="11" text-anchor="middle">probe p99, µs (log)</text>""")
    sb.append(s"""<text x="12" y="${f1(H / 2)}" font-size="11" transform="rotate(-90 12 ${f1(
        H / 2
      )})" text-anchor="middle">hog steps/s (log)</text>""")
    pts.foreach { case (row, tp) =>
      val c = colour(runtimes.indexOf(row.runtime))
      val cx = x(row.latency.p99.mean)
      val cy = y(tp)
      if (row.latency.p99.known)
        sb.append(s"""<line class="p99-interval" x1="${f1(x(math.max(row.latency.p99.low, xlo)))}" y1="${f1(cy)}" x2="${f1(
              x(row.latency.p99.high)
            )}" y2="${f1(cy)}" stroke="$c"/>""")
      sb.append(s"""<circle class="point" data-runtime="${esc(row.runtime)}" data-budget="${esc(row.variant)}" cx="${f1(cx)}" cy="${f1(
            cy
          )}" r="4" fill="$c"><title>${esc(
            s"${label(row)}: p99 ${Format.num(row.latency.p99.mean)} µs, ${Format.num(tp)} hog steps/s"
          )}</title></circle>""")
      sb.append(s"""<text x="${f1(cx + 6)}" y="${f1(cy - 4)}" font-size="10" fill="$c">${esc(row.variant)}</text>""")
    }
    runtimes.zipWithIndex.foreach { case (rt, i) =>
      sb.append(s"""<text x="${f1(W - r + 6)}" y="${f1(top + 12 + i * 14)}" font-size="11" fill="${colour(i)}">${esc(rt)}</text>""")
    }
    sb.append("</svg>")
    sb.toString
  }

  /** The section of the page: empty for a run without family-L cells. */
  def section(run: RunData, confidence: Double = ForkStats.DefaultConfidence): String = {
    val ts = LatencyTables.build(run, confidence)
    if (ts.isEmpty) ""
    else {
      val sb = new StringBuilder
      sb.append("<section id=\"latency\"><h2>Latency under load</h2>\n")
      sb.append(s"<p class=\"dim\">${esc(LatencyTables.legend(confidence))}.</p>\n")
      ts.foreach { t =>
        sb.append(s"<div class=\"latency-table\" data-scenario=\"${esc(t.scenario)}\"><h3>${esc(t.title)}${if (run.jvmLabels.size <= 1) ""
          else s" @ ${esc(t.jvm)}"}</h3>\n<table class=\"latency\"><tr>")
        LatencyTables.headOf(t).foreach(h => sb.append(s"<th>${esc(h)}</th>"))
        sb.append("</tr>\n")
        t.rows.foreach(r => sb.append(LatencyTables.cellsOf(t, r).map(c => s"<td>${esc(c)}</td>").mkString("<tr>", "", "</tr>\n")))
        sb.append("</table>\n")
        val costs = LatencyTables.budgetCosts(t, confidence)
        if (costs.nonEmpty) {
          sb.append(s"<p class=\"dim\">${esc(LatencyTables.costLegend)}.</p>\n<table class=\"latency budget-cost\"><tr>")
          LatencyTables.costHead.foreach(h => sb.append(s"<th>${esc(h)}</th>"))
          sb.append("</tr>\n")
          costs.foreach(c => sb.append(LatencyTables.costCells(c).map(x => s"<td>${esc(x)}</td>").mkString("<tr>", "", "</tr>\n")))
          sb.append("</table>\n")
        }
        sb.append(curvesSvg(t)).append('\n')
        if (t.scenario == effectbench.Catalog.hogProbe.id) sb.append(frontierSvg(t)).append('\n')
        sb.append("</div>\n")
      }
      ServiceCapacity.build(run).foreach { t =>
        sb.append(s"<div class=\"capacity-table\"><h3>${esc(t.title)}${if (run.jvmLabels.size <= 1) "" else s" @ ${esc(t.jvm)}"}</h3>\n")
        sb.append(s"<p class=\"dim\">${esc(ServiceCapacity.legend(t))}.</p>\n<table class=\"latency\"><tr>")
        ServiceCapacity.head.foreach(h => sb.append(s"<th>${esc(h)}</th>"))
        sb.append("</tr>\n")
        t.rows.foreach(r => sb.append(ServiceCapacity.cells(r).map(c => s"<td>${esc(c)}</td>").mkString("<tr>", "", "</tr>\n")))
        sb.append("</table></div>\n")
      }
      sb.append("</section>\n")
      sb.toString
    }
  }
}
