package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.analysis.*
import effectbench.stats.{CellEstimate, ForkStats, Format}
import effectbench.store.{CellResult, RunData}

import effectbench.LatencyModel
import java.nio.file.{Files, Path}
import org.HdrHistogram.Histogram
import scala.util.Random

/** The latency family's statistics and reports on synthetic runs whose latency logs are written here in the
  * harness's format (HdrHistogram's log, one tag per fork, a comment with the window's events and
  * starved events before each histogram). */
class LatencyReportSuite extends munit.FunSuite {
  /** One fork: its windows' latencies (ns) and starved events per window. */
  final case class ForkSpec(windows: Vector[(Vector[Long], Long)], clientLagUs: Long = -1L)

  def writeLog(log: Path, forks: Vector[ForkSpec]): Unit =
    SyntheticRun.writeWindows(log,
      forks.map(f =>
        f.windows.map { case (lats, starved) =>
          SyntheticRun.LogWindow(lats, starved, clientLagUs = f.clientLagUs, wakeLagUs = f.clientLagUs)
        }
      ))

  /** Latencies with the 99th percentile in the tail near `p99us`: 980 values near 100 µs, 20 of p99us … 1.05·p99us. */
  def lats(p99us: Double, rnd: Random): Vector[Long] =
    Vector.fill(980)(100000L + rnd.nextInt(1000)) ++ Vector.fill(20)(((p99us * (1 + rnd.nextDouble() * 0.05)) * 1000).toLong)

  /** A runtime's cell; `cats-effect@shipped` names cats-effect's cell of the variant `shipped`. */
  def key(rt: String, scenario: String = "hog-probe"): String =
    rt.split('@') match {
      case Array(r, v) => s"$scenario/$v/$r/window-ms=250/fork"
      case _ => s"$scenario/levelled/$rt/window-ms=250/fork"
    }

  /** A run with one hog-probe cell per runtime, each with `forks` forks whose p99 sits near `p99(rt)`. */
  def latencyRun(
      dir: Path, p99: Map[String, Double], starved: Map[String, Long] = Map.empty, seed: Long = 1, forks: Int = 4,
      rounds: Boolean = false, scenario: String = "hog-probe", readBack: Map[String, Vector[(String, String)]] = Map.empty,
      spread: Double = 0.05, clientLagUs: Map[String, Long] = Map.empty
  ): RunData = {
    val rnd = new Random(seed)
    val specs = p99.keys.toVector.sorted.map(rt =>
      readBack.get(rt).foldLeft(SyntheticRun.Spec(key(rt, scenario), 20.0, unit = "ns/op"))((s, rb) => s.copy(readBack = rb))
    )
    SyntheticRun.write(dir, "latency", specs, forks = forks, seed = seed)
    specs.foreach { s =>
      val slug = s.key.map(c => if (c.isLetterOrDigit || c == '-' || c == '.' || c == '_') c else '_')
      val rt = p99.keys.find(k => key(k, scenario) == s.key).get
      writeLog(dir.resolve(s"jmh/$slug.hlog"),
        Vector.fill(forks) {
          val p = p99(rt) * math.exp(spread * rnd.nextGaussian())
          ForkSpec(Vector.fill(3)((lats(p, rnd), starved.getOrElse(rt, 0L))), clientLagUs.getOrElse(rt, -1L))
        })
    }
    if (rounds) SyntheticRun.inRounds(dir, forks)
    RunData.load(dir)
  }

  test("the run's closing lines count throughput ratios and latency p99 ratios apart, and a latency table's hog time in neither") {
    val latency =
      latencyRun(SyntheticRun.tempDir("closing"), Map("cats-effect" -> 3000.0, "zio" -> 1000.0, "monix" -> 2000.0), rounds = true)
    assertEquals(PrecisionLines.throughput(latency, 0.95), Vector.empty, "a latency table's hog time per step is no ratio to settle")
    assertEquals(PrecisionLines.latency(latency, 0.95).size, 2)
    val lines = PrecisionLines.lines(latency)
    assertEquals(lines.size, 2, lines.toString)
    assert(lines.head.startsWith("latency p99 ratios vs lowest: 2 ratios, median ±"), lines.head)
    // The p99s' run to run, apart: forks 5% apart put every cell within ±20%, and no advice follows.
    assert(lines(1).startsWith("latency p99 run to run: 3 cells, median ±"), lines(1))
    assert(lines(1).endsWith("3 within ±20%"), lines(1))
    val dir = SyntheticRun.tempDir("closing-throughput")
    SyntheticRun.write(dir, "throughput",
      Vector("cats-effect" -> 20.0, "zio" -> 40.0, "baseline" -> 5.0).map { case (rt, s) =>
        SyntheticRun.Spec(s"left-sum/default/$rt/-/fork", s)
      },
      forks = 4)
    val throughput = RunData.load(dir)
    assertEquals(PrecisionLines.throughput(throughput, 0.95).size, 2)
    assertEquals(PrecisionLines.lines(throughput).map(_.takeWhile(_ != ':')), Vector("throughput ratios vs fastest"))
  }

