package effectbench.runner

import effectbench.{CellId, Mode, Params}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Paths}
import scala.util.Random

/** What a run draws on stderr, with a fake clock and a fake terminal: the status line, one line per
  * table, plain lines when piped, and the engine's narrative in the run's log. Nothing is timed. */
class ProgressSuite extends munit.FunSuite {
  private val jvm = Jvm(Paths.get("/synthetic/bin/java"), Paths.get("/synthetic"), "25.0.3", "Synthetic")

  private def cell(scenario: String, variant: String, rt: String, n: Int = 1000): PlannedCell =
    PlannedCell(CellId(scenario, variant, rt, Params.of("n" -> n.toString), Mode.Fork), jvm, CellStatus.Ok, "modern")

  private val leftSum = Vector("cats-effect", "zio", "future").map(cell("left-sum", "default", _))
  private val gather = Vector("cats-effect", "zio").map(cell("gather", "default", _))

  /** A terminal that keeps what it is sent, and a clock moved by hand. */
  private final class Fake {
    val text = new StringBuilder
    var nanos = 0L
    val out: Progress.Out = new Progress.Out {
      def write(s: String): Unit = text.append(s)
      def flush(): Unit = ()
    }
    def advance(seconds: Double): Unit = nanos += (seconds * 1e9).toLong
    /** The screen as a terminal shows it: each erase-line starts its line afresh. */
    def screen: Vector[String] = {
      val lines = text.toString.split("\n", -1).toVector
      lines.map(l => l.split(java.util.regex.Pattern.quote(Progress.EraseLine), -1).last)
    }
  }

  private def progress(live: Boolean, verbose: Boolean = false, width: Int = 100): (Progress, Fake) = {
    val f = new Fake
    val p = new Progress(5, 10.0, Progress.Display(live, verbose, width), f.out, () => f.nanos)
    p.nameTables(Vector(leftSum, gather))
    p.tables(2)
    (p, f)
  }

  /** A table of the run measured as the engine does: its rounds as events, forks counted as measured. */
  private def measureLeftSum(p: Progress, f: Fake): Unit = {
    p(EngineEvent.TableStarted("left-sum-key", leftSum))
    p(EngineEvent.RoundStarted("left-sum-key", 1, 3, relay = false))
    f.advance(20)
    p(EngineEvent.ForkEnded)
    p(EngineEvent.Note("table left-sum-key: from round 5 every fork runs 6 warm-up + 4 iterations (a long engine sentence)"))
  }

  private val summary = Rounds.TableSummary(rounds = 4, forks = 12, seconds = 110, stopped = "every ratio within precision",
    worstRatioHalfWidth = 0.124, medianRatioHalfWidth = 0.061)

  test("on a terminal: one status line redrawn in place, with the table, its round, the cells done, a bar, elapsed and ETA") {
    val (p, f) = progress(live = true)
    measureLeftSum(p, f)
    val status = p.status
    assert(status.startsWith("[1/2] left-sum · round 1 · 1/3 cells ["), status)
    assert(status.contains("00:20 elapsed · ETA "), status)
    assert(!status.contains("n=1000") && !status.contains("@"), s"the short name, not the table's key: $status")
    // Drawn in place: every drawing starts with a carriage return and erase-line, and none ends its line.
    assert(f.text.toString.contains(Progress.EraseLine + status), f.text.toString)
    assertEquals(f.screen.last, status)
    assertEquals(f.screen.size, 1, s"nothing but the status line yet:\n${f.text}")
    // The next round restarts the count; a relay round shows its cells at once.
    p(EngineEvent.RoundStarted("left-sum-key", 2, 3, relay = true))
    assert(p.status.contains("round 2 · 3 cells in relay"), p.status)
    p(EngineEvent.ForkEnded)
    assert(p.status.contains("round 2 · 3/3 cells"), p.status)
    // A round of another table (a study's loop with its own label) moves nothing.
    p(EngineEvent.RoundStarted("other", 7, 9, relay = false))
    assert(p.status.contains("round 2"), p.status)
  }

