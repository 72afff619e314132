package effectbench.report

import effectbench.analysis.*
import effectbench.stats.{CellEstimate, ForkStats, Format, RatioEstimate}
import effectbench.store.{CellResult, RunData}

/** One latency cell in its latency table: the hogs' throughput (the cell's score, per fork), its
  * latency percentiles per fork with their intervals, and its p99 against the table's lowest. */
final case class LatencyRow(
    cell: CellResult, runtime: String, variant: String, budget: String, hog: Option[CellEstimate], latency: LatencyEstimate,
    forks: Vector[ForkLatency], vsLowest: Option[LatencyRatio], isLowest: Boolean,
    /** Its windows against the client's own lateness (ClientLate), when recorded. */
    client: Option[ClientLateness] = None
) {
  /** The client's lateness reached this cell's p99 in most windows: the p99 is the client's, not the runtime's. */
  def clientSet: Boolean = client.exists(_.setsP99)

  /** Hog steps per second, from the score (time per step in the cell's unit). */
  def hogStepsPerSecond: Option[Double] = for {
    e <- hog
    s <- cell.score
    perUnit <- LatencyTables.nanosPer(s.unit)
  } yield 1e9 / (e.mean * perUnit)
}

/** The cells of one latency scenario at one parameter set, mode and JVM: every runtime and budget
  * (variant) in one table, so that a budget's cost in latency sits beside the others'. */
final case class LatencyTable(
    scenario: String, params: String, mode: String, jvm: String, rows: Vector[LatencyRow],
    /** Per cell, what its windows measured with the machine away did to its p99 (awayNote). */
    notes: Vector[String] = Vector.empty
) {
  def title: String = s"$scenario/$params/$mode latency"
  /** service's tables have a column of late timeouts per fork. */
  def service: Boolean = scenario == effectbench.Catalog.service.id
}

/** What a runtime's levelled budget buys and costs against another budget of its own, in one
  * latency table: the hogs' time per step (other over levelled: > 1, levelling buys throughput) and
  * the waits at p50 and p99 (levelled over other: > 1, levelling costs latency), each with its
  * interval over the forks of both cells (two variants are two rounds tables: unpaired). */
final case class BudgetCost(
    runtime: String, levelled: LatencyRow, other: LatencyRow, hog: Option[RatioEstimate], p50: Option[LatencyRatio],
    p99: Option[LatencyRatio]
)

/** The latency family's percentile tables, for every report format (LatencyHtml draws them too). */
object LatencyTables {
  /** The column of `LatencyStats.runToRun`: how far apart two runs like this one put the p99. */
  val RunToRunHead = "p99 run to run"

  val head: Vector[String] =
    Vector("runtime", "budget", "hog time/step", "p50 µs", "p99 µs", "p99.9 µs", "max µs", "p99 vs lowest", "starved", "forks",
      RunToRunHead)

  /** The late-timeouts column of service's tables, after the starved. */
  val LateTimeouts = "late timeouts"

  /** service's score: the window's time per request answered (it has no hogs). */
  val ServiceScore = "time/request"

  /** A table's columns: service's score is its time per request, and the late timeouts follow the starved. */
  def headOf(t: LatencyTable): Vector[String] =
    if (t.service) head.updated(head.indexOf("hog time/step"), ServiceScore).patch(head.indexOf("starved") + 1, Vector(LateTimeouts), 0)
    else head

  /** A row in its table's columns (`headOf(t)`). */
  def cellsOf(t: LatencyTable, r: LatencyRow): Vector[String] = {
    val cs = cells(r)
    if (t.service) cs.patch(head.indexOf("starved") + 1, Vector(LatencyText.lateTimeoutsText(r.latency)), 0) else cs
  }

  /** Nanoseconds in one unit of JMH's `x/op` (`ns/op` 1, `us/op` 1,000, ...). */
  def nanosPer(unit: String): Option[Double] = unit.takeWhile(_ != '/') match {
    case "ns" => Some(1.0)
    case "us" => Some(1e3)
    case "ms" => Some(1e6)
    case "s" => Some(1e9)
    case _ => None
  }

  private def key(c: CellResult): String = c.id match {
    case Some(id) =>
      s"${id.scenario}/${effectbench.Params.encode(id.params)}/${id.mode.id} @ ${c.jvm}" + c.record.shard.fold("")(k => s" # shard $k")
    case None => c.key
  }

