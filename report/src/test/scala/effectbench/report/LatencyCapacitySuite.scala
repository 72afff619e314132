package effectbench.report

import effectbench.analysis.*
import effectbench.store.{RunData, SweepStopReason}

import effectbench.{Outcome, ServiceModel}
import effectbench.store.SyntheticRun
import effectbench.store.SyntheticRun.ServiceCell
import java.nio.file.Path
import scala.util.Random

/** service's capacity on synthetic runs: one cell per (runtime, rate), each fork's latency log
  * written here in the harness's format, its p99 chosen per round. */
class LatencyCapacitySuite extends munit.FunSuite {
  private val rates = ServiceModel.rates.map(_.toLong)

  private def writeLog(log: Path, forks: Vector[(Double, Long, Long)]): Unit =
    SyntheticRun.writeLatencyLog(log, forks.map { case (p, st, lag) => SyntheticRun.LogFork(p, st, wakeLagUs = lag) })

  private def key(rt: String, rate: Long) = s"service/default/$rt/rate=$rate/fork"

  /** A run with a cell per (runtime, rate) of `p99`'s, `forks` forks each in rounds 1..forks;
    * `p99(rt)(rate)(round)` is the fork's p99 (µs), a negative value a fork with 3 starved requests. */
  private def serviceRun(
      dir: Path, p99: Map[String, Long => Int => Double], forks: Int, wakeLag: Map[String, Long => Int => Long] = Map.empty
  ): RunData = {
    val specs = for { rt <- p99.keys.toVector.sorted; r <- rates } yield SyntheticRun.Spec(key(rt, r), 20.0, unit = "ns/op")
    SyntheticRun.write(dir, "service", specs, forks = forks)
    for { rt <- p99.keys; r <- rates } {
      val slug = key(rt, r).map(c => if (c.isLetterOrDigit || c == '-' || c == '.' || c == '_') c else '_')
      writeLog(dir.resolve(s"jmh/$slug.hlog"),
        (1 to forks).toVector.map { k =>
          val v = p99(rt)(r)(k)
          val lag = wakeLag.get(rt).fold(-1L)(_(r)(k))
          if (v < 0) (1000.0, 3L, lag) else (v, 0L, lag)
        })
    }
    SyntheticRun.inRounds(dir, forks)
    RunData.load(dir)
  }

  test("the capacity rule: the highest rate under the target with every lower rate under it; starved or missing rates exceed it") {
    val t = 10000.0
    assertEquals(ServiceModel.capacity(Vector(250L -> 2000.0, 500L -> 3000.0, 1000L -> 9000.0, 2000L -> 11000.0), t), Some(1000L))
    assertEquals(ServiceModel.capacity(Vector(500L -> 12000.0, 250L -> 2000.0, 1000L -> 3000.0), t), Some(250L),
      "a middle rate over the target ends the sweep, though a higher one is under it")
    assertEquals(ServiceModel.capacity(Vector(250L -> Double.NaN, 500L -> 3000.0), t), None, "a starved lowest rate: no capacity")
    assertEquals(ServiceModel.capacity(Vector(250L -> 10000.0), t), None, "'under' is strict")
  }

  test("a capacity per runtime, per round and over rounds (median and range), with a starved fork and a middle rate over the target") {
    // cats-effect: under 10 ms up to 2,000 req/s in every round, but round 2's fork of 1,000 starved.
    val ce: Long => Int => Double = rate =>
      round =>
        if (rate == 1000 && round == 2) -1.0 else if (rate <= 2000) 1000.0 + rate else 20000.0 + rate
    // zio: 1,000 req/s is over the target (12 ms) though 2,000 is under: the capacity stops at 500.
    val zio: Long => Int => Double = rate => _ => if (rate == 1000) 12000.0 else if (rate <= 2000) 3000.0 else 40000.0
    val run = serviceRun(SyntheticRun.tempDir("cap"), Map("cats-effect" -> ce, "zio" -> zio), forks = 4)
    val tables = ServiceCapacity.build(run)
    assertEquals(tables.size, 1)
    val rows = tables.head.rows.map(r => r.runtime -> r).toMap
    val c = rows("cats-effect")
    assertEquals(c.rounds.map(_.capacity), Vector(Some(2000L), Some(500L), Some(2000L), Some(2000L)))
    assertEquals(c.median, Some(2000.0))
    assertEquals((c.low, c.high), (Some(500L), Some(2000L)))
    // Four rounds: lowest and highest hold the median with 1 − 2/16 = 87.5%.
    assertEquals(c.medianInterval(), Some((500L, 2000L, 0.875)))
    assert(c.rounds(1).p99.find(_._1 == 1000L).exists(_._2.isNaN), "the starved fork has no p99")
    val z = rows("zio")
    assertEquals(z.rounds.map(_.capacity), Vector.fill(4)(Some(500L)))
    assertEquals(z.median, Some(500.0))
    val text = TerminalTable.render(run)
    assert(text.contains("service/-/fork capacity"), text)
    assert(text.contains("500 … 2,000"), text)
    CapacityText.head.foreach(h => assert(text.contains(h), s"column $h:\n$text"))
    val md = Markdown.render(run)
    assert(md.contains("#### service/-/fork capacity"), md)
    assert(md.contains("the median over rounds"), md)
  }

