package effectbench.cli

import effectbench.runner._
import effectbench.CellId
import effectbench.report.{CellHistory, CompareReport, LatencyCompareText, TerminalTable}
import effectbench.analysis.{LatencyCompare, RunComparison, Verdict}
import effectbench.stats.{ChangePoints, Format}
import effectbench.store.{HistoryRow, Index, RunData}
import java.nio.file.{Files, Path, Paths}
import scala.jdk.CollectionConverters._

/** `bench reindex`, `bench history` and `bench compare`: the results store and comparisons. */
object StoreCommands {
  def resultsOf(out: Option[String]): Path = out.fold(Workspace.results)(Paths.get(_)).toAbsolutePath.normalize()

  def reindex(out: Option[String]): Int = {
    val results = resultsOf(out)
    if (!Files.isDirectory(results)) UsageError(s"--out $results: no such results directory")
    val t0 = System.nanoTime()
    val (runs, cells) = new Index(results).reindex()
    println(f"indexed $runs runs, $cells cells into ${results.resolve("index.db")} in ${(System.nanoTime() - t0) / 1e9}%.1fs")
    0
  }

  private val bars = "▁▂▃▄▅▆▇█"

  /** One character per value, scaled between the smallest and largest; '·' for a missing value. */
  def sparkline(values: Vector[Option[Double]]): String = {
    val xs = values.flatten
    if (xs.isEmpty) ""
    else {
      val (lo, hi) = (xs.min, xs.max)
      values.map {
        case None => '·'
        case Some(v) => if (hi == lo) bars(3) else bars(math.min(7, ((v - lo) / (hi - lo) * 8).toInt))
      }.mkString
    }
  }

  def history(sel: Selectors, out: Option[String], limitFlag: Option[String]): Int = {
    val results = resultsOf(out)
    if (!Files.isDirectory(results)) UsageError(s"no results directory at $results; give --out RESULTS")
    val limit =
      limitFlag.map(l => l.toIntOption.filter(_ > 0).getOrElse(UsageError(s"--limit must be a positive number, got '$l'"))).getOrElse(20)
    val (store, rows) = selected(sel, results)
    if (rows.isEmpty) {
      println(s"no indexed cell matches (index: ${store.dbFile}; ./bench reindex rebuilds it from the run directories)")
      return 0
    }
    val byCell = rows.groupBy(r => (r.cell, r.jvm)).toVector.sortBy(_._1)
    if (byCell.size > limit) {
      println(
        s"${byCell.size} cells match; showing a line each (narrow the selectors, e.g. --runtime and --param, for per-run tables; --limit N)"
      )
      print(TerminalTable.table(Vector("cell", "JVM", "runs", "latest", "unit", "trend"),
          byCell.map { case ((cell, jvm), rs) =>
            val last = rs.last
            Vector(cell, jvm, rs.size.toString, last.score.map(Format.num).getOrElse(last.cellStatus), last.unit,
              sparkline(rs.map(_.score)))
          }))
    } else byCell.foreach { case ((cell, jvm), rs) => print(one(cell, jvm, rs)) }
    0
  }

  /** The index of `results` and its rows matching the selectors; a selector that matches no known
    * name is a usage error. */
  private def selected(sel: Selectors, results: Path): (Index, Vector[HistoryRow]) = {
    val params = Flags.split(sel.param).map { kv =>
      kv.indexOf('=') match {
        case -1 => UsageError(s"--param takes k=v, got '$kv'")
        case i => kv.take(i) -> kv.drop(i + 1)
      }
    }
    val store = new Index(results)
    store.ensureFilled()
    // The rule of run and list: a scenario, runtime or variant that matches nothing is a usage
    // error (exit 2) naming the valid ones, not an empty answer. Valid here: the catalog's names
    // and any name the index holds (a run of a scenario since renamed keeps its history).
    def known(what: String, pats: Vector[String], catalog: Vector[String], column: String): Unit = if (pats.nonEmpty) {
      val valid = (catalog ++ store.indexedNames(column)).distinct
      pats.foreach { pat =>
        val rx = ("\\Q" + pat.replace("*", "\\E.*\\Q") + "\\E").r
        if (!valid.exists(v => rx.pattern.matcher(v).matches())) UsageError.unknown(what, pat, valid)
      }
    }
    known("scenario", sel.scenarios, effectbench.Catalog.scenarios.map(_.id), "scenario")
    known("runtime", sel.runtimes, effectbench.Runtimes.ids, "runtime")
    known("variant", sel.variants, effectbench.Catalog.scenarios.flatMap(_.variants).distinct, "variant")
    (store, store.history(sel.scenarios, sel.runtimes, sel.variants, sel.mode.map(_.id), params))
  }

