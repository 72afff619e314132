package effectbench.report

/** One runtime's row within a group: the cell and its ratios to the fastest and the baseline. */
final case class Row(cell: CellResult, runtime: String, vsFastest: String, vsBaseline: String,
    /** Slowdown against the fastest (1 = fastest) and its own interval from the forks of both cells. */
    slowdown: Option[Double], slowdownLow: Option[Double], slowdownHigh: Option[Double], tie: Boolean,
    estimate: Option[CellEstimate] = None, vsFastestRatio: Option[RatioEstimate] = None, vsBaselineRatio: Option[RatioEstimate] = None) {
  /** The fork-level score (mean of fork means ± half-width), or JMH's when there is no raw data. */
  def scoreText: String = estimate.map(CellStats.scoreText).orElse(cell.score.map(Format.stat)).getOrElse("")
  def precisionText: String = estimate.map(CellStats.precisionText).getOrElse("")
}

/** The cells compared with each other: same scenario, variant, params, mode and JVM. */
final case class Group(key: String, scenario: String, variant: String, params: String, mode: String, jvm: String, rows: Vector[Row],
    /** Modes and unsettled forks of the group's cells, said under its table. */
    notes: Vector[String] = Vector.empty) {
  def title: String = s"$scenario/$variant/$params/$mode"
  def unit: String = rows.flatMap(_.cell.score.map(_.unit)).headOption.getOrElse("")
}

/** What every report format shows, computed once. */
object ReportModel {
  def groups(run: RunData, confidence: Double = ForkStats.DefaultConfidence): Vector[Group] = {
    val byKey = run.cells.groupBy(TerminalTable.groupKey)
    val order = run.cells.map(TerminalTable.groupKey).distinct
    order.map { g =>
      val cells = byKey(g)
      val est: Map[String, CellEstimate] = cells.flatMap(c => CellStats.estimate(c, confidence).map(c.key -> _)).toMap
      val higher = cells.flatMap(_.score).headOption.exists(_.higherIsBetter)
      val scored = cells.filter(c => est.contains(c.key))
      val fastest = if (scored.isEmpty) None else Some(if (higher) scored.maxBy(c => est(c.key).mean) else scored.minBy(c => est(c.key).mean))
      val baseline = scored.find(c => c.id.exists(_.runtime == "baseline"))
      val rows = cells.map { c =>
        val rt = c.id.map(_.runtime).getOrElse(c.key)
        (est.get(c.key), fastest) match {
          case (Some(e), Some(f)) =>
            val isFastest = f.key == c.key
            val vsF = if (isFastest) None else Some(CellStats.slowdown(e, est(f.key), higher))
            val vsB = baseline.filterNot(_.key == c.key).map(b => CellStats.slowdown(e, est(b.key), higher))
            val fText = if (isFastest) "1.00×" + (if (e.bimodal) " bimodal" else "") else CellStats.ratioText(vsF.get)
            val bText = if (baseline.isEmpty) "—" else if (baseline.exists(_.key == c.key)) "1.00×" else CellStats.ratioText(vsB.get)
            val sd = vsF.map(_.ratio).getOrElse(1.0)
            Row(c, rt, fText, bText, Some(sd), Some(vsF.map(_.low).getOrElse(sd)), Some(vsF.map(_.high).getOrElse(sd)),
              vsF.exists(r => !r.decided), Some(e), vsF, vsB)
          case _ => Row(c, rt, "—", "—", None, None, None, false)
        }
      }
      val unit = cells.flatMap(_.score.map(_.unit)).headOption.getOrElse("")
      val notes = rows.flatMap(r => r.estimate.toVector.flatMap(e => CellStats.notes(r.runtime, e, unit)))
      val c0 = cells.head
      c0.id match {
        case Some(id) => Group(g, id.scenario, id.variant, effectbench.Params.encode(id.params), id.mode.id, c0.jvm, rows, notes)
        case None => Group(g, c0.scenario, "?", "?", "?", c0.jvm, rows, notes)
      }
    }
  }

  /** The settings every table of the run was measured under, as label/value lines. */
  def header(run: RunData): Vector[(String, String)] = {
    val m = run.meta
    Vector(
      "run" -> s"${run.id} (${if (run.status.isEmpty) "status unknown" else run.status})",
      "profile" -> run.profileText,
      "settings" -> (run.settings + (if (m("settings")("summary").str.nonEmpty) s": ${m("settings")("summary").str}" else "")),
      "JVM" -> (if (run.jvmLabels.isEmpty) "unknown" else run.jvmLabels.mkString(", ")),
      "quick overrides" -> (if (run.quickOverrides.isEmpty) "none" else run.quickOverrides.map { case (s, p) => s"$s: $p" }.mkString("; ")),
      "engine" -> m("engine").str,
      "git" -> run.gitText,
      "host" -> { val h = m("host"); s"${h("os").str}, ${h("cpus").str} cpus" },
      "started" -> (m("started").str + (if (m("finished").str.nonEmpty) s", finished ${m("finished").str}" else ""))
    ).filter(_._2.trim.nonEmpty)
  }

  /** Said above the tables when one report holds what should not be read as one comparison. */
  def mixWarnings(run: RunData): Vector[String] = {
    val w = Vector.newBuilder[String]
    if (run.jvmLabels.size > 1) w += s"this run measured ${run.jvmLabels.size} JVMs (${run.jvmLabels.mkString(", ")}); each table holds one JVM — compare across tables with care"
    if (run.meta("testOnly") == effectbench.Json.Bool(true)) w += "this run includes test-only scenarios"
    if (run.status == "running") w += "the run is still running (or was killed without a trace); the tables show the cells recorded so far"
    if (run.status == "interrupted") w += "the run was interrupted; cells not recorded are missing"
    w.result()
  }

  /** Planned cells that were not measured, with the reason, and recorded cells without a score. */
  def notMeasured(run: RunData): Vector[(String, String, String)] = {
    val planned = run.plan.filterNot(_._3 == "ok")
    val failed = run.cells.filterNot(_.ok).map(c => (c.key, c.jvm, s"${c.status}: ${c.reason}"))
    planned ++ failed
  }
}
