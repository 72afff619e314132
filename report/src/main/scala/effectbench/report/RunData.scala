package effectbench.report

import effectbench.{CellId, Json}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import scala.util.control.NonFatal

/** A measured statistic: JMH's score with its 99.9% confidence half-width and unit. */
final case class Stat(score: Double, error: Double, unit: String) {
  def low: Double = if (error.isNaN) score else score - error
  def high: Double = if (error.isNaN) score else score + error
  def overlaps(o: Stat): Boolean = low <= o.high && o.low <= high
  /** Whether a higher score is better (throughput units) or worse (time/op, B/op). */
  def higherIsBetter: Boolean = unit.startsWith("ops/")
}

/** One finished cell of a run, as recorded in cells.jsonl and its JMH JSON. */
final case class CellResult(
    key: String,
    id: Option[CellId],
    jvm: String,
    status: String,
    reason: String,
    score: Option[Stat],
    alloc: Option[Stat],
    /** Per fork, the per-iteration scores of the primary metric. */
    raw: Vector[Vector[Double]],
    readBack: Vector[(String, String)],
    source: String,
    syntax: String,
    record: Json
) {
  def ok: Boolean = status == "ok" && score.isDefined
  /** The work counted inside the cell's programs by the verifier (family S); empty in runs
    * recorded before it was counted, and for cells nothing counts. */
  def countedWork: Vector[(String, Long)] = record("work").fields.map { case (k, n) => (k, n.num.toLong) }.filter(_._2 >= 0)
  def scenario: String = id.map(_.scenario).getOrElse(key.takeWhile(_ != '/'))
}

/** A run directory read back: run.json, cells.jsonl and the JMH files it names. Problems with
  * single files are collected as warnings, never thrown, so every other cell still renders. */
final case class RunData(dir: Path, meta: Json, cells: Vector[CellResult], warnings: Vector[String]) {
  def id: String = meta("id").strOpt.getOrElse(dir.getFileName.toString)
  def settings: String = meta("settings")("id").str
  def profile: String = meta("profile")("id").str
  def profileText: String = {
    val d = meta("profile")("describe").str
    if (d.isEmpty) profile else s"$profile ($d)"
  }
  def status: String = meta("status").str
  def gitRevision: String = meta("git")("revision").str
  def gitText: String = {
    val r = gitRevision.take(10)
    if (r.isEmpty) "unknown" else r + (if (meta("git")("dirty") == Json.Bool(true)) " (dirty)" else "")
  }
  def jvmLabels: Vector[String] = {
    val declared = meta("jvms").arr.map(_("label").str).filter(_.nonEmpty)
    (declared ++ cells.map(_.jvm)).distinct
  }
  def quickOverrides: Vector[(String, String)] = meta("quickOverrides").fields.map { case (s, ps) =>
    s -> ps.fields.map { case (k, v) => s"$k=${v.str}" }.mkString(", ")
  }
  def library(runtime: String): String = meta("libraries")(runtime).str
  /** Every planned cell with its status text ("ok", "n/a: ...", "skipped: ..."), as (cell, jvm, status). */
  def plan: Vector[(String, String, String)] = meta("plan").arr.map(p => (p("cell").str, p("jvm").str, p("status").str))
}

object RunData {
  def read(path: Path): String = new String(Files.readAllBytes(path), StandardCharsets.UTF_8)

  def isRunDir(dir: Path): Boolean = Files.isRegularFile(dir.resolve("run.json"))

  def load(dir: Path): RunData = {
    val warnings = Vector.newBuilder[String]
    val meta = try Json.parse(read(dir.resolve("run.json"))) catch {
      case NonFatal(e) => warnings += s"${dir.resolve("run.json")}: unreadable (${e.getMessage}); showing cells without run settings"; Json.obj()
    }
    val lines = {
      val f = dir.resolve("cells.jsonl")
      if (Files.isRegularFile(f)) read(f).split('\n').toVector.filter(_.trim.nonEmpty) else Vector.empty
    }
    val records = lines.zipWithIndex.flatMap { case (line, i) =>
      try Some(Json.parse(line)) catch {
        case NonFatal(e) => warnings += s"${dir.resolve("cells.jsonl")} line ${i + 1}: unreadable (${e.getMessage}); skipped"; None
      }
    }
    // A resumed run may record a cell again; the last record of a cell wins.
    val latest = records.groupBy(r => (r("cell").str, r("jvm").str)).map { case (_, rs) => rs.last }.toVector
    val ordered = records.filter(r => latest.exists(_ eq r))
    val cells = ordered.map(r => cell(dir, r, warnings))
    RunData(dir, meta, cells, warnings.result())
  }

  /** One cells.jsonl record with its JMH result read back. */
  def cellOf(dir: Path, r: Json): (CellResult, Vector[String]) = {
    val w = Vector.newBuilder[String]
    val c = cell(dir, r, w)
    (c, w.result())
  }

  private def cell(dir: Path, r: Json, warnings: scala.collection.mutable.Builder[String, Vector[String]]): CellResult = {
    val key = r("cell").str
    var status = r("status").str
    var reason = r("reason").str
    var score: Option[Stat] = None
    var alloc: Option[Stat] = None
    var raw = Vector.empty[Vector[Double]]
    r("jmh").strOpt.filter(_.nonEmpty).foreach { rel =>
      val f = dir.resolve(rel)
      try {
        val results = Json.parse(read(f)).arr
        results.headOption match {
          case Some(b) =>
            val pm = b("primaryMetric")
            score = Some(Stat(pm("score").num, pm("scoreError").num, pm("scoreUnit").str))
            raw = pm("rawData").arr.map(_.arr.map(_.num))
            b("secondaryMetrics").get("gc.alloc.rate.norm").foreach { a =>
              alloc = Some(Stat(a("score").num, a("scoreError").num, a("scoreUnit").str))
            }
          case None =>
            if (status == "ok") { status = "failed"; reason = s"failed: $rel has no results" }
        }
      } catch {
        case NonFatal(e) =>
          warnings += s"$f: unreadable JMH JSON (${e.getMessage}); cell $key shown without a score"
          if (status == "ok") { status = "failed"; reason = s"failed: unreadable $rel" }
      }
    }
    CellResult(key, CellId.parse(key).toOption, r("jvm").str, status, reason, score, alloc, raw,
      r("readBack").fields.map { case (k, v) => (k, v.str) }, r("source").str, r("syntax").str, r)
  }
}