  test("a round whose sweep a p99 of the client's lateness ended is a lower bound of the capacity, and said so") {
    // zio: under the target up to 1,000 req/s; 2,000 is over it (12 ms) in every round. In rounds 2 and 3 the
    // client woke 13 ms late in that fork's one window (at least the 10-ms target); in round 1 only 5 ms late;
    // in round 4 it woke late at 4,000, which the sweep never reached.
    val p99: Long => Int => Double = rate => _ => if (rate <= 1000) 3000.0 else 12000.0
    val lag: Long => Int => Long = rate =>
      round =>
        if (rate == 2000 && (round == 2 || round == 3)) 13000L
        else if (rate == 2000 && round == 1) 5000L
        else if (rate == 4000 && round == 4) 50000L
        else 100L
    val run = serviceRun(SyntheticRun.tempDir("cap-client"), Map("zio" -> p99), forks = 4, Map("zio" -> lag))
    val t = ServiceCapacity.build(run).head
    val z = t.rows.head
    assertEquals(z.rounds.map(_.capacity), Vector.fill(4)(Some(1000L)))
    assertEquals(z.rounds.map(_.bound), Vector(false, true, true, false))
    assert(z.bound)
    val cells = CapacityText.cells(z)
    assertEquals(cells(1), "≥ 1,000")
    assertEquals(cells(4), "1,000, ≥ 1,000, ≥ 1,000, 1,000")
    assert(cells(2).endsWith("; lower bounds)"), cells(2))
    val notes = CapacityText.notes(t)
    assertEquals(notes.size, 1)
    assert(notes.head.startsWith("zio: in rounds 2, 3 the rate that ended the sweep (2,000 req/s)"), notes.head)
    assert(TerminalTable.render(run).contains("note: zio: in rounds 2, 3"))
    assert(Markdown.render(run).contains("> **note:** zio: in rounds 2, 3"))
    // Without the lateness recorded, no round is a bound.
    val plain = serviceRun(SyntheticRun.tempDir("cap-plain"), Map("zio" -> p99), forks = 4)
    assert(!ServiceCapacity.build(plain).head.rows.head.bound)
    assertEquals(CapacityText.notes(ServiceCapacity.build(plain).head), Vector.empty)
  }

  test("a fork is over the target only by its client when its windows without a wake that late are under it") {
    def window(lagUs: Long, latsUs: Vector[Long], gcMs: Long = -1L) = {
      val h = new org.HdrHistogram.Histogram(effectbench.LatencyModel.StarvedNanos, 3)
      latsUs.foreach(l => h.recordValue(l * 1000))
      ClientLate.LoggedWindow("fork-0", lagUs, gcMs, h)
    }
    val quiet = Vector.fill(58)(3000L)
    // As measured (ZIO at 250 req/s): one of four windows had the client wake 20 ms late, and its last events 19–23 ms.
    val lateOne = window(20214, Vector.fill(54)(3000L) ++ Vector(19000L, 20000L, 21000L, 23000L))
    assert(ClientLate.overOnlyByClient(Vector(window(142, quiet), window(230, quiet), lateOne, window(125, quiet)), 10000))
    // Another window over the target with the client on time: the runtime's own.
    val slow = window(300, Vector.fill(54)(3000L) ++ Vector.fill(4)(15000L))
    assert(!ClientLate.overOnlyByClient(Vector(slow, window(230, quiet), lateOne, window(125, quiet)), 10000))
    // No window had the client that late, or a collection as long held it: not the client's alone.
    assert(!ClientLate.overOnlyByClient(Vector(window(9000, quiet), window(142, quiet)), 10000))
    assert(!ClientLate.overOnlyByClient(Vector(window(20214, quiet, gcMs = 25), window(142, quiet)), 10000))
    // Every window late by the target: nothing is left to show the runtime over it.
    assert(ClientLate.overOnlyByClient(Vector(lateOne, lateOne), 10000))
  }

