package effectbench.analysis

import effectbench.stats.{CellEstimate, ForkShape, ForkStats, Format}
import effectbench.store.{CellResult, RunData}

import effectbench.{Catalog, Family, LatencyModel}
import java.nio.file.{Files, Path}
import org.HdrHistogram.{Histogram, HistogramLogReader}

/** One fork of a latency cell, read back from its latency log: the histogram of its measured
  * windows (latencies in ns, the starved left out), its events and its starved events; for service,
  * its late timeouts (None: not recorded, as in logs written before they were, or another scenario). */
final case class ForkLatency(
    tag: String, histogram: Histogram, events: Long, starved: Long, windows: Int, lateTimeouts: Option[Long] = None
)

/** The latency logs of a run (the harness's LatencyLog, HdrHistogram's own format beside each JMH
  * file: `x.json` has `x.hlog`), read back per fork in fork order. */
object LatencyData {
  def isLatency(c: CellResult): Boolean =
    c.id.flatMap(id => Catalog.get(id.scenario, includeTestOnly = true)).exists(_.family == Family.Latency)

  /** The latency log of a cell, when it has one. */
  def logOf(dir: Path, c: CellResult): Option[Path] =
    c.record.jmh.filter(_.nonEmpty).map { rel =>
      val f = dir.resolve(rel)
      val name = f.getFileName.toString
      f.resolveSibling((if (name.endsWith(".json")) name.dropRight(5) else name) + LatencyModel.LogSuffix)
    }.filter(Files.isRegularFile(_))

  private val Comment = "#effectbench window tag=(\\S+) events=(\\d+) starved=(\\d+).*".r
  private val Late = " lateTimeouts=(\\d+)".r

  /** The forks of one latency log, in the order their tags first appear. A window's histogram
    * without its comment line (a log cut short) still counts its latencies, with no events known. */
  def read(log: Path): Vector[ForkLatency] = {
    val counts = scala.collection.mutable.LinkedHashMap.empty[String, (Long, Long, Int)]
    // A fork's late timeouts are known when each of its windows recorded them.
    val late = scala.collection.mutable.Map.empty[String, Option[Long]]
    RunData.read(log).split('\n').foreach {
      case line @ Comment(tag, events, starved) =>
        val (e, s, w) = counts.getOrElse(tag, (0L, 0L, 0))
        counts(tag) = (e + events.toLong, s + starved.toLong, w + 1)
        val l = Late.findFirstMatchIn(line).map(_.group(1).toLong)
        late(tag) = if (w == 0) l else for { a <- late.getOrElse(tag, None); b <- l } yield a + b
      case _ => ()
    }
    val hists = scala.collection.mutable.LinkedHashMap.empty[String, Histogram]
    windows(log).foreach { h =>
      hists.getOrElseUpdate(Option(h.getTag).getOrElse("untagged"), new Histogram(LatencyModel.StarvedNanos, 3)).add(h)
    }
    val tags = (counts.keys ++ hists.keys).toVector.distinct
    tags.map { t =>
      val (e, s, w) = counts.getOrElse(t, (0L, 0L, 0))
      ForkLatency(t, hists.getOrElse(t, new Histogram(LatencyModel.StarvedNanos, 3)), e, s, w, late.getOrElse(t, None))
    }
  }

  /** Every window's histogram of a latency log, in the order written. */
  private[analysis] def windows(log: Path): Vector[Histogram] = {
    val out = Vector.newBuilder[Histogram]
    val reader = new HistogramLogReader(log.toFile)
    try {
      var next = reader.nextIntervalHistogram()
      while (next != null) {
        next match { case h: Histogram => out += h; case _ => () }
        next = reader.nextIntervalHistogram()
      }
    } finally reader.close()
    out.result()
  }

  /** The p99 of a one-fork latency log (a round's file) and of its two halves (ForkShape.TailFork),
    * over the recorded latencies like the report's p99 (the starved left out); None when the log
    * holds fewer than two windows or a half recorded nothing. */
  def tail(log: Path): Option[ForkShape.TailFork] = {
    // A log holds one fork's windows; should a fork have been measured again into it, the last one's.
    val all = windows(log)
    val ws = all.filter(w => Option(w.getTag) == all.lastOption.flatMap(l => Option(l.getTag)))
    val h = ws.size / 2
    def p99(of: Seq[Histogram]): Option[Double] = {
      val acc = new Histogram(LatencyModel.StarvedNanos, 3)
      of.foreach(acc.add)
      if (acc.getTotalCount == 0) None else Some(math.log(math.max(1L, acc.getValueAtPercentile(99)).toDouble))
    }
    if (h < 1) None
    else for { all <- p99(ws); first <- p99(ws.take(h)); last <- p99(ws.takeRight(h)) } yield ForkShape.TailFork(ws.size, all, first - last)
  }

  /** The forks of a cell; empty without a readable log. */
  def forks(dir: Path, c: CellResult): Vector[ForkLatency] =
    logOf(dir, c).map(l =>
      try read(l)
      catch { case _: java.io.IOException => Vector.empty[ForkLatency] }
    ).getOrElse(Vector.empty)
}
