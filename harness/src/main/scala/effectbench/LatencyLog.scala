package effectbench

import java.io.{File, FileOutputStream, PrintStream}
import org.HdrHistogram.HistogramLogWriter

/** The measuring JVM's latency log: every measured window's histogram, in HdrHistogram's own log
  * format, appended to the file the runner names (`-Deffectbench.latencyLog`, an absolute path: the
  * JVM's working directory is not the runner's). One fork writes its windows under one tag, so a
  * file holding several forks (a JMH host's) keeps them apart in fork order; before each histogram
  * a comment line says what no histogram holds: the window's events and starved events, which
  * never enter a percentile, and a service window's late timeouts. The report reads it back (report's LatencyData). */
object LatencyLog {
  /** The fork's tag: the JVM's process id and start time, unique among the forks of one file. */
  lazy val tag: String = {
    val pid = ProcessHandle.current().pid()
    s"fork-$pid-${java.lang.management.ManagementFactory.getRuntimeMXBean.getStartTime}"
  }

  /** The comment line before each window's histogram (LatencyModel.windowComment). */
  def comment(tag: String, r: WindowResult): String =
    LatencyModel.windowComment(tag, r.events, r.starved, r.hogSteps, if (r.service) r.lateTimeouts.toLong else -1L,
      r.clientLagNanos, r.gcPauseMs, r.wakeLagNanos)

  private var writer: Option[(HistogramLogWriter, PrintStream)] = None

  private def open(path: String): (HistogramLogWriter, PrintStream) = synchronized {
    writer.getOrElse {
      val f = new File(path)
      val fresh = !f.exists() || f.length() == 0
      val out = new PrintStream(new FileOutputStream(f, true), false, "UTF-8")
      val w = new HistogramLogWriter(out)
      if (fresh) {
        w.outputLogFormatVersion()
        w.outputStartTime(System.currentTimeMillis())
        w.outputLegend()
      }
      writer = Some((w, out))
      (w, out)
    }
  }

  /** Where `record` writes: the runner's log while a measured window is recorded, else nowhere, by
    * the same code (Bench sets it per iteration): a warm-up window rehearses the recording, so the
    * first measured window does not meet it uncompiled (JitGate). */
  def recording: Boolean = sink == 1
  def recording_=(on: Boolean): Unit = sink = if (on) 1 else 0
  @volatile private var sink: Int = 1

  private lazy val rehearsal: (HistogramLogWriter, PrintStream) = {
    val out = new PrintStream(java.io.OutputStream.nullOutputStream(), false, "UTF-8")
    (new HistogramLogWriter(out), out)
  }

  /** Appends one measured window, when the runner named a log (the verifier and the tests do not);
    * a window not recorded (`recording` off) goes the same way to no file. */
  def record(r: WindowResult): Unit = Option(System.getProperty(LatencyModel.LogProperty)).filter(_.nonEmpty).foreach { path =>
    val (w, out) = Vector(rehearsal, open(path)).apply(sink)
    synchronized {
      w.outputComment(comment(tag, r))
      val h = r.histogram.copy()
      h.setTag(tag)
      h.setStartTimeStamp(r.startMillis)
      h.setEndTimeStamp(r.endMillis)
      w.outputIntervalHistogram(h)
      out.flush()
    }
  }
}
