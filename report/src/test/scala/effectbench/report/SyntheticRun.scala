package effectbench.report

import effectbench.Json
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
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
      status: String = "ok",
      reason: String = "",
      source: String = "",
      readBack: Vector[(String, String)] = Vector("tracing" -> "none"),
      jvm: String = SyntheticRun.jvm,
      /** Work the verifier counted (family S); empty: none recorded, as in older runs. */
      work: Vector[(String, Long)] = Vector.empty,
      /** Exact per-fork iterations instead of generated ones (the base is then unused). */
      raw: Option[Vector[Vector[Double]]] = None
  )

  /** 10 scenarios × 5 runtimes × 2 params × 2 modes = 200 cells, scores spread over runtimes. */
  def cells200: Vector[Spec] =
    for {
      s <- (0 until 10).toVector
      rt <- runtimes.indices
      n <- Vector(100, 1000)
      mode <- Vector("fork", "sync")
    } yield Spec(s"scenario-$s/default/${runtimes(rt)}/n=$n/$mode", base = (1 + rt * 0.5) * n / 100.0 * (1 + s * 0.1),
      alloc = 100.0 * (rt + 1) * n / 100)

  def jmhJson(spec: Spec, factor: Double, allocFactor: Double, forks: Int, iterations: Int, noise: Double, rnd: Random): Json = {
    val raw = spec.raw.map(_.map(_.map(_ * factor))).getOrElse(Vector.fill(forks) {
      val forkOffset = 1 + noise * rnd.nextGaussian() * 0.5
      Vector.fill(iterations)(spec.base * factor * forkOffset * (1 + noise * rnd.nextGaussian()))
    })
    val all = raw.flatten
    val mean = all.sum / all.size
    val sd = math.sqrt(all.map(x => (x - mean) * (x - mean)).sum / (all.size - 1))
    val err = 3.3 * sd / math.sqrt(all.size.toDouble)
    Json.arr(Json.obj(
      "benchmark" -> Json.str("effectbench.Bench.run"),
      "mode" -> Json.str(if (spec.unit.startsWith("ops/")) "thrpt" else "avgt"),
      "params" -> Json.obj("cell" -> Json.str(spec.key)),
      "primaryMetric" -> Json.obj("score" -> Json.num(mean), "scoreError" -> Json.num(err), "scoreUnit" -> Json.str(spec.unit),
        "rawData" -> Json.Arr(raw.map(f => Json.Arr(f.map(Json.num))))),
      "secondaryMetrics" -> Json.obj("gc.alloc.rate.norm" -> Json.obj("score" -> Json.num(spec.alloc * allocFactor),
        "scoreError" -> Json.num(0.001), "scoreUnit" -> Json.str("B/op")))
    ))
  }

  /** Writes a run directory; `factor(key)` scales a cell's true score (the known shift). */
  def write(dir: Path, id: String, specs: Vector[Spec], factor: String => Double = _ => 1.0, allocFactor: String => Double = _ => 1.0,
      seed: Long = 1, forks: Int = 3, iterations: Int = 5, noise: Double = 0.02, plan: Vector[(String, String)] = Vector.empty,
      profile: String = "quick"): Path = {
    Files.createDirectories(dir.resolve("jmh"))
    val rnd = new Random(seed)
    val lines = specs.map { s =>
      val slug = (if (s.jvm == jvm) "" else s.jvm + "--") + s.key.map(c => if (c.isLetterOrDigit || c == '-' || c == '.' || c == '_') c else '_')
      val rel = s"jmh/$slug.json"
      if (s.status == "ok")
        Files.write(dir.resolve(rel), jmhJson(s, factor(s.key), allocFactor(s.key), forks, iterations, noise, rnd).render.getBytes(StandardCharsets.UTF_8))
      Json.obj("cell" -> Json.str(s.key), "jvm" -> Json.str(s.jvm), "jvmPath" -> Json.str("/synthetic/java"), "group" -> Json.str("modern"),
        "status" -> Json.str(s.status), "reason" -> Json.str(s.reason), "expected" -> Json.str("1"), "got" -> Json.str("1"),
        "jmh" -> (if (s.status == "ok") Json.str(rel) else Json.Null), "readBack" -> Json.strMap(s.readBack),
        "source" -> Json.str(s.source), "syntax" -> Json.str("flatMap"),
        "work" -> Json.Obj(s.work.map { case (k, n) => k -> (Json.num(n.toDouble): Json) }), "seconds" -> Json.num(1), "finished" -> Json.str("2026-11-22T10:00:00Z")).render
    }
    Files.write(dir.resolve("cells.jsonl"), lines.mkString("", "\n", "\n").getBytes(StandardCharsets.UTF_8))
    val meta = Json.obj(
      "id" -> Json.str(id), "started" -> Json.str("2026-11-22T10:00:00Z"), "finished" -> Json.str("2026-11-22T10:30:00Z"),
      "status" -> Json.str("complete"), "commandLine" -> Json.arr(Json.str("bench"), Json.str("run")),
      "git" -> Json.obj("revision" -> Json.str("0123456789abcdef"), "dirty" -> Json.Bool(false)),
      "host" -> Json.obj("os" -> Json.str("Linux synthetic"), "cpus" -> Json.num(2), "memoryBytes" -> Json.num(1e9)),
      "jvms" -> Json.Arr((if (specs.isEmpty) Vector(jvm) else specs.map(_.jvm).distinct).map(l => Json.obj("label" -> Json.str(l),
        "java" -> Json.str("/synthetic/java"), "home" -> Json.str("/synthetic"), "version" -> Json.str("25.0.3"), "vendor" -> Json.str("Synthetic"),
        // a label ending in ", N cpu(s)" is a --cpus JVM, recorded with its count as the runner does
        "cpus" -> """, (\d+) cpus?$""".r.findFirstMatchIn(l).map(m => Json.num(m.group(1).toDouble)).getOrElse(Json.Null)))),
      "libraries" -> Json.strMap(runtimes.map(r => r -> s"$r-1.0")),
      "profile" -> Json.obj("id" -> Json.str(profile), "describe" -> Json.str("3 forks × 5 iterations (synthetic)")),
      "settings" -> Json.obj("id" -> Json.str("levelled"), "summary" -> Json.str("synthetic"),
        "jvmProperties" -> Json.obj("cats-effect" -> Json.arr(Json.str("-Dcats.effect.tracing.mode=none")))),
      "quickOverrides" -> Json.obj(),
      "plan" -> Json.Arr(specs.map(s => Json.obj("cell" -> Json.str(s.key), "jvm" -> Json.str(s.jvm), "status" -> Json.str("ok"))) ++
        plan.map { case (c, st) => Json.obj("cell" -> Json.str(c), "jvm" -> Json.str(jvm), "status" -> Json.str(st)) })
    )
    Files.write(dir.resolve("run.json"), Json.pretty(meta).getBytes(StandardCharsets.UTF_8))
    dir
  }

  def tempDir(prefix: String): Path = Files.createTempDirectory(prefix)
}