  test("the closing lines name the forks a wide p99 needs and how a run measures on for them") {
    val run = latencyRun(SyntheticRun.tempDir("closing-wide"), Map("cats-effect" -> 3000.0, "zio" -> 1000.0), rounds = true,
      spread = 0.4)
    val reaches = PrecisionLines.latencyReach(run, 0.95)
    assertEquals(reaches.size, 2)
    assert(reaches.forall(!_.within), reaches.toString)
    val line = PrecisionLines.lines(run).last
    assert(line.startsWith("latency p99 run to run: 2 cells, median ±"), line)
    assert(line.contains(", 0 within ±20%; the widest needs about " + reaches.map(_.forksFor).max + " forks, which "), line)
    val need = reaches.map(_.forksFor).max
    val ceiling = math.max(40, (need + 9) / 10 * 10)
    assert(line.endsWith(s"`./bench run --quick --scenario hog-probe --variant levelled --mode fork --rounds 4-$ceiling` measures on for"),
      line)
    // A p99 that needs more forks than 40 rounds give gets a ceiling that holds them.
    assert(PrecisionLines.latencyAgain(run, 0.95, 72).endsWith(" --rounds 4-80"))
    assert(PrecisionLines.latencyAgain(run, 0.95, 16).endsWith(" --rounds 4-40"))
    // The same forks' table column gives each cell's count.
    val t = LatencyTables.build(run, 0.95).head
    assert(t.rows.forall(r => LatencyText.runToRunText(LatencyStats.runToRun(r.latency, 0.2)).contains("forks for ±20%")))
  }

  test("a window's client lateness is read beside its own p99, and a cell whose client reached half its windows' p99s is set by it") {
    val log = SyntheticRun.tempDir("client").resolve("one.hlog")
    def win(p99us: Long, wakeUs: Long, gcMs: Long = -1, clientUs: Long = 9000) =
      SyntheticRun.LogWindow(Vector.fill(980)(100000L) ++ Vector.fill(20)(p99us * 1000), clientLagUs = clientUs, gcPauseMs = gcMs,
        wakeLagUs = wakeUs)
    SyntheticRun.writeWindows(log, Vector(Vector(win(3000, 4000), win(3000, 2000)), Vector(win(3000, 3000, 1), win(5000, -1))))
    val ws = ClientLate.windows(log)
    // The window without a recorded wake lateness is left out; the others keep their fork's order. The lateness
    // read is the wakes' (a slow submission's, 9 ms in every window here, is the runtime's).
    assertEquals(ws.map(_.lagUs), Vector(4000L, 2000L, 3000L))
    assertEquals(ws.map(_.gcMs), Vector(-1L, -1L, 1L))
    assert(ws.forall(w => math.abs(w.p99Us - 3000) < 10), ws.toString)
    val c = ClientLate.of(ws).get
    assertEquals((c.windows, c.reached, c.maxUs, c.gcMs), (3, 2, 4000L, 1L))
    assert(c.setsP99)
    assert(!ClientLate.of(ws.take(2) ++ Vector.fill(2)(ClientLate.Window(1000L, 3000.0))).get.setsP99, "1 of 4 windows reached")
    // A lateness no longer than the window's longest collection (rounded to the millisecond) is the collection's.
    assert(!ClientLate.Window(4000L, 3000.0, gcMs = 3).reached)
    assert(ClientLate.Window(4001L, 3000.0, gcMs = 3).reached)
    assert(!ClientLate.Window(2999L, 3000.0, gcMs = 0).reached)
    assertEquals(ClientLate.of(Vector.empty), None)
  }

  test("a p99 the client's lateness reached is never the lowest, has no ratio, and its table and the closing lines say so") {
    val lag = Map("cats-effect@shipped" -> 20000L, "cats-effect" -> 4000L, "zio" -> 4000L)
    val run = latencyRun(SyntheticRun.tempDir("client-table"),
      Map("cats-effect@shipped" -> 3000.0, "cats-effect" -> 600000.0, "zio" -> 480000.0), clientLagUs = lag, spread = 0.4, seed = 3)
    val t = LatencyTables.build(run, 0.95).head
    val shipped = t.rows.find(_.variant == "shipped").get
    assert(shipped.clientSet)
    assert(!shipped.isLowest && shipped.vsLowest.isEmpty, shipped.toString)
    assertEquals(LatencyTables.cells(shipped)(LatencyTables.head.indexOf("p99 vs lowest")), "— (client late)")
    // The lowest is the lowest p99 the client's lateness did not reach: ZIO's, and Cats Effect's levelled p99 has its ratio.
    assertEquals(t.rows.find(_.isLowest).map(_.runtime), Some("zio"))
    assert(t.rows.find(r => r.runtime == "cats-effect" && r.variant == "levelled").exists(_.vsLowest.nonEmpty))
    val note = t.notes.find(_.startsWith("cats-effect (shipped): its p99 is the client's lateness")).getOrElse(fail(t.notes.toString))
    assert(note.contains("in 12 of 12 windows") && note.contains("up to 20.0 ms late"), note)
    assertEquals(t.notes.count(_.contains("client's lateness, not")), 1, t.notes.toString)
    // What levelling costs in p99 is a bound when the other budget's p99 is the client's.
    val cost = LatencyTables.budgetCosts(t, 0.95).find(_.runtime == "cats-effect").get
    assert(LatencyTables.costCells(cost).last.endsWith("(at least: shipped's p99 is the client's lateness)"),
      LatencyTables.costCells(cost).toString)
    // The closing lines: one ratio (levelled Cats Effect against ZIO); the client's p99 counted apart, with no advice for it.
    val lines = PrecisionLines.lines(run)
    assert(lines.head.startsWith("latency p99 ratios vs lowest: 1 ratio, median"), lines.head)
    val reach = lines.last
    val wideOwn = LatencyTables.build(run, 0.95).head.rows.filterNot(_.clientSet)
      .flatMap(r => LatencyStats.runToRun(r.latency, 0.2)).count(!_.within)
    assert(reach.contains(", 1 wider set by the client's lateness (the machine's, not the runtime's: the table's notes)"), reach)
    assert(reach.contains("; the widest of the others needs about") == (wideOwn > 0), reach)
  }

