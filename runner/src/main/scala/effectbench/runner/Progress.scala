package effectbench.runner

import effectbench.stats.Format
import java.io.{BufferedWriter, OutputStream, PrintStream}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, StandardOpenOption}

/** What a run shows while it measures, and what it keeps.
  *
  * On a terminal (`Display.live`): one status line, redrawn in place — the table being measured,
  * its round, the forks of that round done, a bar, elapsed time and ETA — and above it one short
  * line per finished table (or per cell, for a run without rounds), the run's header and the
  * warnings that need the user. Piped (`live` false): the same lines, plain, without the status
  * line. Everything the engine says goes to the run's log file (`logTo`, the run directory's
  * run.log), and its narrative (`EngineEvent.Note`) to the terminal as well with `Display.verbose`.
  *
  * The engine speaks in typed events (`EngineEvent`), Progress being their sink: rounds and
  * measured forks move the status line; warnings and waits always reach the terminal. */
final class Progress(
    total: Int, estimatePerCell: Double, display: Progress.Display = Progress.Display.plain(verbose = true),
    out: Progress.Out = Progress.Out.stderr, clock: () => Long = () => System.nanoTime(),
    /** Seconds from the start by which the run ends whatever its cells cost (a run budget and its
      * end), when it has one: the ETA never reaches past it. */
    endsBy: Option[Double] = None
) extends EngineEvent.Sink {
  import Progress.{BarWidth, EraseLine, Table, bar, plural, shortNames}

  private val started = clock()
  private var done = 0
  private var measuredSeconds = 0.0
  private var measuredCells = 0
  private var lastFinished = started
  private var log: Option[BufferedWriter] = None
  // Lines said before the log file was known: written to it when it is.
  private var early = Vector.empty[String]
  private var phase: Option[String] = None
  private var cell: Option[String] = None
  private var table: Option[Table] = None
  private var tablesTotal = 0
  private var tablesDone = 0
  // Per-cell lines on the terminal: off for a run in rounds, whose cells end a table at once.
  private var cellLines = true
  private var drawn = false
  private var closed = false
  private var ticker: Option[Thread] = None

  private def seconds(from: Long): Double = (clock() - from) / 1e9

  def elapsed: Double = seconds(started)

  /** Seconds left: the seconds per cell measured so far (or the estimate before the first one) for
    * every cell not done, less the time since the last cell ended; never past the run's end when it
    * has a budget, since cells of different cost (a latency fork, a relayed turn) make the average
    * of the first ones a poor guess for the rest. */
  def eta: Double = {
    val per = if (measuredCells > 0) measuredSeconds / measuredCells else estimatePerCell
    val fromCells = math.max(0.0, per * (total - done) - (if (done < total) seconds(lastFinished) else 0.0))
    endsBy.fold(fromCells)(end => math.min(fromCells, math.max(0.0, end - elapsed)))
  }

  /** The run's log file: every line said so far and from now on, each with its elapsed time. */
  def logTo(file: Path): Unit = synchronized {
    val w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
    log = Some(w)
    early.foreach(logged)
    early = Vector.empty
  }

  private def logged(line: String): Unit = log match {
    case Some(w) =>
      try {
        line.split('\n').foreach { l => w.write(s"[${Format.duration(elapsed)}] $l"); w.newLine() }
        w.flush()
      } catch { case _: java.io.IOException => () } // a full disk loses log lines, never the run
    case None => early :+= line
  }

  /** A line for the terminal (above the status line when live) and the log. */
  private def shown(line: String): Unit = {
    logged(line)
    if (display.live) {
      out.write(EraseLine + line + "\n")
      if (drawn) draw()
    } else out.write(line + "\n")
    out.flush()
  }

  /** One event of the engine, drawn: each kind's place on the terminal and in the log. */
  def apply(e: EngineEvent): Unit = synchronized {
    e match {
      case EngineEvent.Note(line) => narrative(line)
      case w: EngineEvent.Warning => shown(w.line)
      case w: EngineEvent.Waiting => shown(w.line)
      case EngineEvent.Header(line) => shown(line)
      case EngineEvent.Phase(line) => phase(line)
      case t: EngineEvent.TableStarted =>
        narrative(t.narrative)
        tableStarted(t)
      case b: EngineEvent.TableBudget => narrative(b.line)
      case r: EngineEvent.RelayRounds => narrative(r.line)
      case EngineEvent.RoundStarted(key, round, cells, relay) => roundStarted(key, round, cells, relay)
      case EngineEvent.ForkEnded => measured()
      case f: EngineEvent.TableFinished =>
        tableFinished(f.table, f.summary, f.latency)
        narrative(f.line)
      case EngineEvent.CellStarted(what, short) => starting(what, short)
      case EngineEvent.CellFinished(seconds, measured, outcome, ok) => finished(seconds, measured, outcome, ok)
    }
  }

  /** The engine's narrative: to the log; to the terminal too with `verbose`. */
  private def narrative(line: String): Unit = if (display.verbose) shown(line) else logged(line)

  /** A step before measuring (verifying the oracles), shown on the status line. */
  private def phase(what: String): Unit = {
    logged(what)
    phase = Some(what)
    redraw()
  }

  /** How many tables the run measures in rounds, for the status line's `[k/n]`; per-cell lines off. */
  def tables(n: Int): Unit = synchronized {
    tablesTotal = n
    cellLines = n == 0
  }

  private var names = Map.empty[(String, String), String]

  /** The run's tables (each a batch of cells), so that each cell and table has a short name. */
  def nameTables(batches: Vector[Vector[PlannedCell]]): Unit = synchronized {
    val short = shortNames(batches.zipWithIndex.map { case (b, i) => i.toString -> b })
    names = batches.zipWithIndex.flatMap { case (b, i) => b.map(c => (c.id.key, c.jvm.label) -> short(i.toString)) }.toMap
  }

  /** A table's short name, from any of its cells. */
  def tableName(c: PlannedCell): String = synchronized(names.getOrElse((c.id.key, c.jvm.label), c.id.group))

  /** A cell's short name: its table's and its runtime. */
  def cellName(c: PlannedCell): String = s"${tableName(c)} ${c.id.runtimeKey}"

  private def tableStarted(t: EngineEvent.TableStarted): Unit = {
    phase = None
    table = Some(Table(t.table, t.cells.headOption.map(tableName).getOrElse(t.table), tablesDone + 1, t.cells.size, clock()))
    logged(t.logged)
    redraw()
  }

  private def roundStarted(key: String, round: Int, cells: Int, relay: Boolean): Unit = {
    table.filter(_.key == key).foreach { t =>
      table = Some(t.copy(round = round, roundCells = cells, roundDone = 0, relay = relay))
      redraw()
    }
  }

  private def measured(): Unit = {
    table.filter(_.round > 0).foreach { t =>
      // A relay round measures its cells in groups of at most Rounds.RelayMaxJvms, each group at once.
      val step = if (t.relay) Rounds.RelayMaxJvms else 1
      table = Some(t.copy(roundDone = math.min(t.roundCells, t.roundDone + step)))
      redraw()
    }
  }

  /** A table's rounds are done: its one line. A latency table's ratios are its hogs' time per step
    * (what its rounds stop on), so its line names them: read alone, a wide one looks like the p99's. */
  private def tableFinished(key: String, summary: Rounds.TableSummary, latency: Boolean): Unit = {
    val t = table.filter(_.key == key)
    val name = t.map(_.name).getOrElse(key)
    val wall = t.map(x => seconds(x.started)).getOrElse(summary.seconds)
    tablesDone += 1
    table = None
    // The median says how precise the table is; the widest, which ratio may still need a look.
    val what = if (latency) "  hog time" else ""
    val median = if (summary.medianRatioHalfWidth.isNaN) "" else f"$what  ±${summary.medianRatioHalfWidth * 100}%.1f%% median"
    val widest = if (summary.worstRatioHalfWidth.isNaN) "" else f"  widest ±${summary.worstRatioHalfWidth * 100}%.1f%%"
    shown(s"${tableIndex(tablesDone)}$name  ${plural(summary.rounds, "round")}  ${plural(t.map(_.cells).getOrElse(0), "cell")}$median$widest" +
      s"  ${Format.duration(wall)}" + plainTime)
  }

  private def tableIndex(k: Int): String = if (tablesTotal > 1) s"[$k/$tablesTotal] " else ""

  /** Elapsed and ETA on each line when there is no status line to show them. */
  private def plainTime: String =
    if (display.live) "" else s"  (${Format.duration(elapsed)} elapsed, ETA ${Format.duration(eta)})"

  private def starting(what: String, short: String): Unit = {
    phase = None
    cell = Some(short)
    logged(s"[${done + 1}/$total] $what")
    redraw()
  }

  /** A cell is done: its line when the run shows cells, a warning when it has no score. */
  private def finished(seconds: Double, measured: Boolean, outcome: String, ok: Boolean): Unit = {
    done += 1
    lastFinished = clock()
    if (measured) { measuredSeconds += seconds; measuredCells += 1 }
    val what = cell.getOrElse("")
    cell = None
    val line = s"$what: $outcome (${f"$seconds%.1f"} s)"
    if (!ok) shown(s"${if (cellLines) counter else ""}$line")
    else if (cellLines) shown(counter + line + plainTime)
    else logged(line)
    redraw()
  }

  private def counter: String = {
    val w = total.toString.length
    s"[%${w}d/$total] ".format(done)
  }

  /** The status line's text, at most `display.width - 1` characters. */
  def status: String = synchronized {
    val time = s"${Format.duration(elapsed)} elapsed · ETA ${Format.duration(eta)}"
    val what = table match {
      case Some(t) =>
        val round =
          if (t.round == 0) "starting"
          else if (t.relay && t.roundDone < t.roundCells) s"round ${t.round} · ${t.roundCells} cells in relay"
          else s"round ${t.round} · ${t.roundDone}/${t.roundCells} cells"
        s"${tableIndex(t.index)}${t.name} · $round"
      case None =>
        phase.orElse(cell.map(c => s"[${done + 1}/$total] $c")).getOrElse(s"$done/$total cells")
    }
    val fraction = if (elapsed + eta <= 0) 0.0 else elapsed / (elapsed + eta)
    val full = s"$what ${bar(fraction, BarWidth)} $time"
    if (full.length < display.width) full
    else {
      // The name gives way first: the bar and the times say how far the run is.
      val tail = s" ${bar(fraction, BarWidth)} $time"
      val room = display.width - 1 - tail.length
      (if (room >= 2) what.take(room - 1) + "…" else "") + tail.take(display.width - 1)
    }
  }

  private def draw(): Unit = {
    out.write(EraseLine + status)
    out.flush()
    drawn = true
  }

  private def redraw(): Unit = if (display.live && !closed) draw()

  /** Redraws the status line once a second, so that elapsed and ETA move between events. */
  def startTicking(): Unit = synchronized {
    if (display.live && ticker.isEmpty) {
      val t = new Thread(
        () =>
          try while (true) { Thread.sleep(1000); synchronized(redraw()) }
          catch { case _: InterruptedException => () },
        "effectbench-progress"
      )
      t.setDaemon(true)
      t.start()
      ticker = Some(t)
    }
  }

  /** Clears the status line and stops redrawing it: what follows (the run's table on stdout, the
    * interrupt's message) starts on a clean line. */
  def close(): Unit = synchronized {
    ticker.foreach(_.interrupt())
    ticker = None
    if (display.live && drawn) { out.write(EraseLine); out.flush() }
    drawn = false
    closed = true
  }

  /** An interrupt: the status line gives way to the message, which is kept in the log too. */
  def interrupted(msg: String): Unit = synchronized {
    close()
    logged(msg)
    out.write(msg + "\n")
    out.flush()
    log.foreach(w =>
      try w.close()
      catch { case _: java.io.IOException => () }
    )
  }

  /** A stream for code that prints to stderr itself (`Console.withErr`): each line it prints is a
    * warning line, so that it does not land inside the status line. */
  def errStream: PrintStream = new PrintStream(
    new OutputStream {
      private val buf = new java.io.ByteArrayOutputStream()
      def write(b: Int): Unit = if (b == '\n') flushLine() else buf.write(b)
      private def flushLine(): Unit = {
        Progress.this.synchronized(shown(buf.toString(StandardCharsets.UTF_8)))
        buf.reset()
      }
      override def flush(): Unit = if (buf.size() > 0) flushLine()
    },
    false,
    StandardCharsets.UTF_8
  )
}

