package effectbench.store

import effectbench.{CellId, Outcome}
import effectbench.stats.Stat
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** One finished cell of a run, as recorded in cells.jsonl and its JMH JSON. */
final case class CellResult(
    key: String,
    id: Option[CellId],
    jvm: String,
    status: Outcome,
    reason: String,
    score: Option[Stat],
    alloc: Option[Stat],
    /** Per fork, the per-iteration scores of the primary metric. */
    raw: Vector[Vector[Double]],
    readBack: Vector[(String, String)],
    source: String,
    syntax: String,
    record: CellRecord
) {
  def ok: Boolean = status.ok && score.isDefined
  /** The work counted inside the cell's programs by the verifier (the scheduler family); empty in runs
    * recorded before it was counted, and for cells nothing counts. */
  def countedWork: Vector[(String, Long)] = record.work.entries.filter(_._2 >= 0)
  def scenario: String = id.map(_.scenario).getOrElse(key.takeWhile(_ != '/'))
  /** The library version the cell's runtime read back (cells.jsonl's `library`, else its read-back
    * entry), for the runtimes that report one. */
  def liveLibrary: Option[String] =
    record.library.orElse(readBack.collectFirst { case (effectbench.LibraryVersion.ReadBackKey, v) => v }).filter(_.nonEmpty)
}

/** A run directory read back: run.json, cells.jsonl and the JMH files it names. Problems with
  * single files are collected as warnings, never thrown, so every other cell still renders;
  * without a readable run.json (`meta` None) the run's settings are unknown. */
final case class RunData(
    dir: Path, meta: Option[RunMeta], cells: Vector[CellResult], warnings: Vector[String],
    /** The machine canary's check of each fork (CanaryLog), when the run had one. */
    canary: Vector[CanaryLog.ForkCheck] = Vector.empty
) {
  def id: String = meta.map(_.id).getOrElse(dir.getFileName.toString)
  def settings: String = meta.map(_.settings.id).getOrElse("")
  def settingsSummary: String = meta.map(_.settings.summary).getOrElse("")
  def profile: String = meta.map(_.profile.id).getOrElse("")
  def profileText: String = {
    val d = meta.map(_.profile.describe).getOrElse("")
    if (d.isEmpty) profile else s"$profile ($d)"
  }
  def status: Option[RunStatus] = meta.map(_.status)
  def gitRevision: String = meta.flatMap(_.git.revision).getOrElse("")
  def gitText: String = {
    val r = gitRevision.take(10)
    if (r.isEmpty) "unknown" else r + (if (meta.flatMap(_.git.dirty).contains(true)) " (dirty)" else "")
  }
  def jvms: Vector[JvmInfo] = meta.map(_.jvms).getOrElse(Vector.empty)
  def jvmLabels: Vector[String] = (jvms.map(_.label).filter(_.nonEmpty) ++ cells.map(_.jvm)).distinct
  def quickOverrides: Vector[(String, String)] = meta.toVector.flatMap(_.quickOverrides.entries).map { case (s, ps) =>
    s -> ps.entries.map { case (k, v) => s"$k=$v" }.mkString(", ")
  }
  def library(runtime: String): String = meta.flatMap(_.libraries.get(runtime)).getOrElse("")
  /** Every planned cell with its status. */
  def plan: Vector[PlanEntry] = meta.map(_.plan).getOrElse(Vector.empty)
  def engineText: String = meta.flatMap(_.engine).map(_.description).getOrElse("")
  def testOnly: Boolean = meta.exists(_.testOnly)
}

object RunData {

  /** B/op with its interval. When the file keeps each fork's allocation (a cell measured in rounds),
    * the interval is taken over the forks' means (99.9%, JMH's level): allocation can be chosen per
    * launch — two runs of one build measured a scalaz deep-bind cell at 962,278 B/op in 4 JVMs and
    * 1,344,719 in the fifth, then 962 k in 2 and 1.36 M in 3 — and JMH's interval over one fork's
    * iterations would call that a change. Otherwise JMH's own score and error. */
  def allocStat(a: JmhMetric, primary: Vector[Vector[Double]]): Stat = {
    val forks = a.rawData.filter(_.nonEmpty).map(effectbench.stats.Describe.mean)
    val n = forks.size
    if (a.rawData.size == primary.size && n >= 2 && n == primary.count(_.nonEmpty))
      Stat(effectbench.stats.Describe.mean(forks), effectbench.stats.MeanInterval.halfWidth(forks, 0.999), a.scoreUnit)
    else Stat(a.score, a.scoreError, a.scoreUnit)
  }
  def read(path: Path): String = new String(Files.readAllBytes(path), StandardCharsets.UTF_8)

  def isRunDir(dir: Path): Boolean = Files.isRegularFile(dir.resolve("run.json"))

  def load(dir: Path): RunData = {
    val warnings = Vector.newBuilder[String]
    val meta =
      try Some(RunFiles.readMeta(dir.resolve("run.json")))
      catch {
        case e: FormatError => warnings += s"${e.getMessage}; showing cells without run settings"; None
      }
    val f = dir.resolve("cells.jsonl")
    val lines = if (Files.isRegularFile(f)) read(f).split('\n').toVector else Vector.empty
    val records = lines.zipWithIndex.filter(_._1.trim.nonEmpty).flatMap { case (line, i) =>
      try Some(RunFiles.readCell(line, s"$f line ${i + 1}"))
      catch {
        case e: FormatError => warnings += s"${e.getMessage}; skipped"; None
      }
    }
    // A resumed run may record a cell again; the last record of a cell wins.
    val latest = records.groupBy(r => (r.cell, r.jvm)).map { case (_, rs) => rs.last }.toVector
    val ordered = records.filter(r => latest.exists(_ eq r))
    val cells = ordered.map(r => cell(dir, r, warnings))
    RunData(dir, meta, cells, warnings.result(), CanaryLog.read(dir))
  }

  /** One cells.jsonl record with its JMH result read back. */
  def cellOf(dir: Path, r: CellRecord): (CellResult, Vector[String]) = {
    val w = Vector.newBuilder[String]
    val c = cell(dir, r, w)
    (c, w.result())
  }

  private def cell(dir: Path, r: CellRecord, warnings: scala.collection.mutable.Builder[String, Vector[String]]): CellResult = {
    val key = r.cell
    var status = r.status
    var reason = r.reason
    var score: Option[Stat] = None
    var alloc: Option[Stat] = None
    var raw = Vector.empty[Vector[Double]]
    r.jmh.filter(_.nonEmpty).foreach { rel =>
      val f = dir.resolve(rel)
      try {
        RunFiles.readJmh(f).headOption match {
          case Some(b) =>
            val pm = b.scored
            score = Some(Stat(pm.score, pm.scoreError, pm.scoreUnit))
            raw = pm.rawData
            b.secondaryMetrics.get("gc.alloc.rate.norm").foreach(a => alloc = Some(RunData.allocStat(a, pm.rawData)))
          case None =>
            if (status.ok) { status = Outcome.Failed; reason = s"failed: $rel has no results" }
        }
      } catch {
        case e: FormatError =>
          warnings += s"$f: unreadable JMH JSON (${e.getMessage.stripPrefix(s"$f: ")}); cell $key shown without a score"
          if (status.ok) { status = Outcome.Failed; reason = s"failed: unreadable $rel" }
      }
    }
    CellResult(key, CellId.parse(key).toOption, r.jvm, status, reason, score, alloc, raw, r.readBack.entries, r.source, r.syntax, r)
  }
}