  test("a latency table's budget column gives the binds per yield measured on the cell's runtime beside its budget") {
    val rb = Map(
      "cats-effect" -> Vector("cellAutoYieldBudget" -> "20480", effectbench.Claim.CellBindsPerYield -> "10240 (every slice)"),
      "zio" -> Vector("cellAutoYieldBudget" -> "off (CooperativeYielding disabled)", effectbench.Claim.CellBindsPerYield -> "never (none)")
    )
    val t = LatencyTables.build(latencyRun(SyntheticRun.tempDir("lat"), Map("cats-effect" -> 3000.0, "zio" -> 1000.0), readBack = rb)).head
    assertEquals(t.rows.map(r => r.runtime -> r.budget).toMap,
      Map("cats-effect" -> "20480 (10240 binds/yield)", "zio" -> "off (CooperativeYielding disabled) (no yield measured)"))
  }

  test("a cell's latency log is read back per fork, in fork order, with its events and starved events") {
    val run = latencyRun(SyntheticRun.tempDir("lat"), Map("zio" -> 2000.0), starved = Map("zio" -> 2))
    val c = run.cells.head
    val forks = LatencyData.forks(run.dir, c)
    assertEquals(forks.map(_.tag), Vector("fork-0", "fork-1", "fork-2", "fork-3"))
    forks.foreach { f =>
      assertEquals(f.windows, 3)
      assertEquals(f.histogram.getTotalCount, 3000L)
      assertEquals(f.starved, 6L)
      assertEquals(f.events, 3006L)
    }
  }

  test("a round's latency log gives its fork's p99 and the p99s of its halves (the middle window of an odd count in neither)") {
    def win(p99us: Long) = SyntheticRun.LogWindow(Vector.fill(980)(100000L) ++ Vector.fill(20)(p99us * 1000), starved = 3)
    val log = SyntheticRun.tempDir("tail").resolve("one.hlog")
    // Halves of 2 windows: p99s of 1 ms and 4 ms; the middle window, at 64 ms, only in the whole.
    SyntheticRun.writeWindows(log, Vector(Vector(win(1000), win(1000), win(64000), win(4000), win(4000))))
    val t = LatencyData.tail(log).get
    assertEquals(t.windows, 5)
    def near(a: Double, b: Double) = assert(math.abs(a - b) < 0.01, s"$a against $b")
    near(t.halfDiff, math.log(1000.0 / 4000))
    // Of 5,000 latencies the 100 slowest: 20 at 64 ms, 40 at 4 ms, 40 at 1 ms; the 50th slowest is at 4 ms.
    near(t.logP99, math.log(4.0e6))
    // One window has no halves.
    val one = SyntheticRun.tempDir("tail").resolve("one.hlog")
    SyntheticRun.writeWindows(one, Vector(Vector(win(1000))))
    assertEquals(LatencyData.tail(one), None)
  }

  test("a fork that answered fewer events than a p99 needs has no percentile: it is starving, not a p99 of two probes") {
    def fork(answered: Int, starved: Long) = {
      val h = new org.HdrHistogram.Histogram(effectbench.LatencyModel.StarvedNanos, 3)
      (1 to answered).foreach(i => h.recordValue(800000L + i))
      ForkLatency("fork-0", h, answered + starved, starved, 4)
    }
    val few = LatencyStats.percentiles(fork(2, 998))
    assert(!few.hasPercentiles && few.p99.isNaN && few.p50.isNaN, few.toString)
    val enough = LatencyStats.percentiles(fork(LatencyStats.MinRecorded, 900))
    assert(enough.hasPercentiles && enough.p99 > 800, enough.toString)
  }

  test("percentiles are per fork, each with its interval over forks; starved events never enter a percentile") {
    val rnd = new Random(3)
    def fork(p99us: Double, starved: Long, recorded: Boolean = true) = {
      val h = new Histogram(LatencyModel.StarvedNanos, 3)
      if (recorded) lats(p99us, rnd).foreach(h.recordValue)
      ForkLatency("t", h, h.getTotalCount + starved, starved, 1)
    }
    val e = LatencyStats.estimate(Vector(fork(1000, 0), fork(1100, 5), fork(1050, 0), fork(0, 1000, recorded = false)), 0.95)
    assertEquals(e.forks.size, 4)
    assertEquals(e.p99.n, 3, "the fork whose every probe starved has no percentile")
    assert(e.p99.mean > 950 && e.p99.mean < 1200, e.p99.toString)
    assert(e.p99.known && e.p99.low < e.p99.mean && e.p99.mean < e.p99.high)
    assertEquals(e.starved, Vector(0L, 5L, 0L, 1000L))
    assert(e.p50.mean < 110, s"p50 ${e.p50.mean} µs: the starved are not late values of the percentile")
    assertEquals(LatencyText.starvedText(e).take(12), "0, 5, 0, 1,0")
  }

  test("a percentile over forks is their geometric mean, its interval on the log scale: never below zero") {
    // Two forks of hog-probe Cats Effect on the 2-core KVM guest: p99 of 3.1 and 22.5 ms. The interval of
    // the values themselves would be "12,800 ± 50,431" µs, its lower end below zero.
    val i = LatencyStats.interval(Vector(3100.0, 22500.0), 0.95)
    assertEqualsDouble(i.mean, math.sqrt(3100.0 * 22500.0), 1e-6)
    assert(i.known && i.low > 0 && i.low < 3100 && i.high > 22500, i.toString)
    assertEqualsDouble(i.mean / i.low, i.high / i.mean, 1e-6) // as wide each way in ratio
    assert(LatencyText.intervalText(i).matches("""8,352 \[\d[\d,.]* … \d[\d,.]*\]"""), LatencyText.intervalText(i))
    assertEquals(LatencyText.intervalText(LatencyStats.interval(Vector(812.0), 0.95)), "812.0 [?]")
  }