object Progress {
  /** Carriage return and erase-line (ANSI EL 2): the cursor back to the start of an empty line. */
  val EraseLine = "\r\u001b[2K"
  val BarWidth = 20

  /** How the terminal is drawn: `live` one status line redrawn in place, or plain lines; `verbose`
    * the engine's narrative on the terminal too; `width` the terminal's columns. */
  final case class Display(live: Boolean, verbose: Boolean, width: Int = 80)

  object Display {
    def plain(verbose: Boolean): Display = Display(live = false, verbose = verbose)

    /** The `bench` launcher says whether stderr is a terminal and how wide (`effectbench.stderrTty`,
      * `effectbench.columns`): the JVM cannot tell of stderr. A dumb terminal gets plain lines. */
    def detect(
        verbose: Boolean, plain: Boolean, props: String => Option[String] = sys.props.get,
        env: String => Option[String] = sys.env.get
    ): Display = {
      val tty = props("effectbench.stderrTty").contains("true")
      val term = env("TERM").filter(_.nonEmpty).exists(_ != "dumb")
      val width = props("effectbench.columns").flatMap(_.trim.toIntOption).filter(_ >= 20).getOrElse(80)
      Display(live = tty && term && !plain, verbose = verbose, width = width)
    }
  }

  /** Where the terminal's text goes: stderr, or a test's buffer. */
  trait Out {
    def write(s: String): Unit
    def flush(): Unit
  }

