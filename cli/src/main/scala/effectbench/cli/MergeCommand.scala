package effectbench.cli

import effectbench.CellId
import effectbench.runner._
import effectbench.store.{
  CellRecord,
  FormatError,
  Index,
  MachineInfo,
  MergedInfo,
  MergedShard,
  PlanEntry,
  RunData,
  RunFiles,
  RunMeta,
  RunStatus,
  ShardInfo
}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths, StandardCopyOption}
import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

/** `bench merge SHARD_DIR... --out RESULTS [--partial]`: the shards of one run (`run --shard K/N`,
  * maybe measured on several machines) as one run directory that report, compare and history read
  * like any other. Shards of different plans, settings, profiles or revisions, a table given twice
  * and a missing shard are refused in one line; `--partial` merges what is there and says what is
  * missing. Each cell keeps the shard and machine that measured it, so reports can name them. */
object MergeCommand {
  final case class ShardRun(dir: Path, meta: RunMeta, shard: ShardInfo) {
    def name: String = dir.getFileName.toString
    def k: Int = shard.k
    def n: Int = shard.n
    def plan: String = shard.plan
    def split: String = shard.split
    def machine: Option[MachineInfo] = meta.machine
    def fingerprint: String = machine.map(_.fingerprint).getOrElse("")
    def tables: Vector[String] = shard.tables
  }

  /** A run directory, or a directory holding run directories (an artifact download), expanded. */
  private def runDirs(arg: String): Vector[Path] = {
    val p = Paths.get(arg).toAbsolutePath.normalize()
    if (!Files.exists(p)) UsageError(s"merge: $arg: no such directory")
    if (RunData.isRunDir(p)) Vector(p)
    else {
      val inside = if (Files.isDirectory(p)) {
        val s = Files.list(p);
        try s.iterator().asScala.toVector.filter(RunData.isRunDir).sortBy(_.toString)
        finally s.close()
      } else Vector.empty
      if (inside.isEmpty) UsageError(s"merge: $arg: not a run directory (no run.json), nor a directory of run directories")
      inside
    }
  }

  private def load(dir: Path): ShardRun = {
    val meta =
      try RunFiles.readMeta(dir.resolve("run.json"))
      catch {
        case e: FormatError => UsageError(s"merge: ${e.getMessage}")
      }
    val s =
      meta.shard.getOrElse(UsageError(s"merge: $dir is not a shard (it was run without --shard K/N); merge takes the shards of one run"))
    ShardRun(dir, meta, s)
  }

  /** The first way the shards disagree, as one line; None when they are shards of one run. */
  def disagreement(shards: Vector[ShardRun]): Option[String] = {
    def differ(what: String, f: ShardRun => String): Option[String] = {
      val by = shards.groupBy(f)
      if (by.size <= 1) None
      else Some(s"merge: shards of different $what: " + shards.map(s => s"${s.name} (${f(s)})").mkString(
        ", "
      ) + "; merge only the shards of one run")
    }
    differ("profiles", _.meta.profile.id)
      .orElse(differ("settings", _.meta.settings.id))
      .orElse(differ("plans", s => s"plan ${s.plan}"))
      .orElse(differ("git revisions", _.meta.git.revision.getOrElse("")))
      .orElse(differ("shard counts", s => s"of ${s.n}"))
      .orElse(differ("splits (the shards estimated durations from different timing histories)", s => s"split ${s.split}"))
      .orElse {
        shards.groupBy(_.k).toVector.sortBy(_._1).collectFirst {
          case (k, ss) if ss.size > 1 =>
            s"merge: duplicate tables: shard $k/${ss.head.n} is given ${ss.size} times (${ss.map(_.name).mkString(", ")})"
        }
      }
      .orElse {
        val owners = shards.flatMap(s => s.tables.map(_ -> s.name)).groupBy(_._1).toVector.sortBy(_._1)
        owners.collectFirst { case (t, os) if os.size > 1 => s"merge: duplicate tables: $t is in ${os.map(_._2).mkString(" and ")}" }
      }
  }