  test("a p99 ratio paired by round cancels drift that hits both cells in a round; unpaired it cannot") {
    // Round r scales both cells alike (machine drift up to 2×); B's p99 is 1.5× A's.
    val drift = Vector(0.5, 1.0, 1.8, 0.6, 1.6, 1.0)
    def est(base: Double) = LatencyEstimate(
      drift.map(d => ForkPercentiles(100, base * d, base * d * 2, base * d * 3, 1000, 1000, 0)),
      ForkInterval(100, 99, 101, 6), LatencyStats.interval(drift.map(base * _), 0.95), ForkInterval(0, 0, 0, 6), ForkInterval(0, 0, 0, 6),
      rounds = (1 to drift.size).toVector
    )
    val paired = LatencyStats.p99Ratio(est(1500), est(1000), 0.95)
    assert(paired.paired)
    assertEqualsDouble(paired.ratio, 1.5, 1e-9)
    assert(paired.high - paired.low < 1e-6, s"drift cancels exactly: $paired")
    val unpaired = LatencyStats.p99Ratio(est(1500).copy(rounds = Vector.empty), est(1000).copy(rounds = Vector.empty), 0.95)
    assert(!unpaired.paired)
    assert(effectbench.analysis.Decision.tie(unpaired.low, unpaired.high), s"unpaired, the drift makes 1.5× undecided here: $unpaired")
  }

  test("the terminal and Markdown reports show one latency table per parameter set with p99, its ratio and the starved") {
    val run = latencyRun(SyntheticRun.tempDir("lat"), Map("cats-effect" -> 3000.0, "zio" -> 1000.0, "baseline" -> 500.0),
      starved = Map("baseline" -> 1), rounds = true)
    val text = TerminalTable.render(run)
    assert(text.contains("hog-probe/window-ms=250/fork latency"), text)
    LatencyTables.head.foreach(h => assert(text.contains(h), s"column $h:\n$text"))
    assert(text.contains("1.00× (lowest)"), text)
    assert(text.contains("3, 3, 3, 3 of 3,003 per fork"), text) // one starved probe in each of 3 windows per fork
    val t = LatencyTables.build(run).head
    val ce = t.rows.find(_.runtime == "cats-effect").get
    assert(ce.vsLowest.exists(r => r.paired && r.low > 1), s"cats-effect's p99 is 3× zio's: ${ce.vsLowest}")
    // baseline's p99 is the shortest, but over the probes it answered: with starved probes it is
    // neither the reference nor given a ratio.
    val baseline = t.rows.find(_.runtime == "baseline").get
    assert(!baseline.isLowest && baseline.vsLowest.isEmpty, baseline.toString)
    assert(t.rows.find(_.runtime == "zio").get.isLowest)
    assert(LatencyTables.cells(baseline).contains("— (starved)"), LatencyTables.cells(baseline).toString)
    // Another variant is another rounds table: its forks' round numbers pair with nothing here.
    val two = latencyRun(SyntheticRun.tempDir("lat"), Map("cats-effect" -> 3000.0, "cats-effect@shipped" -> 1000.0), rounds = true)
    val levelled = LatencyTables.build(two).head.rows.find(_.variant == "levelled").get
    assert(levelled.vsLowest.exists(r => !r.paired && r.low > 1), levelled.vsLowest.toString)
    val md = Markdown.render(run)
    assert(md.contains("#### hog-probe/window-ms=250/fork latency"), md)
    assert(md.contains("| runtime | budget | hog time/step | p50 µs | p99 µs"), md)
  }

  test("the HTML draws each latency table's percentile curves and hog-probe's frontier, one mark per cell") {
    val run = latencyRun(SyntheticRun.tempDir("lat"), Map("cats-effect" -> 3000.0, "zio" -> 1000.0))
    val html = Html.render(run, None)
    assertEquals("<svg class=\"latency-curves\"".r.findAllIn(html).size, 1)
    assertEquals("<polyline class=\"curve\"".r.findAllIn(html).size, 2)
    assertEquals("<circle class=\"point\"".r.findAllIn(html).size, 2)
    assert(html.contains("data-runtime=\"zio\" data-budget=\"levelled\""), html.take(500))
  }

