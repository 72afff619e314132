package effectbench.report

import effectbench.stats.Stat
import effectbench.store.RunData

/** One block's cells across the run's JVMs or core counts (`run --jvm A --jvm B`, `--cpus 1,2`):
  * a line per runtime, the environments along the x axis — a scaling curve. Only scores are
  * drawn, no ratio between environments, and only points measured on one machine share a curve. */
object ScalingChart {
  /** @param x the environments, in order; @param series per runtime, the score (or null) at each x */
  final case class Curve(
      title: String, machine: String, axis: String, x: Vector[String], unit: String,
      series: Vector[(String, Vector[Option[Stat]])]
  )

  private val cpuSuffix = ", (\\d+) cpus?$".r.unanchored

  /** The core count of a JVM label: run.json's "cpus" of that JVM, else the label's suffix. */
  def cpusOf(run: RunData, label: String): Option[Int] =
    run.jvms.find(_.label == label).flatMap(_.cpus)
      .orElse(label match { case cpuSuffix(n) => n.toIntOption; case _ => None })

  private def base(label: String): String = label.replaceFirst(", \\d+ cpus?$", "")

  def curves(run: RunData): Vector[Curve] = {
    val ok = run.cells.filter(c => c.ok && c.id.isDefined)
    val blocks = ok.groupBy(c => (c.id.get.group, c.record.shard))
    val order = ok.map(c => (c.id.get.group, c.record.shard)).distinct
    order.flatMap { key =>
      val cells = blocks(key)
      val envs = cells.map(_.jvm).distinct.sortBy(l => (base(l), cpusOf(run, l).getOrElse(0), l))
      val units = cells.flatMap(_.score.map(_.unit)).distinct
      if (envs.size < 2 || units.size != 1) None
      else {
        val oneJvm = envs.map(base).distinct.size == 1
        val byCpus = oneJvm && envs.forall(cpusOf(run, _).isDefined)
        val x = if (byCpus) envs.map(e => cpusOf(run, e).get.toString) else envs
        val runtimes = cells.map(_.id.get.runtime).distinct
        val series = runtimes.map(rt => rt -> envs.map(e => cells.find(c => c.jvm == e && c.id.get.runtime == rt).flatMap(_.score)))
        val id = cells.head.id.get
        val title = s"${id.scenario}/${id.variant}/${effectbench.Params.encode(id.params)}/${id.mode.id}" + (if (byCpus)
                                                                                                               s" @ ${base(envs.head)}"
                                                                                                             else "")
        Some(Curve(title, Machines.of(run, cells.head), if (byCpus) "cpus" else "JVM", x, units.head, series))
      }
    }
  }

  private def num(d: Double): ujson.Value = if (d.isNaN || d.isInfinite) ujson.Null else ujson.Num(d)

  def json(c: Curve): ujson.Value = ujson.Obj(
    "title" -> ujson.Str(c.title), "axis" -> ujson.Str(c.axis), "unit" -> ujson.Str(c.unit),
    "x" -> ujson.Arr.from(c.x.map(ujson.Str(_))),
    "series" -> ujson.Arr.from(c.series.map { case (rt, ys) =>
      ujson.Obj("rt" -> ujson.Str(rt),
        "y" -> ujson.Arr.from(ys.map(_.map(s => num(s.score)).getOrElse(ujson.Null))),
        "err" -> ujson.Arr.from(ys.map(_.map(s => num(s.error)).getOrElse(ujson.Null))))
    })
  )

  /** The page's section: a chart container per curve (drawn by `js` through the page script). */
  def section(curves: Vector[Curve], esc: String => String): String =
    if (curves.isEmpty) ""
    else {
      val sb = new StringBuilder
      sb.append("<section id=\"scaling\"><h2>Across JVMs and core counts</h2>\n")
      sb.append(
        "<p class=\"dim\">Each chart is one block measured in several environments of this run: a line per runtime, its score (JMH's average, with its 99.9% interval in the tooltip) in each environment. Scores, not ratios: a table's ratios stay inside one environment.</p>\n<div class=\"charts\">"
      )
      curves.zipWithIndex.foreach { case (c, i) =>
        sb.append(
          s"<div class=\"chart scaling\" data-scaling=\"$i\" data-kind=\"scaling\" aria-label=\"scaling chart of ${esc(c.title)}\" title=\"${esc(c.machine)}\"></div>"
        )
      }
      sb.append("</div></section>\n")
      sb.toString
    }
}
