package effectbench.report

import effectbench.stats.{CellEstimate, CellRatios, ForkStats, LaunchSpread, RatioEstimate, StateRatio}
import effectbench.analysis.{Floor, TableJudging}
import effectbench.{Catalog, Runtimes}
import effectbench.store.{CellResult, RunData, RunStatus}

/** One runtime's row within a group, as numbers: the cell, its fork-level estimate and its ratios
  * to the table's fastest and baseline rows. The renderers word it (RowText). */
final case class Row(
    cell: CellResult,
    runtime: String,
    /** The fork-level estimate; none for a cell without raw data (nothing is compared with it). */
    estimate: Option[CellEstimate] = None,
    /** How many times slower than the table's fastest row, with its own interval; none for the
      * fastest row itself and for a row without an estimate. A cell with several launch states is
      * compared through its most frequent state (TableJudging.reference). */
    vsFastest: Option[RatioEstimate] = None,
    /** The same against the table's baseline row; none for the baseline itself, a row without an
      * estimate, and in a table without a scored baseline. */
    vsBaseline: Option[RatioEstimate] = None,
    isFastest: Boolean = false,
    isBaseline: Boolean = false,
    /** For a cell with several launch states, each state's own ratio to the fastest row. */
    statesVsFastest: Vector[StateRatio] = Vector.empty,
    /** ... and to the baseline row (empty in a table without one). */
    statesVsBaseline: Vector[StateRatio] = Vector.empty
) {
  /** Whether the row has a fork-level estimate, so that ratios are taken for it. */
  def scored: Boolean = estimate.isDefined
  def multiState: Boolean = estimate.exists(_.multiState)
  /** Whether its table has a scored baseline row. */
  def hasBaseline: Boolean = scored && (isBaseline || vsBaseline.isDefined)
  /** Slowdown against the fastest (1 = fastest), and its interval from the forks of both cells. */
  def slowdown: Option[Double] = if (scored) Some(vsFastest.fold(1.0)(_.ratio)) else None
  def slowdownLow: Option[Double] = slowdown.map(sd => vsFastest.fold(sd)(_.low))
  def slowdownHigh: Option[Double] = slowdown.map(sd => vsFastest.fold(sd)(_.high))
  /** The ratio to the fastest decides nothing: its interval holds 1, a cell has several modes, or
    * there is no interval. */
  def tie: Boolean = TableJudging.tie(vsFastest)
}

/** The cells compared with each other: same scenario, variant, params, mode and JVM. */
final case class Group(
    key: String, scenario: String, variant: String, params: String, mode: String, jvm: String, rows: Vector[Row],
    /** For a merged run, the shard and machine that measured the table (see Machines). */
    machine: String = "",
    /** Modes and unsettled forks of the group's cells, said under its table. */
    notes: Vector[String] = Vector.empty
) {
  def title: String = s"$scenario/$variant/$params/$mode"
  def unit: String = rows.flatMap(_.cell.score.map(_.unit)).headOption.getOrElse("")
}

/** A table as text, as the renderers lay it out: column heads and rows (a row may be shorter than
  * the heads: the rest is empty). */
final case class TextTable(head: Vector[String], rows: Vector[Vector[String]])

/** One view of a style scenario (the error family, see StyleTable): a title, its tables (times, then
  * bytes; or one table of a swept parameter) and the lines said under them. */
final case class StyleBlock(scenario: String, title: String, tables: Vector[StyleGrid], notes: Vector[String])

/** How a row of a results table is marked (analysis's TableJudging.mark decides it). */
type RowMark = effectbench.analysis.RowMark
val RowMark: effectbench.analysis.RowMark.type = effectbench.analysis.RowMark

/** The work of one operation of a cell: counted inside its programs, or declared by its scenario;
  * per unit, primary unit first. */
final case class WorkPerOp(counted: Boolean, units: Vector[(String, Long)])

/** One row of a results table: its numbers, how it is marked, its counters, its work per
  * operation and, for a cell that was not measured, why. */
final case class RowView(row: Row, mark: RowMark, counters: Counters, work: Option[WorkPerOp], reason: String) {
  def runtime: String = row.runtime
  def measured: Boolean = mark != RowMark.NotMeasured
}

/** One results table: its group, rows, the flags said under it (floor, read-back), the notes
  * (modes, unsettled forks), and whether a style block shows its cells in the terminal. */
final case class Block(group: Group, rows: Vector[RowView], flags: Vector[String], notes: Vector[String], styled: Boolean) {
  def title: String = group.title
}