  test("compare of two runs of one build flags no p99; a p99 twice as long is flagged with its interval") {
    val p = Map("cats-effect" -> 3000.0, "zio" -> 1000.0)
    val a = latencyRun(SyntheticRun.tempDir("lat-a"), p, seed = 1)
    val a2 = latencyRun(SyntheticRun.tempDir("lat-a2"), p, seed = 2)
    val same = LatencyCompare.diffs(a, a2, 0.05)
    assertEquals(same.size, 2)
    assert(same.forall(_.verdict == Verdict.Same), same.map(d => LatencyCompareText.cells(d).mkString(" ")).mkString("\n"))
    val b = latencyRun(SyntheticRun.tempDir("lat-b"), p.updated("zio", 2000.0), seed = 3)
    val diffs = LatencyCompare.diffs(a, b, 0.05)
    val zio = diffs.find(_.key.contains("/zio/")).get
    assertEquals(zio.verdict, Verdict.Regressed, LatencyCompareText.cells(zio).mkString(" "))
    assert(zio.ratio.low > 1.5 && zio.ratio.high < 2.6, zio.ratio.toString)
    assert(LatencyCompareText.terminal(diffs, 0.05).contains("p99 regressed"))
    // The same p99 twice as long, but the client's wakes reached it in the second run: no verdict, and the table says why.
    val late = latencyRun(SyntheticRun.tempDir("lat-late"), p.updated("zio", 2000.0), seed = 3, clientLagUs = Map("zio" -> 5000L))
    val lateZio = LatencyCompare.diffs(a, late, 0.05).find(_.key.contains("/zio/")).get
    assert(lateZio.clientLate)
    assertEquals(lateZio.verdict, Verdict.Same)
    assertEquals(LatencyCompareText.cells(lateZio)(5), "~ (client late)")
  }

  test("a p99 verdict counts no fork kept though the machine canary read the machine away around it") {
    val p = Map("cats-effect" -> 3000.0, "zio" -> 1000.0)
    val a = latencyRun(SyntheticRun.tempDir("lat-a"), p, seed = 1)
    val b = latencyRun(SyntheticRun.tempDir("lat-b"), p.updated("zio", 2000.0), seed = 3)
    def zio(b: RunData) = LatencyCompare.diffs(a, b, 0.05).find(_.key.contains("/zio/")).get
    assertEquals(zio(b).verdict, Verdict.Regressed)
    val n = zio(b).forksB
    val key = b.cells.find(_.key.contains("/zio/")).get.key
    // All but three of B's forks kept on a machine away: under LatencyCompare.MinTailForks usual ones.
    (1 to n - 3).foreach { i =>
      effectbench.store.CanaryLog.append(b.dir,
        effectbench.store.CanaryLog.ForkCheck("t", key, i, 1, 0, Vector(Double.NaN),
          Vector(Double.NaN), Vector(70.0), effectbench.store.CanaryLog.Verdict.Slow, 0.0, s"jmh/x.round-$i.set-aside-1.json", unit = "ns"))
    }
    assertEquals(zio(RunData.load(b.dir)).verdict, Verdict.Same)
  }

  test("a p99 verdict needs the whole interval beyond the tail threshold: 20% by default, as two runs of one build drift") {
    val p = Map("cats-effect" -> 3000.0, "zio" -> 1000.0)
    val a = latencyRun(SyntheticRun.tempDir("lat-a"), p, seed = 1, forks = 8)
    val b = latencyRun(SyntheticRun.tempDir("lat-b"), p.updated("zio", 1150.0), seed = 3, forks = 8)
    def zio(t: Double) = LatencyCompare.diffs(a, b, t).find(_.key.contains("/zio/")).get
    assertEquals(zio(0.05).verdict, Verdict.Regressed, LatencyCompareText.cells(zio(0.05)).mkString(" "))
    assertEquals(zio(LatencyCompare.DefaultTailThreshold).verdict, Verdict.Same, LatencyCompareText.cells(zio(0.2)).mkString(" "))
    val twice = latencyRun(SyntheticRun.tempDir("lat-c"), p.updated("zio", 2000.0), seed = 3, forks = 8)
    assertEquals(LatencyCompare.diffs(a, twice, LatencyCompare.DefaultTailThreshold).find(_.key.contains("/zio/")).get.verdict,
      Verdict.Regressed)
    assert(LatencyCompareText.legend(LatencyCompare.DefaultTailThreshold).contains("±20.0%"))
  }

  test("a latency cell's score (hog time) is judged at the tail threshold, another family's at the threshold of means") {
    val forks = Vector(Vector(20.0, 20.2, 19.9), Vector(20.1, 19.8, 20.0), Vector(19.9, 20.1, 20.2), Vector(20.0, 20.1, 19.9))
    def run(name: String, k: String, scale: Double) =
      RunData.load(SyntheticRun.write(SyntheticRun.tempDir(name), name,
          Vector(SyntheticRun.Spec(k, 1, raw = Some(forks.map(_.map(_ * scale)))))))
    def verdict(k: String, scale: Double, tail: Double) =
      RunComparison.compare(run("load-a", k, 1.0), run("load-b", k, scale), 0.05, tailThreshold = tail).rows.map(_.verdict)
    // Hog time 12% longer on four tight forks a side: within the 20% two runs of one build drift.
    assertEquals(verdict(key("zio"), 1.12, LatencyCompare.DefaultTailThreshold), Vector(Verdict.Same))
    assertEquals(verdict(key("zio"), 1.12, 0.05), Vector(Verdict.Regressed))
    assertEquals(verdict(key("zio"), 1.30, LatencyCompare.DefaultTailThreshold), Vector(Verdict.Regressed))
    // The same 12% in a throughput family is a change at the threshold of means.
    assertEquals(verdict("deep-bind/default/zio/d=10000/fork", 1.12, LatencyCompare.DefaultTailThreshold), Vector(Verdict.Regressed))
  }

  test("a latency cell's B/op (per window of fixed time, as much work as the runtime ran) is shown, never flagged") {
    def run(name: String, k: String, alloc: Double) =
      RunData.load(SyntheticRun.write(SyntheticRun.tempDir(name), name, Vector(SyntheticRun.Spec(k, 20.0, alloc = alloc)), forks = 4))
    def flagged(k: String) = RunComparison.compare(run("alloc-a", k, 9.0e9), run("alloc-b", k, 9.8e9), 0.05).allocFlagged.size
    assertEquals(flagged(key("zio")), 0)
    assertEquals(flagged("deep-bind/default/zio/d=10000/fork"), 1, "another family's 9% more B/op is flagged")
  }

