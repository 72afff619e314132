package effectbench.report

import effectbench.analysis.*
import effectbench.stats.Format
import effectbench.store.RunData

/** `bench compare` output, terminal and Markdown. */
object CompareReport {
  private def pct(r: Double): String = if (r.isNaN) "?" else f"${(r - 1) * 100}%+.1f%%"
  private def ci(d: CellDiff): String = if (d.ciLow.isNaN) "?" else f"[${pct(d.ciLow)}, ${pct(d.ciHigh)}]"
  private def inTable(d: CellDiff): String =
    d.inTable.fold("")(t => if (t._2.isNaN) pct(t._1) else s"${pct(t._1)} [${pct(t._2)}, ${pct(t._3)}]")
  private def p(x: Double): String = if (x.isNaN) "?" else if (x < 0.001) "<0.001" else f"$x%.3f"
  private def alloc(d: CellDiff): String = (d.allocA, d.allocB) match {
    case (Some(a), Some(b)) =>
      val txt = s"${Format.num(a)} → ${Format.num(b)}"
      if (d.allocChanged) s"$txt !" else if (a == b || math.abs(a - b) <= 0.5) "=" else txt
    case _ => "?"
  }

  private def header(c: RunComparison): Vector[String] = {
    def side(r: RunData) = s"${r.id} (git ${r.gitText}, ${r.profile}, ${r.settings}, ${r.jvmLabels.mkString(" + ")})"
    Vector(s"A: ${side(c.a)}", s"B: ${side(c.b)}",
      f"B/A: ratio of the cells' fork-level means with its interval from the forks of both runs (t on log means, Welch df; warm-up judged per fork); " +
        f"p: Mann–Whitney U over the forks' means, one sample a fork (shown beside the verdict, not part of it; with three forks a side it is never below 0.1); " +
        f"unstable when the forks of A and B sit in different modes (fork means ${RunComparison.BetweenRunGap}× apart) with too few forks to tell a launch-chosen state from a change, " +
        f"or when the forks of both fall in launch states whose shares differ no more than the launches' draw explains (chance ≥ ${RunComparison.Alpha}%.2f, adjusted over the cells tested, Holm) and no state moved on its own; " +
        (if (c.rows.exists(_.inTable.nonEmpty))
           "in table: a relayed cell's B/A in its table (per round, its turns' ratio to the table's reference less the mean over the table's cells; " +
             "its move between the runs less its table's median move, Welch over the two runs' rounds, the spread of places between the runs added): " +
             "a relayed table's cells take turns within seconds, so the machine's speed between two runs moves them alike; its interval is the verdict's; "
         else "") +
        f"verdict when the whole interval is beyond ±${c.threshold * 100}%.1f%% (latency hog time and time per request: ±${c.tailThreshold * 100}%.1f%%, the tail threshold) and neither side is multi-modal; B/op flagged (!) beyond ${RunComparison.AllocTolerance * 100}%.0f%% with the runs' allocation intervals apart (the latency family's never: its op is a window of fixed time, the work in it the runtime's throughput)")
  }

  /** A cell's verdict in words: "improved", "regressed", "~" or "unstable: modes differ between runs (2 forks each)". */
  def verdictText(v: Verdict): String = v match {
    case Verdict.Improved => "improved"
    case Verdict.Regressed => "regressed"
    case Verdict.Same => "~"
    case Verdict.Unstable(a, b) => s"unstable: modes differ between runs (${forksText(a, b)})"
    case Verdict.StateShares(fs, _, chance) => f"unstable: launch states (${sharesText(fs)}; shares' chance $chance%.2f)"
  }

  /** The forks of each run per launch state, fastest state first: "A 4+0, B 1+3 forks". */
  def sharesText(fs: Vector[(Int, Int)]): String = CompareNotes.sharesText(fs)

  /** "2 forks each" or "A 2, B 3 forks". */
  def forksText(a: Int, b: Int): String = CompareNotes.forksText(a, b)

  private def rows(c: RunComparison, showJvm: Boolean, verdict: Verdict => String = verdictText): Vector[Vector[String]] = {
    val relayed = c.rows.exists(_.inTable.nonEmpty)
    c.rows.map { d =>
      Vector(d.key) ++ (if (showJvm) Vector(d.jvm) else Vector.empty) ++ Vector(
        s"${Format.num(d.a.score)} ± ${Format.num(d.a.error)}", s"${Format.num(d.b.score)} ± ${Format.num(d.b.error)}", d.unit,
        pct(d.ratio), ci(d)
      ) ++ (if (relayed) Vector(inTable(d)) else Vector.empty) ++
        Vector(p(d.p), verdict(d.verdict) + (if (c.shiftedKeys((d.key, d.jvm))) "*" else ""), alloc(d))
    }
  }

  private def head(c: RunComparison, showJvm: Boolean) = Vector("cell") ++ (if (showJvm) Vector("JVM") else Vector.empty) ++
    Vector("A", "B", "unit", "B/A", "interval") ++ (if (c.rows.exists(_.inTable.nonEmpty)) Vector("in table") else Vector.empty) ++
    Vector("p", "verdict", "B/op A → B")