/** Everything a report of a run shows, format-free: TerminalTable, Markdown and Html lay it out. */
final case class Report(
    id: String,
    header: Vector[(String, String)],
    readBack: Vector[(String, Boolean)],
    warnings: Vector[String],
    styles: Vector[StyleBlock],
    blocks: Vector[Block],
    /** Planned cells that were not measured: cell, JVM, status. */
    planned: Vector[(String, String, String)],
    /** Those and the recorded cells without a score, with the reason. */
    notMeasured: Vector[(String, String, String)],
    oneJvm: Boolean,
    statsLegend: String,
    countersLegend: String,
    profileDiff: Option[String],
    /** Every table's ratios to its fastest row, per runtime: what the HTML report opens with. */
    summary: Summary,
    /** For a run measured with across-params, each sweep's param sets against its first. */
    sweeps: Vector[Sweep] = Vector.empty,
    /** The line said under a sweep. */
    sweepNote: String = ""
) {
  /** The footnotes every format prints under its tables. */
  def legends: Vector[String] = Vector(statsLegend, countersLegend)
}

/** What every report format shows, computed once. */
object ReportModel {
  /** The columns of every results table (HTML adds its own beside them). */
  val columns: Vector[String] =
    Vector("runtime", "score ± error", "unit", "vs fastest", "vs baseline", "B/op", "precision") ++ Counters.heads

  /** The cells compared with each other: one table per scenario/variant/params/mode and JVM. */
  def groupKey(c: CellResult): String = c.id match {
    // A merged run's shard is part of the key: a table (and its ratios) never spans two machines.
    case Some(id) => s"${id.group} @ ${c.jvm}" + c.record.shard.fold("")(k => s" # shard $k")
    case None => c.key
  }

  /** The row of a cell: its runtime, and for a `--lib` cell the version — as the live runtime read
    * it back (cells.jsonl `library`), with the label asked when the two differ
    * (`cats-effect local:3.8.0-SNAPSHOT (live 3.8.0-SNAPSHOT+12-abc)`, `zio 2.1.26#2`). */
  def rowLabel(c: CellResult): String = c.id match {
    case Some(id) => versionLabel(id.runtime, id.lib,
        c.record.library.orElse(c.readBack.collectFirst {
          case (effectbench.LibraryVersion.ReadBackKey, v) => v
        }))
    case None => c.key
  }

  def versionLabel(runtime: String, lib: Option[String], live: Option[String]): String = lib match {
    case None => runtime
    case Some(label) => live.filter(_ != label.takeWhile(_ != '#')) match {
        case Some(v) => s"$runtime $label (live $v)"
        case None => s"$runtime $label"
      }
  }

  def reasonText(status: effectbench.Outcome, reason: String): String =
    if (reason.startsWith(status.id)) reason else if (reason.isEmpty) status.id else s"${status.id}: $reason"

  /** The report of a run. */
  def build(run: RunData, confidence: Double = ForkStats.DefaultConfidence): Report = {
    val (styles, plainCells) = StyleTable.blocks(run)
    val plain = plainCells.map(_.key).toSet
    val blocks = groups(run, confidence).map { g =>
      val floor = floorFlags(g).map(_.cell.key).toSet
      val rows = g.rows.map { r =>
        val c = r.cell
        val reason = reasonText(c.status, c.reason)
        val mark = TableJudging.mark(c.ok, floor.contains(c.key), r.isFastest, r.vsFastest)
        RowView(r, mark, if (c.ok) Counters.of(run.dir, c) else Counters.none, work(c), reason)
      }
      Block(g, rows, tableNotes(run, g), g.notes, styled = !g.rows.exists(r => plain.contains(r.cell.key)))
    }
    Report(run.id, header(run), readBackSummary(run), mixWarnings(run), styles, blocks,
      run.plan.filterNot(_.status.runnable).map(p => (p.cell, p.jvm, p.status.text)), notMeasured(run),
      run.jvmLabels.size <= 1, CellStats.legend(confidence), Counters.legend, ProfilerLinks.diff(run),
      Summary.of(blocks, run.plan, run.jvmLabels.size <= 1), Sweeps.of(run, blocks.map(_.group)), Sweeps.note(confidence))
  }