  def build(run: RunData, confidence: Double = ForkStats.DefaultConfidence): Vector[LatencyTable] = {
    val cells = run.cells.filter(c => c.ok && LatencyData.isLatency(c))
    val order = cells.map(key).distinct
    // The relay turn logs, read once for every latency cell's windows against the machine (awayNote).
    lazy val turnLogs = LatencyAway.turnLogs(run.dir)
    order.map { k =>
      val cs = cells.filter(c => key(c) == k)
      val rows0 = cs.map { c =>
        val id = c.id.get
        val forks = LatencyData.forks(run.dir, c)
        val binds = c.readBack.collectFirst { case (effectbench.Claim.CellBindsPerYield, v) => v.takeWhile(_ != ' ') }
        val budget = c.readBack.collectFirst { case ("cellAutoYieldBudget", v) => v }.getOrElse(id.variant) +
          binds.fold("")(b => if (b.nonEmpty && b.forall(_.isDigit)) s" ($b binds/yield)" else " (no yield measured)")
        LatencyRow(c, id.runtime, id.variant, budget, CellStats.estimate(c, confidence),
          LatencyStats.estimate(forks, confidence, c.record.rounds),
          forks, None, isLowest = false, client = ClientLate.of(run.dir, c))
      }
      // A cell with starved events is never the reference, and gets no ratio: its percentiles
      // describe only the events answered within 1 s (a runtime that starved nearly every probe
      // would otherwise show the lowest p99 of its table, from the few it answered at once). Nor is a cell
      // whose p99 the client's own lateness reached: it bounds the runtime's p99 from above, and a ratio
      // against it would say the machine's lateness, not how far apart two runtimes are.
      def scorable(r: LatencyRow) = !r.latency.p99.mean.isNaN && r.latency.totalStarved == 0 && !r.clientSet
      val scored = rows0.filter(scorable)
      val lowest = if (scored.isEmpty) None else Some(scored.minBy(_.latency.p99.mean))
      val rows = rows0.map { r =>
        lowest match {
          case Some(l) if l.cell.key == r.cell.key => r.copy(isLowest = true)
          case Some(l) if scorable(r) =>
            // Forks pair by round only within one rounds table (one variant): two variants' round
            // numbers were measured at different times, so their forks are compared unpaired.
            val (a, b) =
              if (l.variant == r.variant) (r.latency, l.latency)
              else (r.latency.copy(rounds = Vector.empty), l.latency.copy(rounds = Vector.empty))
            r.copy(vsLowest = Some(LatencyStats.p99Ratio(a, b, confidence)))
          case _ => r
        }
      }
      val id = cs.head.id.get
      val notes =
        rows.flatMap(r => r.client.flatMap(clientNote(s"${r.runtime} (${r.variant})", _))) ++
          rows.flatMap(r => LatencyAway.of(run, r.cell, turnLogs).flatMap(awayNote(s"${r.runtime} (${r.variant})", r.latency.p99, _)))
      LatencyTable(id.scenario, effectbench.Params.encode(id.params), id.mode.id, cs.head.jvm, rows, notes)
    }
  }

  /** Each runtime's levelled row against each of its other budgets in the table (hog-probe and
    * sleep-drift: `shipped`, `budget-128`, `yield-off`). A side with starved events has no wait ratio:
    * its percentiles describe only the events it answered. */
  def budgetCosts(t: LatencyTable, confidence: Double = ForkStats.DefaultConfidence): Vector[BudgetCost] =
    for {
      lv <- t.rows.filter(_.variant == "levelled")
      other <- t.rows.filter(r => r.runtime == lv.runtime && r.variant != "levelled")
    } yield {
      val answered = lv.latency.totalStarved == 0 && other.latency.totalStarved == 0
      def wait(pick: ForkPercentiles => Double) =
        if (!answered) None
        else Some(LatencyStats.percentileRatio(lv.latency.copy(rounds = Vector.empty), other.latency.copy(rounds = Vector.empty),
            confidence, pick, ofP99State = pick == p99Pick))
      val hog = for (a <- lv.hog; b <- other.hog) yield ForkStats.ratio(a.copy(rounds = Vector.empty), b.copy(rounds = Vector.empty))
      BudgetCost(lv.runtime, lv, other, hog, wait(_.p50), wait(p99Pick))
    }
  private val p99Pick: ForkPercentiles => Double = _.p99

  val costHead: Vector[String] =
    Vector("runtime", "levelled vs", "hog time/step, other ÷ levelled", "p50 wait, levelled ÷ other", "p99 wait, levelled ÷ other")