  test("on a terminal: one short line per finished table, above the status line; the narrative stays off it") {
    val (p, f) = progress(live = true)
    measureLeftSum(p, f)
    f.advance(92)
    p(EngineEvent.TableFinished("left-sum-key", summary, latency = false))
    p(EngineEvent.TableStarted("gather-key", gather))
    val screen = f.screen
    assertEquals(screen.size, 2, screen.mkString("\n"))
    assertEquals(screen.head, "[1/2] left-sum  4 rounds  3 cells  ±6.1% median  widest ±12.4%  01:52")
    assert(screen.last.startsWith("[2/2] gather · starting"), screen.last)
    assert(!f.text.toString.contains("long engine sentence"), f.text.toString)
  }

  test("a table's line leaves out the half-widths it does not have") {
    val (p, f) = progress(live = false)
    measureLeftSum(p, f)
    f.advance(92)
    p(EngineEvent.TableFinished("left-sum-key", summary.copy(worstRatioHalfWidth = Double.NaN, medianRatioHalfWidth = Double.NaN),
        latency = false))
    assert(f.text.toString.contains("[1/2] left-sum  4 rounds  3 cells  01:52  ("), f.text.toString)
  }

  test("a latency table's line names its half-widths as the hogs' time, not a p99's") {
    val (p, f) = progress(live = false)
    measureLeftSum(p, f)
    f.advance(92)
    p(EngineEvent.TableFinished("left-sum-key", summary, latency = true))
    assert(f.text.toString.contains("[1/2] left-sum  4 rounds  3 cells  hog time  ±6.1% median  widest ±12.4%  01:52"), f.text.toString)
  }

  test("before the first cell the ETA is the printed estimate, a relayed table's cells at their own cost") {
    val results = Files.createTempDirectory("eta") // no past timings: the nominal figures
    val cells = leftSum ++ gather
    val engine = Headline.engine(Profiles.quick, 0.95, cells, results, relay = true)
    val perCell = RunEngine.etaPerCell(cells, cells, Profiles.quick, Some(engine), results)
    val f = new Fake
    val p = new Progress(cells.size, perCell, Progress.Display(live = true, verbose = false), f.out, () => f.nanos)
    val printed = Headline.estimateText(cells, Profiles.quick, Some(engine), 0.95, results)
    assert(printed.startsWith(s"estimated duration: ${effectbench.stats.Format.duration(p.eta)} "), s"${p.status}\n$printed")
    assert(p.status.endsWith(s"ETA ${effectbench.stats.Format.duration(p.eta)}"), p.status)
    // Resumed with two cells left: the ETA is theirs.
    val rest = RunEngine.etaPerCell(cells, gather, Profiles.quick, Some(engine), results) * gather.size
    assertEqualsDouble(rest, Headline.estimate(gather, Profiles.quick, Some(engine), results).seconds, 1e-9)
  }

  test("a run with a budget: the ETA never reaches past the run's end, however costly its first cells") {
    val f = new Fake
    val p = new Progress(4, 10.0, Progress.Display(live = false, verbose = false), f.out, () => f.nanos, endsBy = Some(100.0))
    p(EngineEvent.CellStarted("hog-probe/levelled/cats-effect/fork", "hog-probe cats-effect"))
    f.advance(80)
    p(EngineEvent.CellFinished(80.0, measured = true, "done", ok = true))
    // 80 s a cell for three more would be 240 s; the budget ends the run 20 s from now.
    assertEqualsDouble(p.eta, 20.0, 1e-6)
    val unbounded = new Progress(4, 10.0, Progress.Display(live = false, verbose = false), f.out, () => f.nanos)
    assert(unbounded.eta > 20.0, unbounded.eta.toString)
  }

  test("warnings reach the terminal as lines; the engine's narrative does with --verbose") {
    val (p, f) = progress(live = true)
    measureLeftSum(p, f)
    p(EngineEvent.Warning("cannot open /tmp/jmh.lock (denied); measuring without the machine-wide lock"))
    p(EngineEvent.Waiting("another benchmark on this machine is measuring"))
    p(EngineEvent.CellStarted("left-sum/default/zio/n=1000/fork", "left-sum zio"))
    p(EngineEvent.CellFinished(3.0, measured = true, "timed out after 120 s", ok = false))
    val screen = f.screen
    assertEquals(screen.init,
      Vector(
        "warning: cannot open /tmp/jmh.lock (denied); measuring without the machine-wide lock",
        "waiting: another benchmark on this machine is measuring",
        "left-sum zio: timed out after 120 s (3.0 s)"
      ))
    assert(screen.last.contains("round 1"), screen.last)
    val (pv, fv) = progress(live = true, verbose = true)
    measureLeftSum(pv, fv)
    assert(fv.screen.init.exists(_.contains("long engine sentence")), fv.screen.mkString("\n"))
  }

