package effectbench.report

import effectbench.analysis.{CapacityRow, CapacityTable}
import effectbench.analysis.ServiceCapacity.build
import effectbench.stats.Format
import effectbench.store.RunData

/** The service capacity tables (ServiceCapacity's decisions) as terminal and Markdown text. */
object CapacityText {
  val head: Vector[String] = Vector("runtime", "capacity req/s", "interval over rounds", "rounds", "per round", "rates measured")

  private def rate(c: Option[Long]): String = c.map(r => if (r == 0) "none" else Format.count(r)).getOrElse("?")

  /** A capacity that is a lower bound (CapacityRow.bound): "≥ " before it, "unknown" for a bound of none. */
  private def atLeast(bound: Boolean, shown: String): String =
    if (!bound) shown else if (shown == "none") "unknown" else s"≥ $shown"

  def cells(r: CapacityRow): Vector[String] = Vector(
    r.runtime,
    r.median.map(m => atLeast(r.bound, if (m == 0) "none" else Format.num(m))).getOrElse("?"),
    r.medianInterval().fold("?") { case (lo, hi, c) =>
      f"${rate(Some(lo))} … ${rate(Some(hi))} (${c * 100}%.1f%%${if (r.bound) "; lower bounds" else ""})"
    },
    r.rounds.size.toString,
    r.rounds.map(rc => atLeast(rc.bound, rate(Some(rc.capacity.getOrElse(0L))))).mkString(", "),
    r.rates.map(Format.count).mkString(", ") + (if (r.notMeasured.isEmpty) ""
                                                else s"; not measured: ${r.notMeasured.map(Format.count).mkString(", ")} (the sweep " +
                                                  s"stopped${r.stoppedAt.fold("")(s => s" at ${Format.count(s)}")})")
  )

  def legend(t: CapacityTable): String =
    s"capacity (service): per round of forks, the highest rate whose p99 stays under ${Format.num(t.targetMicros / 1000)} ms " +
      "with every lower rate under it too (the first rate over the target, or with starved requests, ends the sweep); " +
      "the median over rounds, with its interval over rounds (order statistics, no shape assumed: the k-th lowest and k-th highest round's " +
      "capacity, k the largest that holds the median at 95%, else the lowest and highest with the confidence they reach, given beside them); 'none': not even the lowest rate; " +
      "not measured: the rates above the one at which every round's sweep had ended (they cannot change the capacity)"

  /** One note per row with a round whose sweep a p99 of the client's lateness ended (RoundCapacity.bound). */
  def notes(t: CapacityTable): Vector[String] = t.rows.filter(_.bound).map { r =>
    val bounded = r.rounds.filter(_.bound)
    val rates = bounded.flatMap(_.ended.map(_._1)).distinct
    s"${r.runtime}${if (r.variant.isEmpty || r.variant == "default") "" else s" (${r.variant})"}: in round${if (bounded.size == 1) ""
      else "s"} " +
      s"${bounded.map(_.round).mkString(", ")} the rate that ended the sweep (${rates.map(Format.count).mkString(", ")} req/s) was over the target " +
      "only by the client's lateness, not shown to be the runtime's (without its windows in which the client woke at least the target late, " +
      "the fork's p99 is under it: docs/lessons/client-late.md): the capacity there is at least the rate below it (≥; unknown at the lowest " +
      "rate), and so are the median and its interval; the runner's sweep stop still counts that rate as over"
  }

  def terminal(run: RunData): String =
    build(run).map(t =>
      s"\n${t.title}${if (run.jvmLabels.size <= 1) "" else s" @ ${t.jvm}"}\n" + TerminalTable.table(head, t.rows.map(cells)) +
        notes(t).map(n => s"note: $n\n").mkString + legend(t) + "\n"
    ).mkString

  def markdown(run: RunData): String =
    build(run).map(t =>
      s"#### ${Markdown.cell(t.title)}${if (run.jvmLabels.size <= 1) "" else s" @ ${Markdown.cell(t.jvm)}"}\n\n" +
        Markdown.table(head, t.rows.map(cells)) + notes(t).map(n => s"\n> **note:** ${Markdown.cell(n)}\n").mkString +
        s"\n_${Markdown.cell(legend(t))}._\n\n"
    ).mkString
}