  def costCells(c: BudgetCost): Vector[String] = Vector(
    c.runtime,
    s"${c.other.variant} (${c.levelled.budget} vs ${c.other.budget})",
    c.hog.map(CellStats.ratioText).getOrElse("?"),
    c.p50.map(LatencyText.ratioText).getOrElse("— (starved)"),
    c.p99.map(r => LatencyText.ratioText(r) + clientBound(c)).getOrElse("— (starved)")
  )

  /** A budget cost whose side's p99 is the client's lateness (an upper bound of that budget's p99) is a
    * bound itself: at least the ratio when the other budget's, at most when the levelled one's. */
  private def clientBound(c: BudgetCost): String = (c.levelled.clientSet, c.other.clientSet) match {
    case (false, true) => s" (at least: ${c.other.variant}'s p99 is the client's lateness)"
    case (true, false) => " (at most: the levelled p99 is the client's lateness)"
    case (true, true) => " (both p99s are the client's lateness)"
    case _ => ""
  }

  val costLegend: String =
    "what levelling buys and costs: each runtime's levelled budget against its other budgets in the table; hog time/step other ÷ levelled " +
      "(> 1: the levelled budget runs the hogs faster), p50 and p99 wait levelled ÷ other (> 1: the probes wait longer at the levelled budget), " +
      "each with its interval over the forks of both cells (log scale, Welch; two budgets are two rounds tables, so not paired), 'tie' when it contains 1; " +
      "'— (starved)' when either cell starved events; a bound ('at least', 'at most') when a side's p99 is the client's lateness"

  def cells(r: LatencyRow): Vector[String] = Vector(
    r.runtime,
    r.budget,
    r.hog.map(e => s"${CellStats.scoreText(e)} ${r.cell.score.map(_.unit).getOrElse("")}").getOrElse("?"),
    LatencyText.intervalText(r.latency.p50),
    LatencyText.intervalText(r.latency.p99) + LatencyText.p99StatesText(r.latency),
    LatencyText.intervalText(r.latency.p999),
    LatencyText.intervalText(r.latency.max),
    if (r.isLowest) "1.00× (lowest)"
    else if (r.latency.totalStarved > 0) "— (starved)"
    else if (r.clientSet) "— (client late)"
    else r.vsLowest.map(LatencyText.ratioText).getOrElse("—"),
    LatencyText.starvedText(r.latency),
    r.forks.size.toString,
    LatencyText.runToRunText(LatencyStats.runToRun(r.latency, LatencyCompare.DefaultTailThreshold))
  )

  def legend(confidence: Double): String = {
    val c = f"${confidence * 100}%.0f%%"
    "latency tables: each event's latency is its completion minus its scheduled time (metered: no coordinated " +
      "omission); p50/p99/p99.9/max: each fork's percentile of its measured windows, their geometric mean over forks " +
      "[the " + c + " interval]" + " (t on the forks' logs, forks − 1 df); a p99 whose forks fall in states (a gap between " +
      "neighbouring fork p99s at least 1.25× and six spreads wide, each state in two forks or more: a runtime's rare stalls, " +
      "which some forks meet and others do not) is its most frequent state's, '(38 of 40 forks; 2 at 84,915)' naming the " +
      "others, and its ratios, run to run and compare take that state's forks; p99 vs lowest: ratio of p99 to the table's lowest, with its own " + c +
      " interval (paired by round when both were measured in the same rounds, that is in one budget variant, else over " +
      "each cell's forks, on the log scale), 'tie' when it " +
      "contains 1; starved: events not answered within 1 s of their scheduled time, per fork, never in a percentile (a row " +
      "with starved events has no p99 ratio and is never the lowest: its percentiles describe only the events answered, " +
      s"and a fork that answered fewer than ${LatencyStats.MinRecorded} has none); '— (client late)': the client's own " +
      "lateness (a plain thread outside the runtime that submits each event at its scheduled time) reached the window's p99 in at " +
      "least half the cell's windows and was later than the window's longest collection, so its p99 is the client's, an upper bound of the runtime's: never the lowest and no ratio, " +
      "the table's note giving the windows; " +
      "hog time/step: the hogs' time per step (the cell's score; lower is more throughput); time/request (service): the " +
      "window's time per request answered; budget: the auto-yield budget " +
      "the cell's runtime read back; late timeouts (service): per fork, the fast backends (0.5–1.5 ms) that lost to the " +
      "timeout all the same because the runtime ran them that late, never in a percentile ('?': not recorded); " +
      "p99 run to run: how far apart two runs of as many forks would put the p99 with nothing changed (95% of pairs), from the " +
      "spread of the forks' p99s alone (the machine moving between runs adds to it), and when wider than compare's tail " +
      f"threshold (±${LatencyCompare.DefaultTailThreshold * 100}%.0f%%) the forks a run needs to be within it"
  }