  test("the HTML draws the percentile curves of every rate of the sweep") {
    val flat: Long => Int => Double = _ => _ => 2000.0
    val run = serviceRun(SyntheticRun.tempDir("cap"), Map("zio" -> flat), forks = 2)
    val html = Html.render(run, None)
    rates.foreach(r => assert(html.contains(s"service/rate=$r/fork latency"), s"rate $r"))
    assert(html.contains("service/-/fork capacity"), "the capacity table")
  }

  private val T = 10000.0 // the default target, 10 ms, in µs
  private val (under, over) = (3000.0, 12000.0)

  test("a sweep stops at the lowest rate by which every round of it has a rate over the target, starved or without a fork") {
    def m(xs: (Int, Double)*) = xs.toMap
    val two = Vector(250L -> m(1 -> 2000.0, 2 -> 2000.0), 500L -> m(1 -> over, 2 -> under))
    assertEquals(ServiceCapacity.stopsAt(two, T), None, "round 2 is under the target at every rate so far")
    assertEquals(ServiceCapacity.stopsAt(two :+ (1000L -> m(1 -> under, 2 -> over)), T), Some(1000L),
      "round 1 was over at 500, round 2 at 1,000")
    assertEquals(ServiceCapacity.stopsAt(Vector(250L -> m(1 -> Double.NaN, 2 -> under), 500L -> m(1 -> under, 2 -> Double.NaN)), T),
      Some(500L), "a starved round is over")
    assertEquals(ServiceCapacity.stopsAt(Vector(250L -> m(1 -> under, 2 -> under, 3 -> under), 500L -> m(1 -> over, 2 -> over)), T),
      Some(500L), "500's missing round 3 is over")
    assertEquals(ServiceCapacity.stopsAt(Vector(250L -> m(1 -> under), 500L -> Map.empty[Int, Double]), T), Some(500L),
      "a rate without a score (failed) is over in every round")
    assertEquals(ServiceCapacity.stopsAt(Vector(250L -> m(1 -> over), 500L -> m(1 -> under)), T), Some(250L))
    assertEquals(ServiceCapacity.stopsAt(Vector.empty, T), None)
  }

  test("the capacity is the same whether the rates above a sweep's stop are measured or not (random sweeps, rounds per rate vary)") {
    val rnd = new Random(23)
    var stoppedSweeps = 0
    (1 to 500).foreach { trial =>
      // Each rate its own table, with its own number of rounds (the engine's adaptive stopping).
      val full = rates.zipWithIndex.map { case (r, i) =>
        val rounds = 2 + rnd.nextInt(5)
        r -> (1 to rounds).map { k =>
          val x = rnd.nextDouble()
          k -> (if (x < 0.05) Double.NaN else if (x < 0.15 + 0.12 * i) over + rnd.nextInt(20000) else 1000.0 + rnd.nextInt(8000))
        }.toMap
      }
      // The runner's walk: each rate in turn, unless the rates measured so far have stopped the sweep.
      val measured = rates.indices.foldLeft(Vector.empty[(Long, Map[Int, Double])]) { (acc, i) =>
        if (ServiceCapacity.stopsAt(acc, T).isDefined) acc else acc :+ full(i)
      }
      if (measured.size < full.size) stoppedSweeps += 1
      def shown(byRate: Vector[(Long, Map[Int, Double])]) = {
        val row = CapacityRow("zio", "default", byRate.map(_._1), ServiceCapacity.perRound(byRate, T))
        (row.rounds.map(r => r.round -> r.capacity), row.median, row.low, row.high)
      }
      assertEquals(shown(measured), shown(full), s"trial $trial: ${full.mkString("; ")}")
    }
    assert(stoppedSweeps > 100, s"only $stoppedSweeps of 500 sweeps stopped early")
  }