  def groups(run: RunData, confidence: Double = ForkStats.DefaultConfidence): Vector[Group] = {
    val byKey = run.cells.groupBy(groupKey)
    val order = run.cells.map(groupKey).distinct
    order.map { g =>
      val cells = byKey(g)
      val est: Map[String, CellEstimate] = cells.flatMap(c => CellStats.estimate(c, confidence).map(c.key -> _)).toMap
      val higher = cells.flatMap(_.score).headOption.exists(_.higherIsBetter)
      val scored = cells.filter(c => est.contains(c.key))
      // A cell with several launch states is compared through its most frequent state (TableJudging.reference).
      val ref0: Map[String, CellEstimate] = est.map { case (k, e) => k -> TableJudging.reference(e) }
      val fastest = TableJudging.fastest(scored.map(c => c -> ref0(c.key)), higher).map(_._1)
      // Every relayed ratio of the table is weighed against the table's launch spread (TableJudging.withPrior).
      val prior = fastest.flatMap(f => TableJudging.priorOf(f.key -> ref0(f.key), ref0.toVector))
      val ref = ref0.map { case (k, e) => k -> e.copy(prior = prior) }
      val baseline = scored.find(c => c.id.exists(_.runtime == Runtimes.Baseline.id))
      val rows = cells.map { c =>
        val rt = rowLabel(c)
        (est.get(c.key), fastest) match {
          case (Some(e), Some(f)) =>
            val isFastest = f.key == c.key
            val vsF = if (isFastest) None else Some(CellRatios.slowdown(ref(c.key), ref(f.key), higher))
            val vsB = baseline.filterNot(_.key == c.key).map(b => CellRatios.slowdown(ref(c.key), ref(b.key), higher))
            def perState(to: CellResult) = if (e.multiState) CellRatios.stateSlowdowns(e, ref(to.key), higher) else Vector.empty
            Row(c, rt, Some(e.copy(prior = prior)), vsF, vsB, isFastest, baseline.exists(_.key == c.key), perState(f),
              baseline.toVector.flatMap(perState))
          case _ => Row(c, rt)
        }
      }
      val unit = cells.flatMap(_.score.map(_.unit)).headOption.getOrElse("")
      val notes = rows.flatMap(r =>
        r.estimate.toVector.flatMap(e => CellStats.notes(r.runtime, e, unit, forks => Counters.ofForks(run.dir, r.cell, forks)))
      ) ++ CellStats.roundNotes(rows.flatMap(r => r.estimate.map(r.runtime -> _))) ++
        prior.map(p => CellStats.priorNote(p, rows.flatMap(_.estimate).map(_.rounds.distinct.size - 1).filter(_ >= 1).maxOption))
      val c0 = cells.head
      c0.id match {
        case Some(id) =>
          Group(g, id.scenario, id.variant, effectbench.Params.encode(id.params), id.mode.id, c0.jvm, rows, Machines.of(run, c0), notes)
        case None => Group(g, c0.scenario, "?", "?", "?", c0.jvm, rows, Machines.of(run, c0), notes)
      }
    }
  }

  /** The settings every table of the run was measured under, as label/value lines. */
  def header(run: RunData): Vector[(String, String)] = {
    val m = run.meta
    Vector(
      "run" -> s"${run.id} (${run.status.map(_.id).getOrElse("status unknown")})",
      "profile" -> run.profileText,
      "settings" -> (run.settings + (if (run.settingsSummary.nonEmpty)
                                       s": ${run.settingsSummary} (as requested; \"read back\" lists what the live runtimes report)"
                                     else "")),
      "JVM" -> (if (run.jvmLabels.isEmpty) "unknown" else run.jvmLabels.mkString(", ")),
      "quick overrides" -> (if (run.quickOverrides.isEmpty) "none" else run.quickOverrides.map { case (s, p) => s"$s: $p" }.mkString("; ")),
      "engine" -> run.engineText,
      "git" -> run.gitText,
      "host" -> m.map(h => s"${h.host.os}, ${h.host.cpus} cpus").getOrElse("")
    ) ++ Machines.header(run) ++ launchSpread(run).map(s => "launch spread" -> s.text) ++ relaySpread(run).map("relay spread" -> _) ++
      effectbench.store.CanaryLog.summary(run.canary).map("machine canary" -> _) ++ Vector(
        "started" -> m.map(r => r.started + r.finished.map(f => s", finished $f").getOrElse("")).getOrElse("")
      ).filter(_._2.trim.nonEmpty)
  }

  /** The flag of a cell measured faster than its table's plain-code baseline. */
  val FloorFlag: String = effectbench.DeclaredWork.belowFloorText