  /** The run directories of a results directory, read back. */
  def runsOf(results: Path): Vector[RunData] = {
    val s = Files.list(results)
    val dirs =
      try s.iterator().asScala.toVector.filter(RunData.isRunDir).sortBy(_.getFileName.toString)
      finally s.close()
    dirs.map(RunData.load)
  }

  /** `history --changes`: per selected cell and context (machine, profile, settings, JVM), the runs
    * at which its ratio to the baseline (its time, in a table without one) changed. */
  def changes(sel: Selectors, out: Option[String], cfg: ChangePoints.Config): Int = {
    val results = resultsOf(out)
    if (!Files.isDirectory(results)) UsageError(s"no results directory at $results; give --out RESULTS")
    val (_, rows) = selected(sel, results)
    val keys = rows.map(r => (r.runId, r.cell, r.jvm)).toSet
    val runs = runsOf(results)
    val series =
      CellHistory.primary(CellHistory.series(runs, (run, c) => keys((run.id, c.key, c.jvm)), Some(cfg))).sortBy(s =>
        (s.cell, s.context.label)
      )
    val changed = series.filter(_.changes.nonEmpty)
    println(
      f"${series.size} series (a cell within one machine and settings) of ${runs.size} runs searched; ${changed.size} changed " +
        f"(E-divisive means, alpha ${cfg.alpha}%.3g, min change ${cfg.minChange * 100}%.1f%%, ${cfg.permutations} permutations, seed ${cfg.seed})"
    )
    val short = series.count(_.points.size < 4)
    if (short > 0) println(s"$short series have fewer than 4 runs: too few to show a change at this level")
    changed.foreach { s =>
      println(
        s"\n${s.cell} ${s.measure} (${s.unit})\n  on ${s.context.label}: ${s.points.size} runs ${sparkline(s.points.map(p => Some(p.value)))}"
      )
      print(TerminalTable.table(Vector("at run", "started", "git", "before", "after", "change", "p"),
          s.changes.map { c =>
            val p = s.points(c.index)
            Vector(p.runId, p.started.take(19).replace('T', ' '), p.git, Format.num(c.before), Format.num(c.after),
              f"${c.relative * 100}%+.1f%%", f"${c.pValue}%.3f")
          }))
    }
    0
  }

