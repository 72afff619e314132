package effectbench.store

import effectbench.{LatencyModel, Outcome}
import java.io.{FileOutputStream, PrintStream}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import org.HdrHistogram.{Histogram, HistogramLogWriter}
import scala.util.Random

/** Writes run directories in the runner's format with JMH JSON of known scores, for tests. */
object SyntheticRun {
  val runtimes: Vector[String] = Vector("cats-effect", "zio", "future", "cps", "baseline")
  val jvm = "jdk-25.0.3 (Synthetic)"

  final case class Spec(
      key: String,
      base: Double,
      unit: String = "us/op",
      alloc: Double = 1024,
      status: Outcome = Outcome.Ok,
      reason: String = "",
      source: String = "",
      readBack: Vector[(String, String)] = Vector("tracing" -> "none"),
      jvm: String = SyntheticRun.jvm,
      /** Work the verifier counted (the scheduler family); empty: none recorded, as in older runs. */
      work: Vector[(String, Long)] = Vector.empty,
      /** Exact per-fork iterations instead of generated ones (the base is then unused). */
      raw: Option[Vector[Vector[Double]]] = None
  )

  /** Records every cell of `dir` as the rounds engine does: fork i of every cell in round i + 1. */
  def inRounds(dir: Path, forks: Int): Unit = {
    val f = dir.resolve("cells.jsonl")
    val lines = RunData.read(f).split('\n').filter(_.trim.nonEmpty).map { l =>
      RunFiles.cellLine(RunFiles.readCell(l, f.toString).copy(rounds = (1 to forks).toVector))
    }
    Files.write(f, lines.mkString("", "\n", "\n").getBytes(StandardCharsets.UTF_8))
    ()
  }

  /** 10 scenarios × 5 runtimes × 2 params × 2 modes = 200 cells, scores spread over runtimes. */
  def cells200: Vector[Spec] =
    for {
      s <- (0 until 10).toVector
      rt <- runtimes.indices
      n <- Vector(100, 1000)
      mode <- Vector("fork", "sync")
    } yield Spec(s"scenario-$s/default/${runtimes(rt)}/n=$n/$mode", base = (1 + rt * 0.5) * n / 100.0 * (1 + s * 0.1),
      alloc = 100.0 * (rt + 1) * n / 100)

  def jmhJson(spec: Spec, factor: Double, allocFactor: Double, forks: Int, iterations: Int, noise: Double, rnd: Random)
      : Vector[JmhResult] = {
    val raw = spec.raw.map(_.map(_.map(_ * factor))).getOrElse(Vector.fill(forks) {
      val forkOffset = 1 + noise * rnd.nextGaussian() * 0.5
      Vector.fill(iterations)(spec.base * factor * forkOffset * (1 + noise * rnd.nextGaussian()))
    })
    val all = raw.flatten
    val mean = all.sum / all.size
    val sd = math.sqrt(all.map(x => (x - mean) * (x - mean)).sum / (all.size - 1))
    val err = 3.3 * sd / math.sqrt(all.size.toDouble)
    Vector(JmhResult(
        benchmark = "effectbench.Bench.run",
        mode = if (spec.unit.startsWith("ops/")) "thrpt" else "avgt",
        params = Named.of(Vector("cell" -> spec.key)),
        primaryMetric = JmhMetric(mean, err, spec.unit, raw),
        secondaryMetrics = Named.of(Vector("gc.alloc.rate.norm" -> JmhMetric(spec.alloc * allocFactor, 0.001, "B/op")))
      ))
  }

  /** A cell record as the runner writes it; `jmh` names the cell's JMH file, if it has one. */
  def record(s: Spec, jmh: Option[String] = None): CellRecord = CellRecord(
    cell = s.key, jvm = s.jvm, jvmPath = "/synthetic/java", group = "modern", status = s.status, reason = s.reason,
    expected = "1", got = "1", jmh = jmh, readBack = Named.of(s.readBack), work = Named.of(s.work), source = s.source,
    syntax = "flatMap", seconds = 1, finished = "2026-11-22T10:00:00Z"
  )