  /** What a cell's windows measured with the machine away did to its p99 (`p99`, the table's), when it
    * had any and a p99: their p99 and the others', and whether the cell's p99 over its usual windows
    * alone (each fork's, their geometric mean, as the table's) leaves its interval — the machine's
    * state then sets this p99. */
  def awayNote(cell: String, p99: ForkInterval, a: AwayWindows): Option[String] =
    if (a.away == 0 || p99.mean.isNaN) None
    else {
      def us(x: Double) = if (x.isNaN) "none" else s"${Format.num(x)} µs"
      val i = p99
      val verdict =
        if (a.p99Usual.isNaN || !i.known) s"without them its p99 would be ${us(a.p99Usual)}"
        else if (a.p99Usual < i.low || a.p99Usual > i.high)
          s"without them its p99 would be ${us(a.p99Usual)}, outside its interval [${Format.num(i.low)} … ${Format.num(i.high)}]: " +
            "the machine's state sets this p99"
        else if (a.raised)
          s"the away windows' own p99s lie above the others' (one-sided Mann–Whitney p ${Format.p(a.raisedP)}, " +
            s"${a.awayWindowP99s.count(!_.isNaN)} windows against ${a.usualWindowP99s.count(!_.isNaN)}); without them its p99 would be " +
            s"${us(a.p99Usual)}, inside its interval [${Format.num(i.low)} … ${Format.num(i.high)}], which they widen: " +
            "the machine's state raises this p99 and widens its interval"
        else
          s"without them its p99 would be ${us(a.p99Usual)}, inside its interval [${Format.num(i.low)} … ${Format.num(i.high)}]: " +
            "the machine's state does not set this p99"
      Some(s"$cell: ${a.away} of ${a.windows} windows measured with the machine away (the canary over twice its usual around " +
        s"the window's relay cycle); their p99 ${us(a.p99Away)}, the others' ${us(a.p99Others)}; $verdict")
    }

  /** A cell whose windows' p99s the client's own lateness reached in at least half of them: how many, and
    * how late the client was. None for the others. */
  def clientNote(cell: String, c: ClientLateness): Option[String] =
    if (!c.setsP99) None
    else {
      def ms(us: Double) = f"${us / 1000}%.1f ms"
      Some(s"$cell: its p99 is the client's lateness, not the runtime's: in ${c.reached} of ${c.windows} windows the client " +
        s"woke at least as late as the window's own p99 for an event it had slept for (up to ${ms(c.maxUs.toDouble)} late, ${ms(c.medianUs)} in the " +
        "median window)" + (if (c.gcMs < 0) "" else s" and later than the window's longest collection (at most ${c.gcMs} ms)") +
        "; the client is a plain thread outside the runtime that sleeps until each event is due, alike for every runtime, " +
        "and the machine ran it that late, so this p99 bounds the runtime's from above, is no table's lowest and has no ratio, " +
        "and its run to run is the machine's")
    }

  def terminal(run: RunData, confidence: Double = ForkStats.DefaultConfidence): String = {
    val ts = build(run, confidence)
    if (ts.isEmpty) ""
    else
      ts.map { t =>
        val costs = budgetCosts(t, confidence)
        s"\n${t.title}${if (run.jvmLabels.size <= 1) "" else s" @ ${t.jvm}"}\n" + TerminalTable.table(headOf(t),
          t.rows.map(cellsOf(t, _))) +
          (if (costs.isEmpty) "" else s"\n$costLegend\n" + TerminalTable.table(costHead, costs.map(costCells))) +
          t.notes.map(n => s"note: $n\n").mkString
      }
        .mkString + legend(confidence) + "\n"
  }

  def markdown(run: RunData, confidence: Double = ForkStats.DefaultConfidence): String = {
    val ts = build(run, confidence)
    if (ts.isEmpty) ""
    else
      ts.map { t =>
        val costs = budgetCosts(t, confidence)
        s"#### ${Markdown.cell(t.title)}${if (run.jvmLabels.size <= 1) "" else s" @ ${Markdown.cell(t.jvm)}"}\n\n" +
          Markdown.table(headOf(t), t.rows.map(cellsOf(t, _))) + "\n" +
          (if (costs.isEmpty) "" else s"_${Markdown.cell(costLegend)}_\n\n" + Markdown.table(costHead, costs.map(costCells)) + "\n") +
          t.notes.map(n => s"> **note:** ${Markdown.cell(n)}\n\n").mkString
      }.mkString + s"_${Markdown.cell(legend(confidence))}._\n\n"
  }
}
