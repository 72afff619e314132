package effectbench.analysis

import effectbench.LatencyModel
import effectbench.store.{CellResult, RunData}
import java.nio.file.Path
import org.HdrHistogram.Histogram

/** What the client's own lateness did to a latency cell's windows. The client is a plain thread
  * outside the runtime that sleeps until each event's scheduled time and submits it; each window
  * records the most it woke late for an event it had parked for (`wakeLagUs`, the harness's
  * LoadWindow.wakeLagNanos), apart from the lateness a slow submission passed on to the events after
  * it, which is the runtime's. An event counts from its scheduled time, so a client that woke L late
  * gives the next events at least up to L of latency whatever the runtime did.
  *
  * A collection's pause stops the client with every other thread, and delays the runtime's events
  * whoever submitted them: a lateness no longer than the window's longest collection (plus the
  * millisecond its duration is rounded to) is not the client's own.
  *
  * `windows`: the windows with a lateness recorded and a p99 of their own; `reached`: those whose
  * client was at least as late as their own p99 and later than their longest collection; `lagsUs`: the
  * lateness of each of those windows; `gcMs`: the longest collection of any (-1: not recorded). */
final case class ClientLateness(windows: Int, reached: Int, lagsUs: Vector[Long], gcMs: Long = -1L) {
  def maxUs: Long = if (lagsUs.isEmpty) 0L else lagsUs.max
  def medianUs: Double = if (lagsUs.isEmpty) Double.NaN else effectbench.stats.Describe.median(lagsUs.map(_.toDouble))

  /** The client's lateness reached the window's p99 in at least half the windows: the cell's p99 is the
    * client's, an upper bound of the runtime's. */
  def setsP99: Boolean = windows > 0 && 2 * reached >= windows
}

object ClientLate {
  private val Comment = "#effectbench window tag=(\\S+) .*".r
  private val Lag = " wakeLagUs=(\\d+)".r
  private val Gc = " gcPauseMs=(\\d+)".r

  /** One window: its client's wake lateness (µs), its own p99 (µs) and its longest collection (ms; -1: not recorded). */
  final case class Window(lagUs: Long, p99Us: Double, gcMs: Long = -1L) {
    def reached: Boolean = lateBy(lagUs, gcMs, p99Us)
  }

  /** The client woke at least `us` late (`lagUs`), and later than the window's longest collection (`gcMs`, -1:
    * not recorded) plus the millisecond its duration is rounded to. */
  private def lateBy(lagUs: Long, gcMs: Long, us: Double): Boolean = lagUs >= us && (gcMs < 0 || lagUs > (gcMs + 1) * 1000)

  /** Each window of a latency log with its client's wake lateness recorded and enough events for a p99 of its
    * own (LatencyAway.MinWindowEvents): its lateness (µs) and its p99 (µs). A window's comment line comes
    * before its histogram, so the k-th comment of a tag goes with the k-th histogram of that tag. */
  def windows(log: Path): Vector[Window] = forkWindows(log).map(_._2)

  /** `windows`, each with its fork's tag. */
  def forkWindows(log: Path): Vector[(String, Window)] =
    loggedWindows(log).collect {
      // The p99's lowest equivalent value: a histogram keeps 3 significant digits, and a lateness equal
      // to the p99 must count as reaching it.
      case w if w.histogram.getTotalCount >= LatencyAway.MinWindowEvents =>
        w.tag -> Window(w.lagUs, w.histogram.lowestEquivalentValue(w.histogram.getValueAtPercentile(99)) / 1000.0, w.gcMs)
    }

  /** A window of a latency log with its client's wake lateness recorded: its fork's tag, the lateness
    * (µs), its longest collection (ms; -1: not recorded) and its latencies. */
  final case class LoggedWindow(tag: String, lagUs: Long, gcMs: Long, histogram: Histogram) {
    def lateBy(us: Double): Boolean = ClientLate.lateBy(lagUs, gcMs, us)
  }

  /** Every window of a latency log whose client's wake lateness is recorded. A window's comment line comes
    * before its histogram, so the k-th comment of a tag goes with the k-th histogram of that tag. */
  def loggedWindows(log: Path): Vector[LoggedWindow] = {
    val lags = RunData.read(log).split('\n').toVector.collect { case line @ Comment(tag) =>
      tag -> Lag.findFirstMatchIn(line).map(l => (l.group(1).toLong, Gc.findFirstMatchIn(line).fold(-1L)(_.group(1).toLong)))
    }
    val hists = LatencyData.windows(log)
    lags.map(_._1).distinct.flatMap { tag =>
      val ls = lags.filter(_._1 == tag).map(_._2)
      val hs = hists.filter(h => Option(h.getTag).contains(tag))
      ls.zip(hs).collect { case (Some((lag, gc)), h) => LoggedWindow(tag, lag, gc, h) }
    }
  }

  /** Whether a fork's p99 is over `targetUs` only by its client's lateness: some of its windows had the client
    * wake at least `targetUs` late (LoggedWindow.lateBy), and without them the fork's p99 is under it (or no
    * window is left). An event counts from its scheduled time, so in such a window the client alone gave its
    * next events a latency over the target, whatever the runtime did. */
  def overOnlyByClient(windows: Vector[LoggedWindow], targetUs: Double): Boolean = {
    val (late, rest) = windows.partition(_.lateBy(targetUs))
    late.nonEmpty && (rest.isEmpty || {
      val h = new Histogram(LatencyModel.StarvedNanos, 3)
      rest.foreach(w => h.add(w.histogram))
      h.getTotalCount == 0 || h.getValueAtPercentile(99) / 1000.0 < targetUs
    })
  }

  /** A latency cell's windows by fork (ForkLatency.tag), those whose client's wake lateness is recorded. */
  def forks(dir: Path, c: CellResult): Map[String, Vector[LoggedWindow]] =
    LatencyData.logOf(dir, c).fold(Map.empty[String, Vector[LoggedWindow]]) { log =>
      try loggedWindows(log).groupBy(_.tag)
      catch { case _: java.io.IOException => Map.empty }
    }

  def of(windows: Vector[Window]): Option[ClientLateness] =
    if (windows.isEmpty) None
    else Some(ClientLateness(windows.size, windows.count(_.reached), windows.map(_.lagUs), windows.map(_.gcMs).max))

  /** The cell's windows against its client's wake lateness; None without a latency log or a recorded one
    * (sleep-drift's sleeps are the runtime's own, and logs written before it was recorded). */
  def of(dir: Path, c: CellResult): Option[ClientLateness] =
    LatencyData.logOf(dir, c).flatMap { log =>
      try of(windows(log))
      catch { case _: java.io.IOException => None }
    }
}