  object Out {
    val stderr: Out = new Out {
      private val err = System.err
      def write(s: String): Unit = err.print(s)
      def flush(): Unit = err.flush()
    }
  }

  private final case class Table(
      key: String, name: String, index: Int, cells: Int, started: Long, round: Int = 0, roundCells: Int = 0, roundDone: Int = 0,
      relay: Boolean = false
  )

  private def plural(n: Int, what: String): String = s"$n $what${if (n == 1) "" else "s"}"

  /** `[=====>    ]` for a fraction done. */
  def bar(fraction: Double, width: Int): String = {
    val f = math.max(0.0, math.min(1.0, fraction))
    val n = (f * width).toInt
    "[" + "=" * n + (if (n < width) ">" + " " * (width - n - 1) else "") + "]"
  }

  /** A short name for each table (by its key): scenario/variant (the variant left out when
    * `default`), then as much as tells the run's tables apart — params, mode, JVM. */
  def shortNames(tables: Vector[(String, Vector[PlannedCell])]): Map[String, String] = {
    def base(c: PlannedCell) = c.id.scenario + (if (c.id.variant == "default") "" else s"/${c.id.variant}")
    def params(c: PlannedCell) = {
      val p = effectbench.Params.encode(c.id.params)
      if (p.length <= 32) p else p.take(31) + "…"
    }
    val steps: Vector[PlannedCell => String] = Vector(
      base,
      c => s"${base(c)} ${params(c)}",
      c => s"${base(c)} ${params(c)} ${c.id.mode.id}",
      c => s"${base(c)} ${params(c)} ${c.id.mode.id} @ ${c.jvm.label}"
    )
    val heads = tables.filter(_._2.nonEmpty).map { case (k, cs) => k -> cs.head }
    heads.map { case (k, c) =>
      // The first step whose name no other table shares; a table of many params (across-params) by its scenario.
      val name = steps.find(f => heads.count { case (_, o) => f(o) == f(c) } == 1).getOrElse(steps.last)(c)
      k -> (if (tables.find(_._1 == k).exists(_._2.map(_.id.params).distinct.size > 1)) base(c) + " (every param)" else name)
    }.toMap
  }
}