  test("p99 run to run: how far apart two runs of as many forks put the p99, from the forks' spread, and the forks ±20% needs") {
    def est(p99s: Double*) = LatencyEstimate(p99s.toVector.map(p => ForkPercentiles(p / 2, p, p * 2, p * 3, 1000, 1000, 0)),
      ForkInterval(Double.NaN, Double.NaN, Double.NaN, 0), ForkInterval(Double.NaN, Double.NaN, Double.NaN, 0),
      ForkInterval(Double.NaN, Double.NaN, Double.NaN, 0), ForkInterval(Double.NaN, Double.NaN, Double.NaN, 0), Vector.empty)
    def text(e: LatencyEstimate) = LatencyText.runToRunText(LatencyStats.runToRun(e, 0.2))
    // Log p99s 0, +0.4, −0.4, 0 around 1 ms: s = 0.327; 1.96 × 0.327 × √(2/4) = 0.453, e^0.453 = 1.57;
    // within ±20% takes 2 × (1.96 × 0.327 / ln 1.2)² = 24.7, so 25 forks a run.
    val wide = est(1000, 1000 * math.exp(0.4), 1000 * math.exp(-0.4), 1000)
    assertEqualsDouble(LatencyStats.runToRun(wide, 0.2).get.spread, math.sqrt(0.32 / 3), 1e-12)
    assertEquals(text(wide), "±57% (25 forks for ±20%)")
    assertEquals(text(est(1000, 1010, 990)), "±2%")
    assertEquals(text(est(1000, 3000)), "—", "two forks give no spread worth the name")
    // In the tables, a column of its own.
    val run = latencyRun(SyntheticRun.tempDir("lat-reach"), Map("zio" -> 1000.0), forks = 4)
    val t = LatencyTables.build(run).head
    val col = LatencyTables.headOf(t).indexOf(LatencyTables.RunToRunHead)
    assert(col > 0)
    assert(LatencyTables.cellsOf(t, t.rows.head)(col).matches("±\\d+%"), LatencyTables.cellsOf(t, t.rows.head).toString)
  }

  test("a p99 whose forks fall in states is its most frequent state's, the others named; its ratio and reach take that state's forks") {
    // Cats Effect at 1,024 on the nested 2-core guest: 38 forks at 2.1–4.8 ms, two at 52 and 139 ms.
    val g = new Random(9)
    val usual = Vector.fill(38)(3600.0 * math.exp(0.2 * g.nextGaussian()))
    def est(p99s: Vector[Double], rounds: Vector[Int] = Vector.empty) = {
      val fs = p99s.map(p => ForkPercentiles(p / 4, p, p * 2, p * 3, 1000, 1000, 0))
      val states = LatencyStats.p99States(p99s).map(is => P99State(LatencyStats.interval(is.map(p99s), 0.95), is))
      val all = LatencyStats.interval(p99s, 0.95)
      val nan = ForkInterval(Double.NaN, Double.NaN, Double.NaN, 0)
      if (states.size < 2) LatencyEstimate(fs, nan, all, nan, nan, rounds)
      else LatencyEstimate(fs, nan, states.head.p99, nan, nan, rounds, states)
    }
    val stalled = est(usual.take(9) ++ Vector(51800.0) ++ usual.drop(9).take(8) ++ Vector(139200.0) ++ usual.drop(17))
    assertEquals(stalled.p99States.map(_.forks.size), Vector(38, 2))
    assertEquals(stalled.p99.n, 38)
    assertEqualsDouble(stalled.p99.mean, LatencyStats.interval(usual, 0.95).mean, 1e-6)
    assertEquals(stalled.p99States(1).forks, Vector(9, 18))
    assertEquals(LatencyText.p99StatesText(stalled), " (38 of 40 forks; 2 at 84,915)")
    // Two runs drawing no stall and two: their p99s the same state's, run to run from its spread.
    val plain = est(usual)
    assertEquals(plain.p99States, Vector.empty)
    assertEquals(LatencyText.p99StatesText(plain), "")
    assertEqualsDouble(LatencyStats.p99Ratio(stalled, plain, 0.95).ratio, 1.0, 1e-9)
    assert(LatencyStats.runToRun(stalled, 0.2).get.within, LatencyStats.runToRun(stalled, 0.2).toString)
    // A mean over both states would have put them 17% apart, and the reach at ±61% (the defect this replaced).
    assert(LatencyStats.interval(stalled.forks.map(_.p99), 0.95).mean / plain.p99.mean > 1.15)
    // One stall fork is no state (one launch cannot tell a state from an outlier): it stays in, and widens.
    val one = est(usual.take(39 - 1) :+ 139200.0)
    assertEquals(one.p99States, Vector.empty)
    assert(!LatencyStats.runToRun(one, 0.2).get.within)
    // A p99 spread with no gap (Cats Effect at 128: 0.22) is one state.
    assertEquals(LatencyStats.p99States(usual), Vector(usual.indices.toVector))
    // The same from logs: estimate reads the states from the forks' histograms.
    val rnd = new Random(4)
    def fork(p99us: Double) = {
      val h = new Histogram(LatencyModel.StarvedNanos, 3)
      lats(p99us, rnd).foreach(h.recordValue)
      ForkLatency("t", h, h.getTotalCount, 0, 1)
    }
    val fromLogs = LatencyStats.estimate((usual.take(10) ++ Vector(51800.0, 139200.0)).map(fork), 0.95)
    assertEquals(fromLogs.p99States.map(_.forks.size), Vector(10, 2))
    assert(fromLogs.p99.mean < 6000, fromLogs.p99.toString)
  }