  /** zio is over the target at 500 req/s in every round, so its sweep stops there; cats-effect's
    * never does. `zioAbove`: zio's cells above 500, measured (`Some(p99)`) or not (`None`). */
  private def stoppedRun(dir: Path, zioAbove: Option[Double]): RunData = {
    val rounds = Vector(1, 2, 3)
    def cell(rt: String, rate: Long, p99: Double) = ServiceCell(rt, rate, rounds.map(_ -> p99))
    val ce = Vector(250L, 500L, 1000L, 2000L).map(r => cell("cats-effect", r, under))
    val zio = Vector(cell("zio", 250, under), cell("zio", 500, over)) ++ Vector(1000L, 2000L).map { r =>
      zioAbove match {
        case Some(p) => cell("zio", r, p)
        case None => ServiceCell("zio", r, Vector.empty, Outcome.NotMeasured, SweepStopReason.text(500, T))
      }
    }
    SyntheticRun.serviceRun(dir, ce ++ zio)
  }

  test("cells of a stopped sweep show as not measured with the reason in every format; the capacity is unchanged; compare says so") {
    val stopped = stoppedRun(SyntheticRun.tempDir("stop"), None)
    val full = stoppedRun(SyntheticRun.tempDir("full"), Some(under))
    val reason = "not-measured: the sweep stopped at 500/s"
    val text = TerminalTable.render(stopped)
    assert(text.contains(reason), text)
    assert(text.contains("not measured: 1,000, 2,000 (the sweep stopped at 500)"), text)
    val md = Markdown.render(stopped)
    assert(md.contains(reason), md)
    assert(md.contains("not measured: 1,000, 2,000"), md)
    val html = Html.render(stopped, None)
    assert(html.contains("the sweep stopped at 500/s"), "the reason in the HTML")
    assert(html.contains("not measured: 1,000, 2,000"), "the capacity table in the HTML")
    assert(ReportModel.build(stopped).notMeasured.count(_._3.startsWith("not-measured")) == 2)
    // The printed capacity: the same as with zio's higher rates measured (they cannot change it).
    def capacity(run: RunData) = ServiceCapacity.build(run).head.rows.map(r => CapacityText.cells(r).dropRight(1))
    assertEquals(capacity(stopped), capacity(full))
    assertEquals(ServiceCapacity.build(stopped).head.rows.find(_.runtime == "zio").map(_.notMeasured), Some(Vector(1000L, 2000L)))
    val c = RunComparison.compare(full, stopped, 0.05, resamples = 200)
    assert(CompareNotes.texts(c).exists(_.startsWith("2 common cells were not measured")), CompareNotes.texts(c).mkString("\n"))
    assert(!CompareNotes.texts(c).exists(_.contains("lack a score")), CompareNotes.texts(c).mkString("\n"))
  }

  test("a runtime measured at two library versions (--lib) has a sweep and a capacity per version") {
    val rounds = Vector(1, 2)
    val cells = rates.take(3).flatMap { r =>
      Vector(ServiceCell("zio@2.1.26", r, rounds.map(_ -> under)),
        ServiceCell("zio@2.1.27", r, rounds.map(_ -> (if (r >= 500) over else under))))
    }
    val t = ServiceCapacity.build(SyntheticRun.serviceRun(SyntheticRun.tempDir("lib"), cells)).head
    assertEquals(t.rows.map(r => r.runtime -> r.median), Vector("zio@2.1.26" -> Some(1000.0), "zio@2.1.27" -> Some(250.0)))
  }

  test("a rate that failed or timed out exceeds the target in the printed capacity, as in the runner's stop") {
    // 500/s timed out, 1,000/s was under: the sweep ends at 500, so the capacity is 250 (the runner,
    // reading the same sweeps, stops there and does not measure 1,000).
    val rounds = Vector(1, 2)
    val cells = Vector(ServiceCell("zio", 250, rounds.map(_ -> under)),
      ServiceCell("zio", 500, Vector.empty, Outcome.TimedOut, "timed out"),
      ServiceCell("zio", 1000, rounds.map(_ -> under)))
    val t = ServiceCapacity.build(SyntheticRun.serviceRun(SyntheticRun.tempDir("failed-rate"), cells)).head
    assertEquals(t.rows.map(r => r.runtime -> r.median), Vector("zio" -> Some(250.0)))
  }