  /** The declared work of one operation of a cell (primary unit first), from the catalog. */
  def declaredWork(c: CellResult): Vector[(String, Long)] =
    c.id.flatMap(id => Catalog.get(id.scenario, includeTestOnly = true).map(s => s.workOf(id.runtime, s.complete(id.params)))).getOrElse(
      Vector.empty
    )

  /** A time score with its declared work per operation (primary unit): what the floor rule weighs. */
  private def timedWork(c: CellResult): Option[(effectbench.stats.Stat, Long)] = for {
    s <- c.score if c.ok && !s.higherIsBetter && !s.score.isNaN
    (_, n) <- declaredWork(c).headOption if n > 0
  } yield (s, n)

  /** Whether a cell is under its table's plain-code baseline by the floor rule (analysis's Floor). */
  def belowFloor(c: CellResult, baseline: Option[CellResult]): Boolean = (baseline, timedWork(c)) match {
    case (Some(b), Some((s, n))) if b.key != c.key && checked(c) =>
      timedWork(b).exists { case (bs, bn) => Floor.below(s.high, n, bs.low, bn) }
    case _ => false
  }

  private def checked(c: CellResult): Boolean =
    c.id.exists(id => Catalog.get(id.scenario, includeTestOnly = true).exists(Floor.checked(id.runtime, _)))

  def baselineOf(g: Group): Option[CellResult] = g.rows.map(_.cell).find(c => c.id.exists(_.runtime == Runtimes.Baseline.id) && c.ok)

  /** The cells of a group flagged as faster than the floor. */
  def floorFlags(g: Group): Vector[Row] = g.rows.filter(r => belowFloor(r.cell, baselineOf(g)))

  /** Work beside a score: what the verifier counted inside the programs, or else what the
    * scenario declares; none when neither is known. */
  def work(c: CellResult): Option[WorkPerOp] =
    if (c.countedWork.nonEmpty) Some(WorkPerOp(counted = true, c.countedWork))
    else Some(declaredWork(c)).filter(_.nonEmpty).map(WorkPerOp(counted = false, _))

  /** Per runtime of a group, the profile's claims as the live runtime read them back, e.g.
    * "cats-effect: tracing off, autoYieldBudget 10240, computeThreads 2"; a value that differs from
    * the claim, or a claim not read back, is flagged. The boolean says whether any was. Runs
    * under another profile show the read-back as it is (there is nothing claimed). */
  def readBackLine(run: RunData, runtime: String, readBack: Vector[(String, String)], jvm: String = "", label: String = "")
      : (String, Boolean) = {
    val shown = if (label.isEmpty) runtime else label
    val claims = if (run.settings == effectbench.Settings.Levelled.id) effectbench.Settings.levelledClaims(runtime, processors(run, jvm))
    else Vector.empty
    if (claims.isEmpty)
      (s"$shown: ${if (readBack.isEmpty) "nothing read back" else readBack.map { case (k, v) => s"$k $v" }.mkString(", ")}", false)
    else {
      val claimed = claims.map { c =>
        readBack.find(_._1 == c.key) match {
          case Some((_, v)) if v == c.expected => (s"${c.key} $v", false)
          case Some((_, v)) => (s"${c.key} $v (≠ claimed ${c.expected})", true)
          case None => (s"${c.key} not read back (claimed ${c.expected})", true)
        }
      }
      // The measured binds per yield beside the budget, and a slice the profile does not level.
      val measured = readBack.collect { case (k @ effectbench.Claim.BindsPerYield, v) => (s"$k $v", false) }
      val unlevelled = readBack.collect { case (k @ effectbench.Claim.SliceLevelled, v) if v != "yes" => (s"$k $v", true) }
      val at = claimed.indexWhere(_._1.startsWith(effectbench.Claim.AutoYield + " ")) + 1
      val parts = (if (at > 0) claimed.patch(at, measured, 0) else claimed ++ measured) ++ unlevelled
      val flagged = parts.exists(_._2)
      (s"$shown: ${parts.map(_._1).mkString(", ")}${if (flagged) " — differs from the profile" else ""}", flagged)
    }
  }

  /** The read-back lines of a group's runtimes (one per runtime with a recorded cell). */
  def readBackLines(run: RunData, g: Group): Vector[(String, Boolean)] =
    g.rows.filter(r => r.cell.readBack.nonEmpty || r.cell.ok).map(r =>
      readBackLine(run, r.cell.id.map(_.runtime).getOrElse(r.runtime), r.cell.readBack, r.cell.jvm, r.runtime)
    )

