package effectbench.report

import effectbench.analysis.*
import effectbench.stats.{CellEstimate, ForkStats, Format}
import effectbench.store.{CellResult, RunData}

import org.HdrHistogram.Histogram

/** The latency family in the HTML report: per latency table, its percentile table, its percentile curves
  * (HdrHistogram's way: latency against the percentile on a log scale of 1 / (1 − p), latency on a
  * log scale too) and, for hog-probe, each runtime's budgets as points of hog throughput against
  * probe p99 — the trade-off as a frontier. Drawn as inline SVG, so the page needs no script for
  * them; the page includes this section through one call (Html.render). */
object LatencyHtml {
  import scalatags.Text.all.{attr, cls, stringAttr, stringFrag, tag, Frag, Modifier, SeqFrag, SeqNode}
  import scalatags.Text.{all => h}
  import scalatags.Text.{svgAttrs => sa, svgTags => st}

  // Every text and attribute below is escaped by scalatags as it renders.
  private val svgTitle = tag("title")
  private val role = attr("role")
  private val ariaLabel = attr("aria-label")
  private def data(name: String) = attr(s"data-$name")

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

  private def seriesLabel(r: LatencyRow): String = s"${r.runtime} ${r.variant}"

  /** An axis label or tick: text at (x, y) of `size` px, anchored as asked. */
  private def label(px: Double, py: Double, size: Int, anchor: String, text: String, more: Modifier*): Frag =
    st.text(sa.x := f1(px), sa.y := f1(py), sa.fontSize := size.toString, sa.textAnchor := anchor, more)(text)

  /** A legend entry in the right margin, in its series' colour. */
  private def legendEntry(px: Double, py: Double, colour: String, text: String): Frag =
    st.text(sa.x := f1(px), sa.y := f1(py), sa.fontSize := "11", sa.fill := colour)(text)

  private def frame(klass: String, W: Double, H: Double, aria: String)(content: Frag*): String =
    st.svg(cls := klass, sa.viewBox := s"0 0 ${W.toInt} ${H.toInt}", sa.width := W.toInt.toString, sa.height := H.toInt.toString,
      role := "img", ariaLabel := aria)(content).render

  private def gridLine(ax: Double, ay: Double, bx: Double, by: Double, colour: String, more: Modifier*): Frag =
    st.line(more, sa.x1 := f1(ax), sa.y1 := f1(ay), sa.x2 := f1(bx), sa.y2 := f1(by), sa.stroke := colour)