  /** run.json of a synthetic run of `specs`, with extra planned cells that were not run. */
  def meta(id: String, specs: Vector[Spec], plan: Vector[(String, CellStatus)] = Vector.empty, profile: String = "quick"): RunMeta =
    RunMeta(
      formatVersion = Codecs.FormatVersion,
      id = id, started = "2026-11-22T10:00:00Z", finished = Some("2026-11-22T10:30:00Z"), status = RunStatus.Complete,
      commandLine = Vector("bench", "run"), git = Git(Some("0123456789abcdef"), Some(false)),
      host = Host("Linux synthetic", 2, 1000000000L),
      jvms = (if (specs.isEmpty) Vector(jvm) else specs.map(_.jvm).distinct).map(l =>
        JvmInfo(l, "/synthetic/java", "/synthetic", "25.0.3", "Synthetic",
          // a label ending in ", N cpu(s)" is a --cpus JVM, recorded with its count as the runner does
          """, (\d+) cpus?$""".r.findFirstMatchIn(l).map(_.group(1).toInt))
      ),
      libraries = Named.of(runtimes.map(r => r -> s"$r-1.0")),
      profile = MeasureProfileInfo(profile, 3, 0, 0, 5, 1, "3 forks × 5 iterations (synthetic)"),
      settings = SettingsInfo("levelled", "synthetic", Named.of(Vector("cats-effect" -> Vector("-Dcats.effect.tracing.mode=none")))),
      plan = specs.map(s => PlanEntry(s.key, s.jvm, "/synthetic/java", CellStatus.Ok)) ++
        plan.map { case (c, st) => PlanEntry(c, jvm, "/synthetic/java", st) }
    )

  /** Writes a run directory; `factor(key)` scales a cell's true score (the known shift). */
  def write(
      dir: Path, id: String, specs: Vector[Spec], factor: String => Double = _ => 1.0, allocFactor: String => Double = _ => 1.0,
      seed: Long = 1, forks: Int = 3, iterations: Int = 5, noise: Double = 0.02, plan: Vector[(String, CellStatus)] = Vector.empty,
      profile: String = "quick"
  ): Path = {
    Files.createDirectories(dir.resolve("jmh"))
    val rnd = new Random(seed)
    val lines = specs.map { s =>
      val slug =
        (if (s.jvm == jvm) "" else s.jvm + "--") + s.key.map(c => if (c.isLetterOrDigit || c == '-' || c == '.' || c == '_') c else '_')
      val rel = s"jmh/$slug.json"
      if (s.status.ok)
        Files.write(dir.resolve(rel),
          RunFiles.jmhJson(jmhJson(s, factor(s.key), allocFactor(s.key), forks, iterations, noise, rnd)).getBytes(StandardCharsets.UTF_8))
      RunFiles.cellLine(record(s, if (s.status.ok) Some(rel) else None))
    }
    Files.write(dir.resolve("cells.jsonl"), lines.mkString("", "\n", "\n").getBytes(StandardCharsets.UTF_8))
    Files.write(dir.resolve("run.json"), RunFiles.metaJson(meta(id, specs, plan, profile)).getBytes(StandardCharsets.UTF_8))
    dir
  }

  def tempDir(prefix: String): Path = Files.createTempDirectory(prefix)

  /** One fork of a synthetic latency log: 1,000 latencies whose p99 is `p99us` (980 at 1 ms, 20 at
    * p99us), `starved` starved events, and (service) its late timeouts, recorded or not. */
  final case class LogFork(p99us: Double, starved: Long = 0, lateTimeouts: Option[Long] = None, wakeLagUs: Long = -1L)

  /** A latency log in the harness's format (LatencyLog): each fork one window under its own tag. */
  def writeLatencyLog(log: Path, forks: Vector[LogFork]): Unit =
    writeWindows(log,
      forks.map { f =>
        Vector(LogWindow(Vector.fill(980)(1000000L) ++ Vector.fill(20)((f.p99us * 1000).toLong), f.starved, f.lateTimeouts.getOrElse(-1L),
            wakeLagUs = f.wakeLagUs))
      })

