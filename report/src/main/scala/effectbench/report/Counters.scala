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
    csVoluntary: Option[Double], csInvoluntary: Option[Double], jitMs: Option[Double] = None
) {
  def isEmpty: Boolean = productIterator.forall(_ == None)

  /** `cs/op v/i 5.02/0.010, GCs 0 (0.0%), JIT 12 ms`: the counters that tell launch states apart,
    * for a state's note (only those known). */
  def stateText: String = Vector(
    if (csVoluntary.isEmpty && csInvoluntary.isEmpty) None else Some(s"cs/op v/i $switchesText"),
    if (gcCount.isEmpty && gcShare.isEmpty) None else Some(s"GCs $gcText"),
    jitMs.map(j => f"JIT $j%.0f ms")
  ).flatten.mkString(", ")

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

  /** How one fork's iterations of a counter make the fork's value, as JMH aggregates them into the
    * score (`ProcCounters` and JMH's GC profiler): counts are summed over the iterations, a peak is
    * the largest, rates and shares are averaged. */
  private def perFork(name: String, xs: Vector[Double]): Double =
    if (name == "gc.count" || name == "proc.jit.ms") xs.sum
    else if (name == "proc.threads.peak") xs.max
    else xs.sum / xs.size

  /** A counter over some forks of a combined file (fork numbers from 1, in the order of the primary
    * metric's raw data, as `ForkStats` numbers them): the mean of those forks' values. None when the
    * file does not keep the counter for every fork (files combined before per-fork counters were
    * kept hold only their first round's). */
  private def metricOf(b: JmhResult, name: String, forks: Vector[Int]): Option[Double] = {
    val primaryForks = b.primaryMetric.rawData.count(_.nonEmpty)
    b.secondaryMetrics.get(name).map(_.rawData).filter(_.size == b.primaryMetric.rawData.size && primaryForks > 0).flatMap { raw =>
      // Forks with no primary data are not numbered (LaunchStates.estimate drops them).
      val numbered = b.primaryMetric.rawData.indices.filter(i => b.primaryMetric.rawData(i).nonEmpty).map(raw(_)).toVector
      val chosen = forks.filter(f => f >= 1 && f <= numbered.size).map(f => numbered(f - 1)).filter(_.nonEmpty)
      if (chosen.isEmpty || chosen.size < forks.size) None
      else Some(chosen.map(perFork(name, _)).sum / chosen.size).filter(d => !d.isNaN && !d.isInfinite)
    }
  }

  private def read(dir: Path, cell: CellResult): Option[JmhResult] =
    cell.record.jmh.filter(_.nonEmpty).map(dir.resolve).filter(Files.isRegularFile(_)).flatMap { f =>
      try RunFiles.readJmh(f).headOption
      catch { case _: FormatError => None }
    }

  /** The counters of one launch state of a cell: its forks' values averaged (see `metricOf`). */
  def ofForks(dir: Path, cell: CellResult, forks: Vector[Int]): Counters =
    read(dir, cell).map { b =>
      def m(name: String) = metricOf(b, name, forks)
      Counters(m("gc.count"), m("proc.gc.time.share"), m("proc.threads.peak"), m("proc.cs.voluntary.norm"),
        m("proc.cs.involuntary.norm"), m("proc.jit.ms"))
    }.getOrElse(none)

  /** The counters of one cell of a run; none for a cell without a JMH result. */
  def of(dir: Path, cell: CellResult): Counters =
    read(dir, cell).map { b =>
      Counters(metric(b, "gc.count"), metric(b, "proc.gc.time.share"), metric(b, "proc.threads.peak"),
        metric(b, "proc.cs.voluntary.norm"), metric(b, "proc.cs.involuntary.norm"), metric(b, "proc.jit.ms"))
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
