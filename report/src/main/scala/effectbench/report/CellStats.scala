package effectbench.report

import effectbench.analysis.{Decision, LaunchStates}
import effectbench.stats.{CellEstimate, CellRatios, ForkStats, Format, RatioEstimate, StateRatio}
import effectbench.store.CellResult

/** The engine's statistics applied to recorded cells, and their wording in every report format
  * (the ratios themselves are `CellRatios`). */
object CellStats {
  /** The round of each fork, when the cell was measured in paired rounds (cells.jsonl "rounds"). */
  def roundsOf(c: CellResult): Vector[Int] = c.record.rounds

  def estimate(c: CellResult, confidence: Double): Option[CellEstimate] = effectbench.analysis.LaunchSpreads.estimate(c, confidence)

  /** "state 1 (3 of 5 launches) 1.02× [0.97, 1.08]; state 2 (2 of 5) 2.10× [1.9, 2.3]". */
  def statesText(c: CellEstimate, rs: Vector[StateRatio]): String =
    rs.zipWithIndex.map { case (StateRatio(s, r), i) =>
      s"state ${i + 1} (${s.forks.size} of ${c.n}${if (i == 0) " launches" else ""}) ${ratioText(r)}"
    }.mkString("; ")

  /** Each state's score: "0.37 ± 0.01 | 0.77 ± 0.02 (states)". */
  def statesScoreText(e: CellEstimate): String =
    e.states.map(s => scoreText(e.ofState(s))).mkString(" | ") + " (states)"

  private def r2(x: Double): String = if (x.isNaN) "?" else if (x.isInfinite) "∞" else f"$x%.2f"

  /** "1.23× [1.10, 1.38]" when decided, "tie 1.05× [0.95, 1.16]" when the interval holds 1,
    * "1.23× […] bimodal" when either cell has several modes, "? 1.23× (1 fork)" without an interval. */
  def ratioText(r: RatioEstimate): String = {
    val core = s"${Format.ratio(r.ratio)} [${r2(r.low)}, ${r2(r.high)}]"
    // Without an interval first: a bimodal ratio of one fork reads as one with no interval.
    if (!r.known) s"? ${Format.ratio(r.ratio)} (no interval: 1 fork)"
    else Decision.of(r) match {
      case Decision.Bimodal => s"$core bimodal"
      case Decision.Tie => s"tie $core"
      case _ => core
    }
  }

  /** "decided", "tie", "undecided" or "bimodal". */
  def decisionText(d: Decision): String = d match {
    case Decision.Decided => "decided"
    case Decision.Tie => "tie"
    case Decision.Undecided => "undecided"
    case Decision.Bimodal => "bimodal"
  }

  def scoreText(e: CellEstimate): String =
    if (e.halfWidth.isNaN) s"${Format.num(e.mean)} ± ?" else s"${Format.num(e.mean)} ± ${Format.num(e.halfWidth)}"

  /** The precision reached: half-width as a share of the score, and the forks (rounds) behind it. */
  def precisionText(e: CellEstimate): String = {
    val p = if (e.relHalfWidth.isNaN) "±?" else f"±${e.relHalfWidth * 100}%.1f%%"
    val counted =
      if (e.rounds.isEmpty) s"${e.n} forks"
      else if (e.rounds.distinct.size == e.n) s"${e.n} rounds"
      else s"${e.n} forks in ${e.rounds.distinct.size} rounds"
    s"$p ($counted)" + (if (e.bimodal) " bimodal" else "") + (if (e.unsettled.nonEmpty) " unsettled" else "")
  }

  private def forkList(fs: Vector[Int]): String = (if (fs.size == 1) "fork " else "forks ") + fs.mkString(",")

  /** What a reader must know before trusting a cell's single number: its modes and its forks that
    * never reached a steady state. */
  def notes(runtime: String, e: CellEstimate, unit: String, counters: Vector[Int] => Counters = _ => Counters.none): Vector[String] = {
    val modes =
      if (e.multiState)
        Vector(s"$runtime lands in ${e.states.size} launch states: " + e.states.zipWithIndex.map { case (s, i) =>
          val st = e.ofState(s)
          val c = counters(s.forks)
          f"state ${i + 1} ${scoreText(st)} $unit in ${s.forks.size} of ${e.n} launches (${forkList(s.forks)}" +
            (if (c.isEmpty) ")" else s"; ${c.stateText})")
        }.mkString("; ") + "; each state has its own ratios, the cell's mean describes neither")
      else if (!e.bimodal) Vector.empty
      else Vector(s"$runtime is ${if (e.modes.size == 2) "bimodal" else s"multi-modal (${e.modes.size} modes)"}: " +
        e.modes.map(m => f"${Format.num(m.center)} $unit (${m.share * 100}%.0f%% of iterations, ${forkList(m.forks)})").mkString("; ") +
        "; its mean and every ratio with it describe neither state")
    val lone = LaunchStates.lone(e.forks)
    val loneNote =
      if (lone.isEmpty) Vector.empty
      else {
        def withCounters(fs: Vector[Int]): String = { val c = counters(fs); if (c.isEmpty) "" else s"; ${c.stateText}" }
        val restCounters = counters(e.forks.map(_.fork).filterNot(lone.contains))
        val lones = e.forks.filter(f => lone.contains(f.fork)).map(f =>
          f"fork ${f.fork} ${Format.num(f.mean)} $unit (${CellRatios.toOthers(e, f, lone)}%.2f× the other launches${withCounters(Vector(f.fork))})"
        )
        Vector(
          s"$runtime: ${lones.mkString(", ")} set apart from the rest${if (restCounters.isEmpty) "" else s" (${restCounters.stateText})"}; " +
            "one launch cannot tell a second state from an outlier, so it stays in the cell's score, whose interval widens to hold it"
        )
      }
    val unsettled =
      if (e.unsettled.isEmpty) Vector.empty
      else Vector(s"$runtime: ${forkList(e.unsettled)} never settled (iterations still trending after the warm-up ceiling)")
    modes ++ loneNote ++ unsettled
  }