  test("service's late timeouts per fork in every report format and in compare, never in a percentile; '?' where not recorded") {
    def run(dir: Path, zioLate: Option[Long]) = SyntheticRun.serviceRun(dir,
      Vector(
        ServiceCell("cats-effect", 1000, Vector(1 -> under, 2 -> under), lateTimeouts = Some(0)),
        ServiceCell("zio", 1000, Vector(1 -> under, 2 -> under), lateTimeouts = zioLate),
        ServiceCell("future", 1000, Vector(1 -> under, 2 -> under)) // a log written before late timeouts were recorded
      ))
    val a = run(SyntheticRun.tempDir("late"), Some(7))
    assertEquals(LatencyData.forks(a.dir, a.cells.find(_.key.contains("/zio/")).get).map(_.lateTimeouts), Vector(Some(7L), Some(7L)))
    val t = LatencyTables.build(a).head
    val rows = t.rows.map(r => r.runtime -> LatencyTables.cellsOf(t, r)).toMap
    val col = LatencyTables.headOf(t).indexOf(LatencyTables.LateTimeouts)
    assert(col > LatencyTables.headOf(t).indexOf("starved"), LatencyTables.headOf(t).toString)
    // service has no hogs: its score column is its time per request.
    assertEquals(LatencyTables.headOf(t)(LatencyTables.head.indexOf("hog time/step")), LatencyTables.ServiceScore)
    assertEquals(rows("zio")(col), "7, 7 per fork")
    assertEquals(rows("cats-effect")(col), "0 per fork")
    assertEquals(rows("future")(col), "?")
    // Not in a percentile: zio's p99 is the same as cats-effect's, whose backends were all on time.
    assertEquals(rows("zio")(LatencyTables.head.indexOf("p99 µs")), rows("cats-effect")(LatencyTables.head.indexOf("p99 µs")))
    for (text <- Vector(TerminalTable.render(a), Markdown.render(a), Html.render(a, None))) {
      assert(text.contains("late timeouts"), "the column")
      assert(text.contains("7, 7 per fork"), "zio's late timeouts per fork")
    }
    val b = run(SyntheticRun.tempDir("late-b"), Some(0))
    val ds = LatencyCompare.diffs(a, b, 0.05)
    val cmp = LatencyCompareText.terminal(ds, 0.05)
    assert(LatencyCompareText.headOf(ds).contains("late timeouts A"), cmp)
    val zio = ds.find(_.key.contains("/zio/")).get
    assertEquals(LatencyCompareText.cellsOf(ds, zio).takeRight(2), Vector("7, 7 per fork", "0 per fork"))
    assert(cmp.contains("7, 7 per fork"), cmp)
  }

  test("a hog-probe table has no late-timeouts column") {
    val t = LatencyTable("hog-probe", "-", "fork", "jvm", Vector.empty)
    assertEquals(LatencyTables.headOf(t), LatencyTables.head)
  }

  test("the capacity's interval over rounds: order statistics that hold the median at 95% when there are rounds enough") {
    def row(caps: Long*) = CapacityRow("zio", "levelled", Vector(250L, 500L),
      caps.toVector.zipWithIndex.map { case (c, i) =>
        RoundCapacity(i + 1, Vector.empty, Some(c))
      })
    assertEquals(row(500).medianInterval(), None)
    assertEquals(row(500, 1000).medianInterval().map(_._3), Some(0.5))
    // Nine rounds: the second lowest and second highest hold it with 1 − 2·10/512 = 96.1%.
    val nine = row(250, 500, 500, 1000, 1000, 1000, 2000, 2000, 4000).medianInterval().get
    assertEquals((nine._1, nine._2), (500L, 2000L))
    assertEqualsDouble(nine._3, 1 - 20.0 / 512, 1e-12)
    // Eight: the second pair reaches only 93.0%, so the extremes (99.2%).
    assertEquals(row(250, 500, 500, 1000, 1000, 1000, 2000, 4000).medianInterval().map(t => (t._1, t._2)), Some((250L, 4000L)))
  }
}