  test("compare says when every p99 of the run moved together, and marks the cells that moved no further than the run") {
    val p = Map("cats-effect" -> 3000.0, "cats-effect@shipped" -> 1500.0, "zio" -> 1000.0)
    val a = latencyRun(SyntheticRun.tempDir("lat-a"), p, seed = 1)
    val all = LatencyCompare.diffs(a, latencyRun(SyntheticRun.tempDir("lat-b"), p.map { case (k, v) => k -> v * 2 }, seed = 3), 0.05)
    assert(all.forall(_.verdict == Verdict.Regressed), all.map(d => LatencyCompareText.cells(d).mkString(" ")).mkString("\n"))
    val ForkInterval(g, lo, _, _) = LatencyCompare.shift(all).get
    assert(lo > 1 && g > 1.8 && g < 2.2, s"$g")
    assertEquals(LatencyCompare.withShift(all).size, 3)
    val text = LatencyCompareText.terminal(all, 0.05)
    assert(text.contains("p99 regressed*") && text.contains("the whole run's p99s moved: B longer than A by"), text)
    // One cell twice as long, the others as they were: no shift of the whole run, nothing marked.
    val one = LatencyCompare.diffs(a, latencyRun(SyntheticRun.tempDir("lat-c"), p.updated("zio", 2000.0), seed = 3), 0.05)
    assert(one.find(_.key.contains("/zio/")).get.verdict == Verdict.Regressed)
    assert(LatencyCompare.shift(one).isEmpty && LatencyCompare.withShift(one).isEmpty)
    assert(!LatencyCompareText.terminal(one, 0.05).contains("whole run"))
  }

  test("compare gives no p99 verdict on fewer than four forks a run, however far apart and tight they are") {
    val p = Map("zio" -> 1000.0)
    // Two forks a run, the second run's p99 twice the first's, every fork within 5% of its run's.
    val a = latencyRun(SyntheticRun.tempDir("lat-a"), p, seed = 1, forks = 2)
    val b = latencyRun(SyntheticRun.tempDir("lat-b"), p.updated("zio", 2000.0), seed = 3, forks = 2)
    val d = LatencyCompare.diffs(a, b, 0.05).head
    assert(d.ratio.known && d.ratio.ratio > 1.5, d.ratio.toString)
    assertEquals(d.verdict, Verdict.Same)
    assert(!d.decidable)
    assert(LatencyCompareText.cells(d).contains("too few forks to judge a tail (2 and 2; 4 a run)"), LatencyCompareText.cells(d).toString)
    // Four a run: the rank test can reach 5% (exact two-sided p = 2/70 when every fork of B is slower).
    val a4 = latencyRun(SyntheticRun.tempDir("lat-a4"), p, seed = 1, forks = 4)
    val b4 = latencyRun(SyntheticRun.tempDir("lat-b4"), p.updated("zio", 2000.0), seed = 3, forks = 4)
    val d4 = LatencyCompare.diffs(a4, b4, 0.05).head
    assertEqualsDouble(d4.rankP, 2.0 / 70, 1e-9)
    assertEquals(d4.verdict, Verdict.Regressed)
  }

  test("each runtime's levelled budget is set against its others: hog time bought, waits paid, starved sides without a ratio") {
    val run = latencyRun(SyntheticRun.tempDir("lat-cost"),
      Map("cats-effect" -> 4000.0, "cats-effect@shipped" -> 1000.0, "zio" -> 2000.0, "zio@yield-off" -> 500.0),
      starved = Map("zio@yield-off" -> 10))
    val t = LatencyTables.build(run).head
    val costs = LatencyTables.budgetCosts(t)
    assertEquals(costs.map(c => s"${c.runtime} ${c.other.variant}").sorted, Vector("cats-effect shipped", "zio yield-off"))
    val ce = costs.find(_.runtime == "cats-effect").get
    // Levelled waits 4× as long at p99 (each fork within 5%).
    assert(ce.p99.exists(r => r.low > 3.2 && r.high < 5.0), ce.p99.toString)
    assert(ce.hog.isDefined)
    val zio = costs.find(_.runtime == "zio").get
    assert(zio.p99.isEmpty && LatencyTables.costCells(zio).last == "— (starved)", LatencyTables.costCells(zio).toString)
    val md = Markdown.render(run)
    assert(md.contains("| runtime | levelled vs | hog time/step, other ÷ levelled |"), md)
    assert(Html.render(run, None).contains("budget-cost"))
  }

  test("sleep-drift's budget variants are rows of one latency table, as hog-probe's are; the frontier stays hog-probe's") {
    val run = latencyRun(SyntheticRun.tempDir("lat-sd"),
      Map("cats-effect" -> 2000.0, "cats-effect@shipped" -> 1500.0, "cats-effect@budget-128" -> 1000.0, "zio@yield-off" -> 5000.0),
      scenario = "sleep-drift")
    val ts = LatencyTables.build(run)
    assertEquals(ts.map(_.scenario), Vector("sleep-drift"))
    assertEquals(ts.head.rows.map(r => s"${r.runtime} ${r.variant}").sorted,
      Vector("cats-effect budget-128", "cats-effect levelled", "cats-effect shipped", "zio yield-off"))
    val html = LatencyHtml.section(run)
    assert(html.contains("data-scenario=\"sleep-drift\""), html)
    assertEquals("<polyline class=\"curve\"".r.findAllMatchIn(html).size, 4)
    assert(!html.contains("class=\"frontier\""), "the frontier is drawn for hog-probe only")
  }

