package effectbench.report

/** One runtime's row within a group: the cell and its ratios to the fastest and the baseline. */
final case class Row(cell: CellResult, runtime: String, vsFastest: String, vsBaseline: String,
    /** Slowdown against the fastest (1 = fastest) and its range from both error intervals. */
    slowdown: Option[Double], slowdownLow: Option[Double], slowdownHigh: Option[Double], tie: Boolean)

/** The cells compared with each other: same scenario, variant, params, mode and JVM. */
final case class Group(key: String, scenario: String, variant: String, params: String, mode: String, jvm: String, rows: Vector[Row],
    /** For a merged run, the shard and machine that measured the table (see Machines). */
    machine: String = "") {
  def title: String = s"$scenario/$variant/$params/$mode"
  def unit: String = rows.flatMap(_.cell.score.map(_.unit)).headOption.getOrElse("")
}

/** What every report format shows, computed once. */
object ReportModel {
  def groups(run: RunData): Vector[Group] = {
    val byKey = run.cells.groupBy(TerminalTable.groupKey)
    val order = run.cells.map(TerminalTable.groupKey).distinct
    order.map { g =>
      val cells = byKey(g)
      val fastest = Comparison.fastest(cells)
      val baseline = cells.find(c => c.id.exists(_.runtime == "baseline") && c.ok)
      val rows = cells.map { c =>
        val rt = c.id.map(_.runtime).getOrElse(c.key)
        (c.score, fastest.flatMap(_.score)) match {
          case (Some(s), Some(f)) if c.ok =>
            val sd = Comparison.slowdown(s, f)
            // The range of the slowdown from the cell's own interval, against the fastest's score.
            val (lo, hi) =
              if (s.error.isNaN) (sd, sd)
              else if (s.higherIsBetter) (f.score / s.high, if (s.low > 0) f.score / s.low else Double.PositiveInfinity)
              else (s.low / f.score, s.high / f.score)
            val tie = !fastest.exists(_.key == c.key) && s.overlaps(f)
            Row(c, rt, Comparison.ratioText(c, fastest), if (baseline.isEmpty) "—" else Comparison.ratioText(c, baseline),
              Some(sd), Some(lo), Some(hi), tie)
          case _ => Row(c, rt, "—", "—", None, None, None, false)
        }
      }
      val c0 = cells.head
      c0.id match {
        case Some(id) => Group(g, id.scenario, id.variant, effectbench.Params.encode(id.params), id.mode.id, c0.jvm, rows, Machines.of(run, c0))
        case None => Group(g, c0.scenario, "?", "?", "?", c0.jvm, rows, Machines.of(run, c0))
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
      "git" -> run.gitText,
      "host" -> { val h = m("host"); s"${h("os").str}, ${h("cpus").str} cpus" },
    ) ++ Machines.header(run) ++ Vector(
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
    w ++= Machines.warnings(run)
    w.result()
  }

  /** Planned cells that were not measured, with the reason, and recorded cells without a score. */
  def notMeasured(run: RunData): Vector[(String, String, String)] = {
    val planned = run.plan.filterNot(_._3 == "ok")
    val failed = run.cells.filterNot(_.ok).map(c => (c.key, c.jvm, s"${c.status}: ${c.reason}"))
    planned ++ failed
  }
}