  def merge(shardDirs: Vector[String], outFlag: Option[String], partial: Boolean, argv: Vector[String]): Int = {
    if (shardDirs.isEmpty) UsageError("merge: give the shard run directories, e.g. ./bench merge shard-1 shard-2 --out results")
    if (outFlag.isEmpty) UsageError("merge: --out RESULTS is required (the results directory the merged run is written into)")
    val shards = shardDirs.flatMap(runDirs).distinct.map(load).sortBy(s => (s.k, s.name))
    disagreement(shards).foreach(UsageError(_))
    val n = shards.head.n
    val missing = (1 to n).filterNot(k => shards.exists(_.k == k)).toVector
    val units = shards.head.shard.units.map(u => (u.unit, u.shard))
    val missingUnits = units.filter(u => missing.contains(u._2)).map(_._1)
    if (missing.nonEmpty && !partial)
      UsageError(s"merge: missing shard${if (missing.size > 1) "s" else ""} ${missing.map(k => s"$k/$n").mkString(", ")} " +
        s"(${missingUnits.size} blocks, e.g. ${missingUnits.take(3).mkString(", ")}); give every shard, or --partial to merge what is there")
    val out = EngineFlags.out(outFlag)
    val first = shards.head
    val scope = first.name.replaceFirst("^\\d{8}-\\d{6}-", "").replaceFirst("-shard\\d+of\\d+(-\\d+)?$", "")
    val dir = RunDir.fresh(out, s"$scope-merged")
    val records = Vector.newBuilder[CellRecord]
    val warnings = Vector.newBuilder[String]
    shards.foreach { s =>
      val sub = s"shard-${s.k}"
      copyTree(s.dir.resolve("jmh"), dir.jmhDir.resolve(sub), overwrite = true)
      copyTree(s.dir.resolve("logs"), dir.logDir.resolve(sub), overwrite = true)
      copyTree(s.dir.resolve("sources"), dir.dir.resolve("sources"), overwrite = false) // the same file at the same revision
      // Each shard's machine canary, its files under the shard's directory as the forks were copied.
      effectbench.store.CanaryLog.read(s.dir).foreach { c =>
        effectbench.store.CanaryLog.append(dir.dir,
          c.copy(table = s"${c.table} (shard ${s.k})", file = s"jmh/$sub/" + c.file.stripPrefix("jmh/")))
      }
      val f = s.dir.resolve("cells.jsonl")
      val lines = if (Files.isRegularFile(f)) RunData.read(f).split('\n').toVector.filter(_.trim.nonEmpty) else Vector.empty
      lines.zipWithIndex.foreach { case (l, i) =>
        try {
          val r = RunFiles.readCell(l, s"$f line ${i + 1}")
          records += r.copy(jmh = r.jmh.filter(_.nonEmpty).map(rel => s"jmh/$sub/" + rel.stripPrefix("jmh/")), shard = Some(s.k),
            machine = Some(s.fingerprint))
        } catch { case e: FormatError => warnings += s"${e.getMessage}; skipped" }
      }
    }
    records.result().foreach(dir.appendCell)
    Files.write(dir.runLog, mergedLog(shards).getBytes(StandardCharsets.UTF_8))
    // The merged plan in the whole plan's order: each block's cells from the shard that owns it.
    val planOf = shards.flatMap(s => s.meta.plan.map(p => p -> s.k))
    val blockOf = (p: PlanEntry) => CellId.parse(p.cell).toOption.map(_.group).getOrElse(p.cell)
    val plan = units.filterNot(u => missing.contains(u._2)).flatMap { case (u, k) =>
      planOf.collect { case (p, `k`) if blockOf(p) == u => p }
    }
    val complete = missing.isEmpty && shards.forall(_.meta.status == RunStatus.Complete)
    val started = shards.map(_.meta.started).filter(_.nonEmpty).sorted
    val finished = shards.flatMap(_.meta.finished).filter(_.nonEmpty).sorted
    // The first shard's settings, profile, engine and host stand for the run (the shards agree on them).
    val meta = first.meta.copy(
      id = dir.dir.getFileName.toString,
      started = started.headOption.getOrElse(""),
      finished = finished.lastOption,
      status = if (complete) RunStatus.Complete else RunStatus.Partial,
      commandLine = "bench" +: "merge" +: argv,
      jvms = shards.flatMap(_.meta.jvms).distinctBy(_.label),
      plan = plan,
      machine = None,
      shard = None,
      merged = Some(MergedInfo(first.plan, first.split, n, missing, missingUnits,
          shards.map(s =>
            MergedShard(s.k, s.meta.id, s.dir.toString, s.meta.status, s.meta.started, s.meta.finished, s.machine, s.meta.host)
          )))
    )
    dir.writeMeta(meta)
    warnings.result().foreach(w => Console.err.println(s"warning: $w"))
    val (runs, cells) = new Index(out).reindex()
    println(s"merged ${shards.size} of $n shards (${records.result().size} cells, ${shards.map(
          _.fingerprint
        ).distinct.size} machines); indexed $runs runs, $cells cells in ${out.resolve("index.db")}")
    shards.filter(_.meta.status != RunStatus.Complete).foreach(s =>
      println(s"note: shard ${s.k}/$n (${s.name}) is ${s.meta.status.id}: its unrecorded cells are missing")
    )
    if (missing.nonEmpty) {
      println(
        s"missing: shard${if (missing.size > 1) "s" else ""} ${missing.map(k => s"$k/$n").mkString(", ")}, ${missingUnits.size} blocks:"
      )
      missingUnits.foreach(u => println(s"  $u"))
    }
    println(dir.dir.toString)
    0
  }

  /** The merged run's run.log: each shard's, in shard order, under a line naming the shard, its run
    * directory and its status (`== shard 1/2: 20261128-125536-quick-headline-shard1of2 (complete) ==`);
    * a shard without a run.log says so on that line. Its lines keep the shard's elapsed times. */
  def mergedLog(shards: Vector[ShardRun]): String = shards.map { s =>
    val f = s.dir.resolve("run.log")
    val has = Files.isRegularFile(f)
    val head = s"== shard ${s.k}/${s.n}: ${s.name} (${s.meta.status.id}${if (has) "" else "; no run.log"}) =="
    val body = if (has) new String(Files.readAllBytes(f), StandardCharsets.UTF_8) else ""
    head + "\n" + body + (if (body.isEmpty || body.endsWith("\n")) "" else "\n")
  }.mkString

  private def copyTree(from: Path, to: Path, overwrite: Boolean): Unit = if (Files.isDirectory(from)) {
    val s = Files.walk(from)
    try s.iterator().asScala.toVector.foreach { p =>
        val target = to.resolve(from.relativize(p).toString)
        if (Files.isDirectory(p)) Files.createDirectories(target)
        else if (overwrite || !Files.exists(target)) {
          Files.createDirectories(target.getParent)
          Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING)
        }
      }
    finally s.close()
  }
}