  private def one(cell: String, jvm: String, rs: Vector[HistoryRow]): String = {
    val sb = new StringBuilder
    val units = rs.map(_.unit).filter(_.nonEmpty).distinct
    val profiles = rs.map(r => s"${r.profile}/${r.settings}").distinct
    sb.append(s"\n$cell @ $jvm  ${units.mkString(", ")}  ${sparkline(rs.map(_.score))}\n")
    if (profiles.size > 1)
      sb.append(s"note: these runs used different profiles/settings (${profiles.mkString(", ")}); compare like with like\n")
    val runtime = rs.head.runtime
    // The version as labelled (a `--lib` cell's label, the key after '@'; any other cell ran its
    // run's build) and, beside it, the version its runtime read back from the jar it ran.
    val live = rs.exists(_.library.nonEmpty)
    def label(r: HistoryRow): String =
      Some(r.lib).filter(_.nonEmpty).orElse(CellId.parse(r.cell).toOption.flatMap(_.lib)).orElse(r.libraries.get(runtime)).getOrElse("")
    sb.append(TerminalTable.table(
        Vector("run", "started", "profile", "settings", "git", s"$runtime version") ++ (if (live) Vector("live version") else Vector()) ++
          Vector("score ± error", "B/op"),
        rs.map { r =>
          Vector(r.runId, r.started.take(19).replace('T', ' '), r.profile, r.settings,
            if (r.gitRevision.isEmpty) "?" else r.gitRevision.take(10) + (if (r.gitDirty) "*" else ""), label(r)) ++
            (if (live) Vector(if (r.library.isEmpty) "?" else r.library) else Vector()) ++ Vector(
              r.score.map(s => Format.num(s) + r.error.filterNot(_.isNaN).map(e => s" ± ${Format.num(e)}").getOrElse("")).getOrElse(
                s"${r.cellStatus}"
              ),
              r.alloc.map(a => Format.bytes(Some(effectbench.stats.Stat(a, Double.NaN, "B/op")))).getOrElse("?")
            )
        }
      ))
    if (rs.exists(_.gitDirty)) sb.append("* uncommitted changes in the working tree at that run\n")
    sb.toString
  }

  /** A run directory given as a path, or as a run id under the results directory. */
  def runArg(s: String): Path = {
    val p = Paths.get(s).toAbsolutePath.normalize()
    val underResults = Workspace.results.resolve(s)
    if (RunData.isRunDir(p)) p
    else if (RunData.isRunDir(underResults)) underResults
    else if (Files.exists(p)) UsageError(s"$s: not a run directory (no run.json)")
    else UsageError(s"$s: no such run directory")
  }

  def compare(
      runA: Option[String], runB: Option[String], format: CompareFormat, thresholdFlag: Option[String], tailFlag: Option[String],
      out: Option[String], level: ConfidenceFlag, failOnRegression: Boolean
  ): Int = {
    val (a0, b0) = (runA, runB) match {
      case (Some(a), Some(b)) => (a, b)
      case _ => UsageError("compare: give two run directories, RUN_A (before) and RUN_B (after)")
    }
    def fraction(flag: String, value: Option[String], default: Double, example: String): Double = value.map(t =>
      t.toDoubleOption.filter(x => x >= 0 && x < 1).getOrElse(UsageError(s"--$flag must be a fraction in [0, 1), e.g. $example, got '$t'"))
    ).getOrElse(default)
    val threshold = fraction("threshold", thresholdFlag, 0.05, "0.05")
    val tailThreshold = fraction("tail-threshold", tailFlag, LatencyCompare.DefaultTailThreshold, "0.2")
    val confidence = level.level
    val (dirA, dirB) = (runArg(a0), runArg(b0))
    val loadingB = java.util.concurrent.CompletableFuture.supplyAsync(() => RunData.load(dirB)) // both runs read at once
    val a = RunData.load(dirA)
    val b = loadingB.join()
    (a.warnings ++ b.warnings).foreach(w => Console.err.println(s"warning: $w"))
    val c = RunComparison.compare(a, b, threshold, confidence = confidence, tailThreshold = tailThreshold)
    val latency = LatencyCompare.diffs(a, b, tailThreshold, confidence)
    val text =
      if (format == CompareFormat.Markdown) CompareReport.markdown(c) + LatencyCompareText.markdown(latency, tailThreshold)
      else CompareReport.terminal(c) + LatencyCompareText.terminal(latency, tailThreshold)
    out match {
      case Some(f) => Reports.write(Paths.get(f), text); println(s"wrote ${Paths.get(f).toAbsolutePath}")
      case None => print(text)
    }
    val regressed = c.regressed.size + latency.count(_.verdict == Verdict.Regressed)
    if (failOnRegression && regressed > 0) {
      Console.err.println(s"bench: $regressed cells regressed (--fail-on-regression)")
      1
    } else 0
  }
}
