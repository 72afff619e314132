package effectbench.report

import effectbench.store.RunData

import effectbench.{LatencyModel, ServiceModel}
import java.io.{FileOutputStream, PrintStream}
import java.nio.file.{Files, Path}
import org.HdrHistogram.{Histogram, HistogramLogWriter}

/** service's capacity on synthetic runs: one cell per (runtime, rate), each fork's latency log
  * written here in the harness's format, its p99 chosen per round. */
class LatencyCapacitySuite extends munit.FunSuite {
  private val rates = ServiceModel.rates.map(_.toLong)

  /** 1,000 latencies whose p99 is `p99us` (980 at 1 ms, 20 at p99us); `starved` starved events. */
  private def writeLog(log: Path, forks: Vector[(Double, Long)]): Unit = {
    val out = new PrintStream(new FileOutputStream(log.toFile, true), false, "UTF-8")
    val w = new HistogramLogWriter(out)
    w.outputLogFormatVersion()
    w.outputStartTime(1700000000000L)
    w.outputLegend()
    forks.zipWithIndex.foreach { case ((p99us, starved), i) =>
      val tag = s"fork-$i"
      val h = new Histogram(LatencyModel.StarvedNanos, 3)
      (0 until 980).foreach(_ => h.recordValue(1000000L))
      (0 until 20).foreach(_ => h.recordValue((p99us * 1000).toLong))
      h.setTag(tag)
      h.setStartTimeStamp(1700000000000L + i * 10000)
      h.setEndTimeStamp(1700000000000L + i * 10000 + 500)
      w.outputComment(LatencyModel.windowComment(tag, 1000 + starved, starved, 1000))
      w.outputIntervalHistogram(h)
    }
    out.close()
  }

  private def key(rt: String, rate: Long) = s"service/default/$rt/rate=$rate/fork"

  /** A run with a cell per (runtime, rate) of `p99`'s, `forks` forks each in rounds 1..forks;
    * `p99(rt)(rate)(round)` is the fork's p99 (µs), a negative value a fork with 3 starved requests. */
  private def serviceRun(dir: Path, p99: Map[String, Long => Int => Double], forks: Int): RunData = {
    val specs = for { rt <- p99.keys.toVector.sorted; r <- rates } yield SyntheticRun.Spec(key(rt, r), 20.0, unit = "ns/op")
    SyntheticRun.write(dir, "service", specs, forks = forks)
    for { rt <- p99.keys; r <- rates } {
      val slug = key(rt, r).map(c => if (c.isLetterOrDigit || c == '-' || c == '.' || c == '_') c else '_')
      writeLog(dir.resolve(s"jmh/$slug.hlog"),
        (1 to forks).toVector.map { k =>
          val v = p99(rt)(r)(k)
          if (v < 0) (1000.0, 3L) else (v, 0L)
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
    assert(c.rounds(1).p99.find(_._1 == 1000L).exists(_._2.isNaN), "the starved fork has no p99")
    val z = rows("zio")
    assertEquals(z.rounds.map(_.capacity), Vector.fill(4)(Some(500L)))
    assertEquals(z.median, Some(500.0))
    val text = TerminalTable.render(run)
    assert(text.contains("service/-/fork capacity"), text)
    assert(text.contains("500 … 2,000"), text)
    ServiceCapacity.head.foreach(h => assert(text.contains(h), s"column $h:\n$text"))
    val md = Markdown.render(run)
    assert(md.contains("#### service/-/fork capacity"), md)
    assert(md.contains("the median over rounds"), md)
  }

  test("the HTML draws the percentile curves of every rate of the sweep") {
    val flat: Long => Int => Double = _ => _ => 2000.0
    val run = serviceRun(SyntheticRun.tempDir("cap"), Map("zio" -> flat), forks = 2)
    val html = Html.render(run, None)
    rates.foreach(r => assert(html.contains(s"service/rate=$r/fork latency"), s"rate $r"))
    assert(html.contains("service/-/fork capacity"), "the capacity table")
  }
}