  /** Per runtime of the run, its distinct read-back lines (a runtime whose cells read back
    * different values shows each), in the order runtimes first appear. */
  def readBackSummary(run: RunData): Vector[(String, Boolean)] = {
    val rts = run.cells.flatMap(_.id.map(_.runtime)).distinct
    rts.flatMap { rt =>
      val cs = run.cells.filter(_.id.exists(_.runtime == rt))
      val rbs = cs.filter(_.readBack.nonEmpty).map(c => (c.readBack, c.jvm)).distinct
      (if (rbs.isEmpty) Vector((Vector.empty[(String, String)], "")) else rbs).map { case (rb, jvm) =>
        readBackLine(run, rt, rb, jvm)
      }.distinct
    }
  }

  /** What a report says under a table: each cell under the floor, and each read-back of the
    * table that differs from the profile's claims. */
  def tableNotes(run: RunData, g: Group): Vector[String] =
    floorFlags(g).map(r => s"${r.runtime}: $FloorFlag") ++
      readBackLines(run, g).filter(_._2).map { case (l, _) => s"read back $l" }

  /** The processors a cell's JVM saw: its `--cpus` count when the run set one for that JVM (the
    * pools are sized from the JVM's view), else the host's. */
  private def processors(run: RunData, jvm: String): Int = {
    val pinned = run.jvms.find(_.label == jvm).flatMap(_.cpus).filter(_ >= 1)
    pinned.orElse(run.meta.map(_.host.cpus).filter(_ >= 1)).getOrElse(Runtime.getRuntime.availableProcessors())
  }

  /** Said above the tables when one report holds what should not be read as one comparison. */
  def mixWarnings(run: RunData): Vector[String] = {
    val w = Vector.newBuilder[String]
    if (run.jvmLabels.size > 1)
      w += s"this run measured ${run.jvmLabels.size} JVMs (${run.jvmLabels.mkString(", ")}); each table holds one JVM — compare across tables with care"
    if (run.testOnly) w += "this run includes test-only scenarios"
    if (run.status.contains(RunStatus.Running))
      w += "the run is still running (or was killed without a trace); the tables show the cells recorded so far"
    if (run.status.contains(RunStatus.Interrupted)) w += "the run was interrupted; cells not recorded are missing"
    w ++= Machines.warnings(run)
    w ++= effectbench.analysis.LaunchSpreads.warnings(run)
    w.result()
  }

  /** How far apart the run's launches of one program landed against its iterations (LaunchSpread),
    * over its throughput cells: a latency fork's windows are not iterations of one steady program. */
  def launchSpread(run: RunData): Option[LaunchSpread] = effectbench.analysis.LaunchSpreads.of(run)

  /** The two spreads of the ratios measured in relay rounds (against each table's fastest): inside a
    * launch, from turn to turn (the median over ratios and rounds of the standard deviation of the log
    * turn ratios), and between launches (the median over ratios of the standard deviation of the
    * rounds' log ratios, on which the intervals stand). None when no ratio was relayed. */
  def relaySpread(run: RunData): Option[String] = {
    val pairs = groups(run).flatMap { g =>
      val fastest = g.rows.find(_.isFastest).flatMap(_.estimate).map(TableJudging.reference)
      g.rows.filterNot(_.isFastest).flatMap(r =>
        for (f <- fastest; e <- r.estimate) yield ForkStats.turnRatios(f, TableJudging.reference(e))
      )
    }.filter(_.size >= 2)
    import effectbench.stats.Describe.median
    if (pairs.isEmpty) None
    else {
      val within = median(pairs.flatMap(_.map(_.withinSd)))
      val between = median(pairs.map(ts => effectbench.stats.Describe.sd(ts.map(_.logRatio))))
      Some(
        f"${pairs.size} ratios from turns: one turn against its neighbour ${within * 100}%.1f%% apart inside a launch, " +
          f"launches ${between * 100}%.1f%% apart (standard deviations of the log ratio, medians; the intervals stand on the launches, never on less than their turns give)"
      )
    }
  }

  /** Planned cells that were not measured, with the reason, and recorded cells without a score. */
  def notMeasured(run: RunData): Vector[(String, String, String)] = {
    val planned = run.plan.filterNot(_.status.runnable).map(p => (p.cell, p.jvm, p.status.text))
    val failed = run.cells.filterNot(_.ok).map(c => (c.key, c.jvm, s"${c.status.id}: ${c.reason}"))
    planned ++ failed
  }
}