  test("piped: plain lines, no carriage return, no escape, no status line; the narrative only with --verbose") {
    for (verbose <- Seq(false, true)) {
      val (p, f) = progress(live = false, verbose = verbose)
      p.startTicking()
      p(EngineEvent.Header("estimated duration: 15:00"))
      p(EngineEvent.Phase("verifying the oracles of 5 cells"))
      measureLeftSum(p, f)
      f.advance(92)
      p(EngineEvent.TableFinished("left-sum-key", summary, latency = false))
      p(EngineEvent.CellStarted("left-sum/default/zio/n=1000/fork", "left-sum zio"))
      p(EngineEvent.CellFinished(3.0, measured = true, "ok"))
      p.close()
      val text = f.text.toString
      assert(!text.contains('\r') && !text.contains('\u001b'), text)
      val lines = text.split('\n').toVector
      val expected = Vector("estimated duration: 15:00") ++
        (if (verbose) Vector("measuring 3 cells of left-sum-key in rounds (one fork each per round, shuffled)",
           "table left-sum-key: from round 5 every fork runs 6 warm-up + 4 iterations (a long engine sentence)")
         else Vector.empty) ++ Vector("[1/2] left-sum  4 rounds  3 cells  ±6.1% median  widest ±12.4%  01:52  (01:52 elapsed, ETA ") ++
        (if (verbose) Vector("left-sum-key: 4 rounds, 110 s, every ratio within precision; widest ratio ±12.4%") else Vector.empty)
      assertEquals(lines.size, expected.size, text)
      lines.zip(expected).foreach { case (l, e) => assert(l.startsWith(e), s"$l\nexpected to start with\n$e") }
    }
  }

  test("a run without rounds shows a line per cell, numbered; piped, with elapsed and ETA") {
    val f = new Fake
    val p = new Progress(2, 10.0, Progress.Display(live = false, verbose = false), f.out, () => f.nanos)
    p.nameTables(Vector(leftSum.take(2)))
    p(EngineEvent.CellStarted("left-sum/default/cats-effect/n=1000/fork", "left-sum cats-effect"))
    f.advance(12)
    p(EngineEvent.CellFinished(12.0, measured = true, "1.2 ± 0.1 ops/ms"))
    assertEquals(f.text.toString, "[1/2] left-sum cats-effect: 1.2 ± 0.1 ops/ms (12.0 s)  (00:12 elapsed, ETA 00:12)\n")
  }

  test("the log file keeps every line, the narrative included, each with its elapsed time, and lines said before it was opened") {
    val dir = Files.createTempDirectory("progress")
    val (p, f) = progress(live = true)
    p(EngineEvent.Header("estimated duration: 15:00"))
    p.logTo(dir.resolve("run.log"))
    measureLeftSum(p, f)
    f.advance(92)
    p(EngineEvent.TableFinished("left-sum-key", summary, latency = false))
    p.interrupted("\ninterrupted: 3 of 5 cells are recorded")
    val log = new String(Files.readAllBytes(dir.resolve("run.log")), StandardCharsets.UTF_8).split('\n').toVector
    assertEquals(log.head, "[00:00] estimated duration: 15:00")
    assert(log.contains("[00:20] table left-sum-key: from round 5 every fork runs 6 warm-up + 4 iterations (a long engine sentence)"),
      log.mkString("\n"))
    assert(log.contains("[01:52] [1/2] left-sum  4 rounds  3 cells  ±6.1% median  widest ±12.4%  01:52"), log.mkString("\n"))
    assert(log.last.endsWith("interrupted: 3 of 5 cells are recorded"), log.mkString("\n"))
    // The interrupt clears the status line before its message.
    assert(f.text.toString.endsWith(Progress.EraseLine + "\ninterrupted: 3 of 5 cells are recorded\n"), f.text.toString)
  }

  test("the status line never wraps: at the terminal's width the name gives way, the bar and the times stay") {
    val (p, f) = progress(live = true, width = 60)
    measureLeftSum(p, f)
    assert(p.status.length <= 59, p.status)
    assert(p.status.endsWith(s"00:20 elapsed · ETA ${effectbench.stats.Format.duration(p.eta)}"), p.status)
    assert(p.status.contains("…"), p.status)
  }

