package effectbench.report

import effectbench.analysis.{CapacityRow, CapacityTable}
import effectbench.analysis.ServiceCapacity.build
import effectbench.stats.Format
import effectbench.store.RunData

/** The service capacity tables (ServiceCapacity's decisions) as terminal and Markdown text. */
object CapacityText {
  val head: Vector[String] = Vector("runtime", "capacity req/s", "interval over rounds", "rounds", "per round", "rates measured")

  private def rate(c: Option[Long]): String = c.map(r => if (r == 0) "none" else Format.count(r)).getOrElse("?")

  def cells(r: CapacityRow): Vector[String] = Vector(
    r.runtime,
    r.median.map(m => if (m == 0) "none" else Format.num(m)).getOrElse("?"),
    r.medianInterval().fold("?") { case (lo, hi, c) => f"${rate(Some(lo))} … ${rate(Some(hi))} (${c * 100}%.1f%%)" },
    r.rounds.size.toString,
    r.rounds.map(rc => rate(Some(rc.capacity.getOrElse(0L)))).mkString(", "),
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

  def terminal(run: RunData): String =
    build(run).map(t =>
      s"\n${t.title}${if (run.jvmLabels.size <= 1) "" else s" @ ${t.jvm}"}\n" + TerminalTable.table(head, t.rows.map(cells)) +
        legend(t) + "\n"
    ).mkString

  def markdown(run: RunData): String =
    build(run).map(t =>
      s"#### ${Markdown.cell(t.title)}${if (run.jvmLabels.size <= 1) "" else s" @ ${Markdown.cell(t.jvm)}"}\n\n" +
        Markdown.table(head, t.rows.map(cells)) + s"\n_${Markdown.cell(legend(t))}._\n\n"
    ).mkString
}