  /** One window of a latency log: its latencies (ns), starved events, (service) late timeouts, the
    * client's lateness (µs), the longest collection (ms) and the client's wake lateness (µs), each -1
    * when not recorded. */
  final case class LogWindow(
      lats: Vector[Long], starved: Long = 0, lateTimeouts: Long = -1L, clientLagUs: Long = -1L,
      gcPauseMs: Long = -1L, wakeLagUs: Long = -1L
  )

  /** A latency log in the harness's format (LatencyLog): fork i's windows under the tag `fork-i`, each
    * after the comment with its events and starved events. */
  def writeWindows(log: Path, forks: Vector[Vector[LogWindow]]): Unit = {
    val out = new PrintStream(new FileOutputStream(log.toFile, true), false, "UTF-8")
    val w = new HistogramLogWriter(out)
    w.outputLogFormatVersion()
    w.outputStartTime(1700000000000L)
    w.outputLegend()
    forks.zipWithIndex.foreach { case (ws, i) =>
      val tag = s"fork-$i"
      ws.zipWithIndex.foreach { case (win, k) =>
        val h = new Histogram(LatencyModel.StarvedNanos, 3)
        win.lats.foreach(h.recordValue)
        h.setTag(tag)
        h.setStartTimeStamp(1700000000000L + i * 10000 + k * 1000)
        h.setEndTimeStamp(1700000000000L + i * 10000 + k * 1000 + 500)
        w.outputComment(LatencyModel.windowComment(tag, win.lats.size + win.starved, win.starved, 1000, win.lateTimeouts,
            if (win.clientLagUs < 0) -1L else win.clientLagUs * 1000, win.gcPauseMs, if (win.wakeLagUs < 0) -1L else win.wakeLagUs * 1000))
        w.outputIntervalHistogram(h)
      }
    }
    out.close()
  }

  /** One service cell of a synthetic run: its runtime (with any `@label`), rate and forks, each with
    * its round and p99 (µs; negative: 3 starved requests); a cell without a score has no forks. */
  final case class ServiceCell(
      runtime: String, rate: Long, forks: Vector[(Int, Double)], status: Outcome = Outcome.Ok, reason: String = "",
      lateTimeouts: Option[Long] = None
  )

  def serviceKey(runtime: String, rate: Long): String = s"service/default/$runtime/rate=$rate/fork"

  /** A run of service cells, recorded as the rounds engine records them (each fork's round), with
    * each scored cell's latency log beside its JMH file. */
  def serviceRun(dir: Path, cells: Vector[ServiceCell], id: String = "service"): RunData = {
    val specs = cells.map(c =>
      Spec(serviceKey(c.runtime, c.rate), 20.0, unit = "ns/op", status = c.status, reason = c.reason,
        raw = Some(c.forks.map(_ => Vector(20.0, 21.0, 19.0))))
    )
    write(dir, id, specs)
    cells.filter(_.status.ok).foreach { c =>
      val slug = serviceKey(c.runtime, c.rate).map(ch => if (ch.isLetterOrDigit || ch == '-' || ch == '.' || ch == '_') ch else '_')
      writeLatencyLog(dir.resolve(s"jmh/$slug.hlog"),
        c.forks.map { case (_, p99) => if (p99 < 0) LogFork(1000.0, 3L, c.lateTimeouts) else LogFork(p99, 0L, c.lateTimeouts) })
    }
    val f = dir.resolve("cells.jsonl")
    val rounds = cells.map(c => serviceKey(c.runtime, c.rate) -> c.forks.map(_._1)).toMap
    val lines = RunData.read(f).split('\n').filter(_.trim.nonEmpty).map { l =>
      val r = RunFiles.readCell(l, f.toString)
      RunFiles.cellLine(r.copy(rounds = rounds.getOrElse(r.cell, Vector.empty)))
    }
    Files.write(f, lines.mkString("", "\n", "\n").getBytes(StandardCharsets.UTF_8))
    RunData.load(dir)
  }
}