  test("text printed to stderr by other code while the status line is up becomes a line above it") {
    val (p, f) = progress(live = true)
    measureLeftSum(p, f)
    Console.withErr(p.errStream)(Console.err.println("warning: x is recorded but not indexed"))
    assertEquals(f.screen.head, "warning: x is recorded but not indexed")
    assert(f.screen.last.contains("round 1"), f.screen.mkString("\n"))
  }

  test("the terminal is live only when the launcher says stderr is one, TERM is not dumb, and --plain is not given") {
    def detect(tty: String, term: Option[String], plain: Boolean = false) =
      Progress.Display.detect(verbose = false, plain = plain, Map("effectbench.stderrTty" -> tty, "effectbench.columns" -> "132").get,
        Map("TERM" -> term).collect { case (k, Some(v)) => k -> v }.get)
    assertEquals(detect("true", Some("xterm-256color")), Progress.Display(live = true, verbose = false, width = 132))
    assert(!detect("false", Some("xterm")).live)
    assert(!detect("true", Some("dumb")).live)
    assert(!detect("true", None).live)
    assert(!detect("true", Some("xterm"), plain = true).live)
    assert(!Progress.Display.detect(verbose = false, plain = false, _ => None, _ => None).live, "without the launcher's word: plain")
  }

  test("short names: scenario and variant, then what tells the run's tables apart") {
    val either = cell("business-flow", "either", "zio")
    val small = cell("left-sum", "default", "zio", 10)
    val names = Progress.shortNames(Vector("a" -> leftSum, "b" -> Vector(either), "c" -> Vector(small), "d" -> gather))
    assertEquals(names, Map("a" -> "left-sum n=1000", "b" -> "business-flow/either", "c" -> "left-sum n=10", "d" -> "gather"))
  }

  test("the round loop says each round to Progress as an event: the status shows the round while its forks run") {
    val f = new Fake
    val p = new Progress(3, 10.0, Progress.Display(live = true, verbose = false), f.out, () => f.nanos)
    p.nameTables(Vector(leftSum))
    p(EngineEvent.TableStarted("t", leftSum))
    var seen = Vector.empty[String]
    val fork = (k: String, round: Int, shape: effectbench.stats.ForkShape.Shape) => {
      seen :+= p.status
      p(EngineEvent.ForkEnded)
      val g = new Random(k.hashCode.toLong + round)
      Rounds.Fork(ok = true, Vector(Vector.fill(5)(100.0 * k.length * (1 + 0.01 * g.nextGaussian()))), 1.0, higherIsBetter = true)
    }
    Rounds.loop(leftSum.map(_.id.key), Rounds.Engine(0.10, 2, 2, None, 0.95, 1L), None, new Random(1), fork, p, "t")
    assertEquals(seen.map(_.split(" \\[").head),
      Vector(
        "left-sum · round 1 · 0/3 cells", "left-sum · round 1 · 1/3 cells", "left-sum · round 1 · 2/3 cells",
        "left-sum · round 2 · 0/3 cells", "left-sum · round 2 · 1/3 cells", "left-sum · round 2 · 2/3 cells"
      ))
  }

  /** One event of each kind, as the engine sends them (CellStarted and CellFinished are a pair). */
  private val everyKind: Vector[EngineEvent] = Vector(
    EngineEvent.Header("estimated duration: 15:00"),
    EngineEvent.Phase("verifying the oracles of 5 cells"),
    EngineEvent.Note("verifying 3 cells of zio on 25"),
    EngineEvent.Warning("1 cells failed their oracle and will not be timed"),
    EngineEvent.Waiting("another benchmark on this machine is measuring"),
    EngineEvent.TableStarted("left-sum-key", leftSum),
    EngineEvent.TableBudget("left-sum-key", 120.0, 600.0, 2),
    EngineEvent.RelayRounds("left-sum-key",
      Some(MeasureProfile("turns", 1, warmups = 2, warmupSeconds = 0.1, iterations = 5, iterationSeconds = 0.1))),
    EngineEvent.RelayRounds("left-sum-key",
      Some(MeasureProfile("turns", 1, warmups = 2, warmupSeconds = 0.1, iterations = 5, iterationSeconds = 0.1)), spares = 5),
    EngineEvent.RelayRounds("left-sum-key", None),
    EngineEvent.RoundStarted("left-sum-key", 1, 3, relay = false),
    EngineEvent.ForkEnded,
    EngineEvent.TableFinished("left-sum-key", summary, latency = false),
    EngineEvent.CellStarted("left-sum/default/zio/n=1000/fork", "left-sum zio"),
    EngineEvent.CellFinished(3.0, measured = true, "1.2 ± 0.1 ops/ms")
  )