  private def summary(c: RunComparison): Vector[String] = {
    val g = c.geomean.map { case (m, lo, hi) =>
      s"geometric mean over ${c.rows.size - c.unstable.size} cells" + (if (c.unstable.nonEmpty) s" (${c.unstable.size} unstable left out)"
                                                                       else "") +
        s" (time per op; > 0% = B slower): ${pct(m)} [${pct(lo)}, ${pct(hi)}]"
    }.getOrElse(if (c.rows.isEmpty) "no cell measured in both runs" else "no geometric mean: every cell compared is unstable")
    val runShifted = c.runShifted
    val shiftLine = c.shift.map { case (m, lo, hi) =>
      s"the whole run moved: B ${if (m > 1) "slower" else "faster"} than A by ${pct(m)} [${pct(lo)}, ${pct(hi)}] over every cell " +
        "(the machine's speed between two runs measured apart, or a change to every cell: nothing pairs two runs; measure both " +
        "in one run, in paired rounds, to tell them apart, e.g. --lib NAME=V1,V2 for two versions of a library)" +
        (if (runShifted.isEmpty) ""
         else s"; ${runShifted.size} flagged cells moved no further than the whole run (their interval holds its " +
           s"${pct(m)}), marked *")
    }
    // A table's cells are measured together: the machine between two runs can move one table as it moves a run.
    val tableLines = c.tableShifts.map { case ((table, jvm), (m, lo, hi)) =>
      val marked = c.withShift.count(d => RunComparison.tableOf(d) == (table, jvm) && !runShifted.contains(d))
      s"the table $table ($jvm) moved: B ${if (m > 1) "slower" else "faster"} than A by ${pct(m)} [${pct(lo)}, ${pct(hi)}] over its cells" +
        (if (marked == 0) "" else s"; $marked flagged cells of it moved no further (their interval holds its ${pct(m)}), marked *")
    }
    // A relayed table judged in its table: its move as a whole is the machine's, said once.
    val inTableLines = c.inTableShifts.map { case ((table, jvm), (m, lo, hi)) =>
      s"the table $table ($jvm) moved as a whole: B ${if (m > 1) "slower" else "faster"} than A by ${pct(m)} [${pct(lo)}, ${pct(hi)}] over its cells; " +
        "relayed, its cells are judged in the table (column 'in table')"
    }
    def spread(tau: Double) = f"±${(math.exp(tau) - 1) * 100}%.1f%%"
    val spreadLine = c.inTableSpread.map { case (tau, n) =>
      s"between the runs, the places of the $n cells judged in their tables moved ${spread(tau)} beyond their rounds' own spread " +
        "(a robust estimate over those cells: the machine between two runs measured apart)" +
        (if (c.tableSpreads.isEmpty) ""
         else "; " + c.tableSpreads.toVector.sortBy(_._1).map { case ((t, _), tau) => s"in the table $t, ${spread(tau)}" }.mkString("; ")) +
        "; each 'in table' interval includes its table's or the runs' spread, the wider"
    }
    Vector(g) ++ shiftLine ++ tableLines ++ inTableLines ++ spreadLine ++ Vector(
      s"${c.rows.size} cells compared: ${c.improved.size} improved, ${c.regressed.size} regressed" +
        (if (c.withShift.isEmpty) ", "
         else s" (${c.withShift.size} of them no further than the run's or their table's shift, marked *), ") +
        s"${c.rows.size - c.improved.size - c.regressed.size - c.unstable.size} ~, ${c.unstable.size} unstable (launch states differ between runs; not counted); bytes/op changed beyond 1% in ${c.allocFlagged.size}"
    )
  }

  def terminal(c: RunComparison): String = {
    val sb = new StringBuilder
    header(c).foreach(l => sb.append(l).append('\n'))
    CompareNotes.texts(c).foreach(w => sb.append("warning: ").append(w).append('\n'))
    val showJvm = c.rows.map(_.jvm).distinct.size > 1
    sb.append('\n').append(TerminalTable.table(head(c, showJvm), rows(c, showJvm)))
    sb.append('\n')
    summary(c).foreach(l => sb.append(l).append('\n'))
    for (
      (label, ds) <-
        Seq("regressed" -> c.regressed, "improved" -> c.improved, "unstable (not counted)" -> c.unstable, "B/op changed" -> c.allocFlagged)
      if ds.nonEmpty
    ) {
      sb.append(s"$label:\n")
      ds.take(25).foreach(d =>
        sb.append(s"  ${d.key}  ${pct(d.ratio)} ${ci(d)}${d.inTable.fold("")(_ => s"  in table ${inTable(d)}")}  B/op ${alloc(d)}" +
          s"${if (c.shiftedKeys((d.key, d.jvm))) "  * within the whole run's or its table's shift" else ""}\n")
      )
      if (ds.size > 25) sb.append(s"  ... and ${ds.size - 25} more\n")
    }
    sb.toString
  }

  def markdown(c: RunComparison): String = {
    val sb = new StringBuilder
    sb.append("### effect-bench compare\n\n")
    header(c).foreach(l => sb.append("- ").append(Markdown.cell(l)).append('\n'))
    sb.append('\n')
    CompareNotes.texts(c).foreach(w => sb.append("> **warning:** ").append(Markdown.cell(w)).append("\n\n"))
    val showJvm = c.rows.map(_.jvm).distinct.size > 1
    sb.append(Markdown.table(head(c, showJvm),
        rows(c, showJvm, v => if (v == Verdict.Regressed) "**regressed**" else verdictText(v))))
    sb.append('\n')
    summary(c).foreach(l => sb.append("**").append(Markdown.cell(l)).append("**\n\n"))
    sb.toString
  }
}