  /** The percentile curves of one table, one polyline per cell. */
  def curvesSvg(t: LatencyTable): String = {
    val W = 640.0
    val H = 300.0
    val (l, r, top, bottom) = (60.0, 150.0, 10.0, 40.0)
    val curves = t.rows.map(row => (row, curve(row.forks))).filter(_._2.nonEmpty)
    val (ylo, yhi) = logBounds(curves.flatMap(_._2.map(_._2)))
    val x = Axis(0, 6, l, W - r, log = false)
    val y = Axis(ylo, yhi, H - bottom, top, log = true)
    frame("latency-curves", W, H, s"${t.title} percentile curves")(
      Vector(0.0, 50.0, 90.0, 99.0, 99.9, 99.99, 99.999).map { p =>
        val px = x(curveX(p))
        h.frag(gridLine(px, top, px, H - bottom, "#ddd"), label(px, H - bottom + 14, 10, "middle", if (p == 0) "0" else s"$p%"))
      },
      decades(ylo, yhi).map { v =>
        val py = y(v)
        h.frag(gridLine(l, py, W - r, py, "#eee"), label(l - 4, py + 3, 10, "end", Format.num(v)))
      },
      label((l + W - r) / 2, H - 6, 11, "middle", "percentile (log scale of 1/(1−p))"),
      label(12, H / 2, 11, "middle", "latency µs (log)", sa.transform := s"rotate(-90 12 ${f1(H / 2)})"),
      curves.zipWithIndex.map { case ((row, pts), i) =>
        val points = pts.map { case (px, py) => s"${f1(x(px))},${f1(y(py))}" }.mkString(" ")
        h.frag(
          st.polyline(cls := "curve", data("cell") := row.cell.key, sa.fill := "none", sa.stroke := colour(i), sa.strokeWidth := "1.5",
            sa.points := points)(svgTitle(seriesLabel(row))),
          legendEntry(W - r + 6, top + 12 + i * 14, colour(i), seriesLabel(row))
        )
      }
    )
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
    frame("frontier", W, H, s"${t.title} hog throughput against probe p99")(
      decades(xlo, xhi).map(v =>
        h.frag(gridLine(x(v), top, x(v), H - bottom, "#eee"), label(x(v), H - bottom + 14, 10, "middle", Format.num(v)))
      ),
      decades(ylo, yhi).map(v => h.frag(gridLine(l, y(v), W - r, y(v), "#eee"), label(l - 4, y(v) + 3, 10, "end", f"$v%.0e"))),
      label((l + W - r) / 2, H - 6, 11, "middle", "probe p99, µs (log)"),
      label(12, H / 2, 11, "middle", "hog steps/s (log)", sa.transform := s"rotate(-90 12 ${f1(H / 2)})"),
      pts.map { case (row, tp) =>
        val c = colour(runtimes.indexOf(row.runtime))
        val cx = x(row.latency.p99.mean)
        val cy = y(tp)
        h.frag(
          if (row.latency.p99.known)
            gridLine(x(math.max(row.latency.p99.low, xlo)), cy, x(row.latency.p99.high), cy, c, cls := "p99-interval")
          else h.frag(),
          st.circle(cls := "point", data("runtime") := row.runtime, data("budget") := row.variant, sa.cx := f1(cx), sa.cy := f1(cy),
            sa.r := "4",
            sa.fill := c)(svgTitle(s"${seriesLabel(row)}: p99 ${Format.num(row.latency.p99.mean)} µs, ${Format.num(tp)} hog steps/s")),
          st.text(sa.x := f1(cx + 6), sa.y := f1(cy - 4), sa.fontSize := "10", sa.fill := c)(row.variant)
        )
      },
      runtimes.zipWithIndex.map { case (rt, i) => legendEntry(W - r + 6, top + 12 + i * 14, colour(i), rt) }
    )
  }

  /** A table of text cells under its header row. */
  private def table(klass: String, head: Vector[String], rows: Vector[Vector[String]]): Frag =
    h.table(cls := klass)(h.tr(head.map(h.th(_))), "\n", rows.map(r => h.frag(h.tr(r.map(h.td(_))), "\n")))

  /** The section of the page: empty for a run without latency cells. */
  def section(run: RunData, confidence: Double = ForkStats.DefaultConfidence): String = {
    val ts = LatencyTables.build(run, confidence)
    def at(jvm: String): String = if (run.jvmLabels.size <= 1) "" else s" @ $jvm"
    if (ts.isEmpty) ""
    else
      h.tag("section")(h.id := "latency")(
        h.h2("Latency under load"), "\n",
        h.p(cls := "dim")(s"${LatencyTables.legend(confidence)}."), "\n",
        ts.map { t =>
          val costs = LatencyTables.budgetCosts(t, confidence)
          h.frag(
            h.div(cls := "latency-table", data("scenario") := t.scenario)(
              h.h3(t.title + at(t.jvm)), "\n",
              table("latency", LatencyTables.headOf(t), t.rows.map(r => LatencyTables.cellsOf(t, r))), "\n",
              t.notes.map(n => h.frag(h.p(cls := "note")(s"note: $n"), "\n")),
              if (costs.isEmpty) h.frag()
              else h.frag(h.p(cls := "dim")(s"${LatencyTables.costLegend}."), "\n",
                table("latency budget-cost", LatencyTables.costHead, costs.map(LatencyTables.costCells)), "\n"),
              h.raw(curvesSvg(t)), "\n",
              if (t.scenario == effectbench.Catalog.hogProbe.id) h.frag(h.raw(frontierSvg(t)), "\n") else h.frag()
            ),
            "\n"
          )
        },
        ServiceCapacity.build(run).map { t =>
          h.frag(
            h.div(cls := "capacity-table")(
              h.h3(t.title + at(t.jvm)), "\n",
              h.p(cls := "dim")(s"${CapacityText.legend(t)}."), "\n",
              table("latency", CapacityText.head, t.rows.map(CapacityText.cells)),
              CapacityText.notes(t).map(n => h.frag(h.p(cls := "note")(s"note: $n"), "\n"))
            ),
            "\n"
          )
        }
      ).render + "\n"
  }
}