  test(
    "each kind of event in its place: header, warnings and the table's line on the terminal; the narrative in the log, and on the terminal with --verbose"
  ) {
    def run(verbose: Boolean): (Vector[String], Vector[String]) = {
      val dir = Files.createTempDirectory("events")
      val f = new Fake
      val p = new Progress(5, 10.0, Progress.Display(live = false, verbose = verbose), f.out, () => f.nanos)
      p.nameTables(Vector(leftSum, gather))
      p.tables(2)
      p.logTo(dir.resolve("run.log"))
      everyKind.foreach(p(_))
      val log =
        new String(Files.readAllBytes(dir.resolve("run.log")), StandardCharsets.UTF_8).split('\n').toVector.map(_.drop("[00:00] ".length))
      def untimed(lines: Vector[String]) = lines.map(_.replaceAll("  \\(00:00 elapsed, ETA [0-9:]+\\)$", ""))
      (untimed(f.text.toString.split('\n').toVector), untimed(log))
    }
    val tableLine = "[1/2] left-sum  4 rounds  3 cells  ±6.1% median  widest ±12.4%  00:00"
    val narrative = Vector(
      "verifying 3 cells of zio on 25",
      "measuring 3 cells of left-sum-key in rounds (one fork each per round, shuffled)",
      "table left-sum-key: budget 120 s of the run's 600 s left (2 tables to go)",
      "table left-sum-key: relay rounds (each round's JVMs live at once and take turns, one iteration a turn: " +
        "2 warm-up turns of 0.10 s, 5 measured of 0.10 s)",
      "table left-sum-key: relay rounds (each round's JVMs live at once and take turns, one iteration a turn: " +
        "2 warm-up turns of 0.10 s, 5 measured of 0.10 s, up to 5 more in place of cycles the machine was away for)",
      "table left-sum-key: relay rounds (each round's JVMs live at once and take turns, one window a turn, the JVMs out of turn stopped)",
      "left-sum-key: 4 rounds, 110 s, every ratio within precision; widest ratio ±12.4%"
    )
    val (quiet, log) = run(verbose = false)
    assertEquals(quiet,
      Vector("estimated duration: 15:00", "warning: 1 cells failed their oracle and will not be timed",
        "waiting: another benchmark on this machine is measuring", tableLine))
    assertEquals(log,
      Vector("estimated duration: 15:00", "verifying the oracles of 5 cells", narrative(0),
        "warning: 1 cells failed their oracle and will not be timed", "waiting: another benchmark on this machine is measuring",
        narrative(1), "table left-sum-key: 3 cells in rounds") ++ narrative.slice(2, 6) ++ Vector(tableLine, narrative(6),
        "[1/5] left-sum/default/zio/n=1000/fork", "left-sum zio: 1.2 ± 0.1 ops/ms (3.0 s)"))
    val (loud, loudLog) = run(verbose = true)
    assertEquals(loud,
      Vector("estimated duration: 15:00", narrative(0), "warning: 1 cells failed their oracle and will not be timed",
        "waiting: another benchmark on this machine is measuring") ++ narrative.slice(1, 6) ++ Vector(tableLine, narrative(6)))
    assertEquals(loudLog, log)
  }

  test("outside a run, the lines of the events that say one, in order; the status-line events say nothing") {
    var lines = Vector.empty[String]
    everyKind.foreach(EngineEvent.Sink.lines(l => lines :+= l)(_))
    assertEquals(lines.size, 12, lines.mkString("\n"))
    assertEquals(lines.take(5),
      Vector("estimated duration: 15:00", "verifying the oracles of 5 cells", "verifying 3 cells of zio on 25",
        "warning: 1 cells failed their oracle and will not be timed", "waiting: another benchmark on this machine is measuring"))
    assertEquals(lines.last, "left-sum-key: 4 rounds, 110 s, every ratio within precision; widest ratio ±12.4%")
  }
}