  test("in headless Chromium, the latency section shows each cell's curve inside its chart and each frontier point on it") {
    Chromium.required(this)
    val run = latencyRun(SyntheticRun.tempDir("lat"), Map("cats-effect" -> 3000.0, "zio" -> 1000.0, "baseline" -> 300.0))
    val html = run.dir.resolve("report.html")
    Files.write(html, Html.render(run, None).getBytes("UTF-8"))
    val (dom, _) = Chromium.dumpDom(Chromium.binary.get, html.toUri.toString)
    val section = "(?s)<section id=\"latency\">.*?</section>".r.findFirstIn(dom).getOrElse(fail("no latency section in the DOM"))
    val curves = "<polyline class=\"curve\"[^>]*points=\"([^\"]+)\"".r.findAllMatchIn(section).map(_.group(1)).toVector
    assertEquals(curves.size, 3)
    curves.foreach { pts =>
      val xy = pts.split(' ').toVector.map(_.split(',').map(_.toDouble))
      assertEquals(xy.size, LatencyHtml.CurvePercentiles.size)
      assert(xy.forall(p => p(0) >= 0 && p(0) <= 640 && p(1) >= 0 && p(1) <= 300), s"a point outside the chart: $pts")
      assert(xy.map(_(1)).sliding(2).forall(w => w(1) <= w(0) + 1e-9), s"latency grows with the percentile (y falls): $pts")
    }
    val points = "<circle class=\"point\"[^>]*cx=\"([^\"]+)\" cy=\"([^\"]+)\"".r.findAllMatchIn(section).toVector
    assertEquals(points.size, 3)
    points.foreach(m => assert(m.group(1).toDouble > 0 && m.group(2).toDouble > 0, m.matched))
  }

  test("the SVG curves and frontier escape their labels: a runtime named <&\" renders as text") {
    val t = LatencyTables.build(latencyRun(SyntheticRun.tempDir("lat"), Map("cats-effect" -> 3000.0, "zio" -> 1000.0))).head
    val odd = t.copy(scenario = "a<b", rows = t.rows.map(r => r.copy(runtime = "x<&\"y", variant = "v\"<&")))
    Seq(LatencyHtml.curvesSvg(odd), LatencyHtml.frontierSvg(odd)).foreach { svg =>
      assert(svg.contains("x&lt;&amp;&quot;y"), svg)
      assert(svg.contains("v&quot;&lt;&amp;"), svg)
      assert(!svg.contains("x<&\"y") && !svg.contains("v\"<&"), svg)
    }
    assert(LatencyHtml.curvesSvg(odd).contains("aria-label=\"a&lt;b/"), "the title in an attribute")
  }

  test("a cell's windows measured with the machine away: the note says whether its p99 without them leaves its interval") {
    val p99 = ForkInterval(400000, 300000, 600000, 4)
    def note(usual: Double, away: Int = 5) =
      LatencyTables.awayNote("cats-effect (levelled)", p99, AwayWindows(away, 16, 650000, 380000, usual))
    assertEquals(note(450000, away = 0), None, "no window away, no note")
    assert(note(450000).exists(_.endsWith("inside its interval [300,000 … 600,000]: the machine's state does not set this p99")),
      note(450000))
    assert(note(250000).exists(_.endsWith("outside its interval [300,000 … 600,000]: the machine's state sets this p99")), note(250000))
    assert(note(250000).exists(_.startsWith("cats-effect (levelled): 5 of 16 windows measured with the machine away")), note(250000))
    assertEquals(LatencyTables.awayNote("x", ForkInterval(Double.NaN, Double.NaN, Double.NaN, 0), AwayWindows(5, 16, 1, 1, 1)), None,
      "a cell without a p99 (starved) gets no note")
  }

  test("away windows whose own p99s sit above the others': the note says the machine raises the p99 and widens its interval") {
    // Cats Effect at its shipped budget as one headline measured it: 11 of 16 windows away, their p99
    // 5.5 ms against 2.3 ms, the interval [1.3 … 10.7] ms wide enough to hold the p99 without them.
    val p99 = ForkInterval(3780, 1333, 10719, 4)
    val away = Vector(4100.0, 5200, 6100, 3900, 7400, 5600, 4800, 6900, 5100, 4400, 6000)
    val usual = Vector(2100.0, 2500, 1900, 2300, 2600)
    val raisedNote = LatencyTables.awayNote("cats-effect (shipped)", p99, AwayWindows(11, 16, 5521, 2339, 1898, away, usual))
    assert(raisedNote.exists(_.endsWith("the machine's state raises this p99 and widens its interval")), raisedNote)
    assert(raisedNote.exists(_.contains("one-sided Mann–Whitney p < 0.001, 11 windows against 5")), raisedNote)
    // Away windows among the usual ones: no verdict against the machine.
    val mixed = Vector(2000.0, 2400, 2600, 2200, 1900)
    val calm =
      LatencyTables.awayNote("zio (levelled)", p99, AwayWindows(5, 10, 2300, 2300, 2300, mixed, Vector(2100.0, 2500, 2450, 1950, 2250)))
    assert(calm.exists(_.endsWith("the machine's state does not set this p99")), calm)
    // Too few windows a side to test: the interval rule alone.
    assert(AwayWindows(2, 16, 1, 1, 1, Vector(9.0, 9), Vector(1.0, 1, 1)).raisedP.isNaN)
  }
}