  /** The launches of a cell that sit apart from its others: its lone launches and, in a cell with
    * launch states, the forks outside its most frequent state; each with the round it was measured
    * in and its mean over the geometric mean of the cell's other forks. */
  def offLaunches(e: CellEstimate): Vector[(Int, Double)] =
    if (e.rounds.size != e.forks.size) Vector.empty
    else {
      val main = if (e.multiState) effectbench.analysis.TableJudging.mainState(e).forks else e.forks.map(_.fork)
      val off = (LaunchStates.lone(e.forks) ++ e.forks.map(_.fork).filterNot(main.contains)).distinct
      e.forks.zip(e.rounds).collect { case (f, r) if off.contains(f.fork) => (r, CellRatios.toOthers(e, f, off)) }
    }

  /** A note for each round of a table in which launches of two runtimes or more sat apart from their
    * cells' others at once: the rounds engine runs a round's forks one after another, so launches
    * off together in one round point at the machine in those minutes, not at a runtime
    * (docs/lessons/machine-away.md). */
  def roundNotes(rows: Vector[(String, CellEstimate)]): Vector[String] = {
    val byRound = rows.flatMap { case (rt, e) => offLaunches(e).map { case (r, x) => (r, rt, x) } }.groupBy(_._1)
    byRound.toVector.sortBy(_._1).collect {
      case (r, hits) if hits.map(_._2).distinct.size >= 2 =>
        val fs = hits.map(_._3).filterNot(_.isNaN)
        val range = if (fs.isEmpty) "" else f" (${fs.min}%.2f–${fs.max}%.2f× their other launches)"
        s"round $r: launches of ${hits.map(_._2).distinct.mkString(", ")} sat apart from their cells' others at once$range; " +
          "a round's forks run one after another, so launches of several runtimes off together point at the machine in those minutes, not at a runtime"
    }
  }

  /** The table's launch prior in words, for the sceptic: what its relayed ratios said together and what
    * each ratio's interval took from it ("launch prior from 9 relayed ratios: their launches 11.8% apart
    * (log scale), worth 8.8 degrees of freedom beside each ratio's own 3"). */
  def priorNote(p: effectbench.stats.LaunchPrior, ownDf: Option[Int]): String = {
    val worth = if (p.df.isPosInfinity)
      "spread no more than their own rounds make them: each ratio takes the table's spread or its own, the larger, t as on many degrees of freedom"
    else f"worth ${p.df}%.1f degrees of freedom beside each ratio's own" + ownDf.fold("")(d => s" $d")
    f"launch prior from ${p.ratios} relayed ratios against the fastest: their launches ${math.sqrt(p.variance) * 100}%.1f%% apart (standard deviation of the log ratio); $worth " +
      "(a ratio whose rounds spread less is drawn up towards it, none below its own spread; Smyth 2004; docs/lessons/launch-prior.md)"
  }

  /** The legend every format prints under its tables. */
  def legend(confidence: Double): String = {
    val c = f"${confidence * 100}%.0f%%"
    s"score ± error: mean of the forks' steady-state means ± the $c t-interval half-width over forks (forks − 1 df; warm-up judged per fork); " +
      s"vs fastest / vs baseline: ratio with its own $c interval from the forks of both cells (paired by round when measured in rounds; relayed, its rounds' spread drawn up towards that of the table's other relayed ratios when narrower, with their degrees of freedom: an empirical Bayes prior), " +
      "'tie' when that interval contains 1, 'bimodal' when a fork's iterations change state; a cell whose forks land in several launch states " +
      "(a gap between its fork means much wider than their spread, two launches or more in each) gets a score and ratios per state, their intervals from the launch spread pooled over its states, and a ratio against such a cell is taken against its most frequent state; precision: half-width as a share of the score; B/op: gc.alloc.rate.norm"
  }
}
