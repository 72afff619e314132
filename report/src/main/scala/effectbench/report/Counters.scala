package effectbench.report

import effectbench.stats.Format
import effectbench.store.{CellResult, FormatError, JmhResult, RunData, RunFiles}
import java.nio.file.{Files, Path}
import scala.util.control.NonFatal

/** The cheap counters every measured cell carries beside B/op, read from its JMH JSON:
  * JMH's own `gc.count` (collections in the measured iterations), and ours from
  * `effectbench.ProcCounters` (harness): the GC time share, the peak of live threads and the
  * voluntary / involuntary context switches per operation of the measuring JVM. */
final case class Counters(
    gcCount: Option[Double], gcShare: Option[Double], threadsPeak: Option[Double],
    csVoluntary: Option[Double], csInvoluntary: Option[Double]
) {

  /** `3 (1.2%)`: collections, and the share of wall time they took. */
  def gcText: String = (gcCount, gcShare) match {
    case (None, None) => "?"
    case (c, s) => c.map(n => f"$n%.0f").getOrElse("?") + s.map(p => f" (${p}%.1f%%)").getOrElse("")
  }

  def threadsText: String = threadsPeak.map(t => f"$t%.0f").getOrElse("?")

  /** `0.52/0.010`: voluntary/involuntary switches per operation. */
  def switchesText: String = (csVoluntary, csInvoluntary) match {
    case (None, None) => "?"
    case (v, i) => v.map(Format.num).getOrElse("?") + "/" + i.map(Format.num).getOrElse("?")
  }
}

object Counters {
  val none: Counters = Counters(None, None, None, None, None)

  /** Column titles and the footnote that explains them, shared by every format. */
  val heads: Vector[String] = Vector("GCs (time)", "threads", "cs/op v/i")
  val legend: String = "GCs (time): collections during measurement (gc.count) and their share of wall time; " +
    "threads: peak live JVM threads; cs/op v/i: voluntary/involuntary context switches per operation (all threads, /proc)"

  def cells(c: Counters): Vector[String] = Vector(c.gcText, c.threadsText, c.switchesText)

  private def metric(b: JmhResult, name: String): Option[Double] =
    b.secondaryMetrics.get(name).map(_.score).filter(d => !d.isNaN && !d.isInfinite)

  /** The counters of one cell of a run; none for a cell without a JMH result. */
  def of(dir: Path, cell: CellResult): Counters =
    cell.record.jmh.filter(_.nonEmpty).map(dir.resolve).filter(Files.isRegularFile(_)).map { f =>
      try {
        RunFiles.readJmh(f).headOption.map { b =>
          Counters(metric(b, "gc.count"), metric(b, "proc.gc.time.share"), metric(b, "proc.threads.peak"),
            metric(b, "proc.cs.voluntary.norm"), metric(b, "proc.cs.involuntary.norm"))
        }.getOrElse(none)
      } catch { case _: FormatError => none }
    }.getOrElse(none)
}

/** Profiler outputs a `bench profile` run recorded per cell (`profiles` in cells.jsonl) and for
  * the whole run (`profileDiff` in run.json), as paths relative to the run directory. */
object ProfilerLinks {
  def of(cell: CellResult): Vector[(String, String)] = cell.record.profiles.entries.filter(_._2.nonEmpty)

  def notes(cell: CellResult): Vector[String] = cell.record.profileNotes.filter(_.nonEmpty)

  def diff(run: RunData): Option[String] = run.meta.flatMap(_.profileDiff).filter(_.nonEmpty)
}

/** The profile links of one cell as HTML (relative links: the report sits in the run directory). */
object ProfilerHtml {
  import scalatags.Text.all._

  def links(c: CellResult): Option[Frag] = {
    val ls = ProfilerLinks.of(c).map { case (label, rel) => a(cls := "profile", href := rel)(label) }
    val ns = ProfilerLinks.notes(c).map(n => div(cls := "dim")(n))
    if (ls.isEmpty && ns.isEmpty) None
    else Some(frag(ls.zipWithIndex.map { case (l, i) => frag(if (i > 0) " " else "", l) }, ns))
  }
}
