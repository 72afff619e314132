package effectbench.report

import effectbench.stats.{ForkStats, Format}
import effectbench.store.{CellResult, RunData}

import effectbench.{Catalog, Params, ServiceModel}

/** One round's capacity of a runtime: the round, each rate's p99 there (µs; NaN when the round has
  * no p99 for it, or starved requests) and the capacity the first-exceeding rule gives. */
final case class RoundCapacity(round: Int, p99: Vector[(Long, Double)], capacity: Option[Long])

/** A runtime's capacity at one setting of service's other params: per round, and over rounds the
  * median with the lowest and highest (the range over rounds). */
final case class CapacityRow(runtime: String, variant: String, rates: Vector[Long], rounds: Vector[RoundCapacity]) {
  private def values: Vector[Long] = rounds.map(_.capacity.getOrElse(0L)).sorted
  /** The median of the rounds' capacities (0: not even the lowest rate); None without rounds. */
  def median: Option[Double] =
    if (values.isEmpty) None
    else Some(if (values.size % 2 == 1) values(values.size / 2).toDouble else (values(values.size / 2 - 1) + values(values.size / 2)) / 2.0)
  def low: Option[Long] = values.headOption
  def high: Option[Long] = values.lastOption
}

final case class CapacityTable(params: String, mode: String, jvm: String, targetMicros: Double, rows: Vector[CapacityRow]) {
  def title: String = s"service/$params/$mode capacity"
}

/** service's capacity (docs/scenarios.md): per round of forks k (the rounds engine's k-th fork of
  * every rate cell; without rounds, each cell's k-th fork), the highest rate of the sweep whose p99
  * in round k is under the target with every lower rate under it too — the sweep stops at the first
  * rate that exceeds it; a rate with starved requests, no p99, or no fork in round k exceeds it. A
  * round with two forks of one rate takes the higher p99 of the two. Reported as the median over
  * the rounds with the range (lowest, highest) over them. */
object ServiceCapacity {
  private def isService(c: CellResult): Boolean = c.id.exists(_.scenario == Catalog.service.id)

  /** The rounds of a cell's forks: the engine's when it recorded them, else 1, 2, ... in fork order. */
  private def roundsOf(c: CellResult, forks: Int): Vector[Int] =
    if (c.record.rounds.size == forks) c.record.rounds else (1 to forks).toVector

  /** The p99 (µs) of each round of one rate cell: NaN for a round whose fork starved or recorded nothing. */
  def roundP99(forks: Vector[ForkLatency], rounds: Vector[Int]): Map[Int, Double] =
    forks.zip(rounds).groupBy(_._2).map { case (r, fs) =>
      val ps = fs.map(f => LatencyStats.percentiles(f._1))
      r -> (if (ps.exists(p => p.starved > 0 || !p.hasPercentiles)) Double.NaN else ps.map(_.p99).max)
    }

  /** The capacity per round from each rate's p99 per round. */
  def perRound(byRate: Vector[(Long, Map[Int, Double])], targetMicros: Double): Vector[RoundCapacity] = {
    val sorted = byRate.sortBy(_._1)
    val rounds = sorted.flatMap(_._2.keys).distinct.sorted
    rounds.map { r =>
      val p99 = sorted.map { case (rate, m) => rate -> m.getOrElse(r, Double.NaN) }
      RoundCapacity(r, p99, ServiceModel.capacity(p99, targetMicros))
    }
  }

  def build(run: RunData): Vector[CapacityTable] = {
    val cells = run.cells.filter(c => c.ok && isService(c))
    def others(c: CellResult): Params = Params(c.id.get.params.values.filterNot(_._1 == "rate"))
    val groups = cells.groupBy(c => (Params.encode(others(c)), c.id.get.mode.id, c.jvm)).toVector.sortBy(_._1)
    groups.map { case ((params, mode, jvm), cs) =>
      val target = cs.head.id.get.params.get("target-p99-ms").map(_.toDouble * 1000).getOrElse(
        Catalog.service.defaults.double("target-p99-ms") * 1000
      )
      val rows = cs.groupBy(c => (c.id.get.runtime, c.id.get.variant)).toVector.sortBy(_._1).map { case ((rt, v), rcs) =>
        val byRate = rcs.map { c =>
          val forks = LatencyData.forks(run.dir, c)
          c.id.get.params.long("rate") -> roundP99(forks, roundsOf(c, forks.size))
        }
        CapacityRow(rt, v, byRate.map(_._1).sorted, perRound(byRate, target))
      }
      CapacityTable(params, mode, jvm, target, rows)
    }
  }

  val head: Vector[String] = Vector("runtime", "capacity req/s", "range over rounds", "rounds", "per round", "rates measured")

  private def rate(c: Option[Long]): String = c.map(r => if (r == 0) "none" else Format.count(r)).getOrElse("?")

  def cells(r: CapacityRow): Vector[String] = Vector(
    r.runtime,
    r.median.map(m => if (m == 0) "none" else Format.num(m)).getOrElse("?"),
    if (r.rounds.size < 2) "?" else s"${rate(r.low)} … ${rate(r.high)}",
    r.rounds.size.toString,
    r.rounds.map(rc => rate(Some(rc.capacity.getOrElse(0L)))).mkString(", "),
    r.rates.map(Format.count).mkString(", ")
  )

  def legend(t: CapacityTable): String =
    s"capacity (service): per round of forks, the highest rate whose p99 stays under ${Format.num(t.targetMicros / 1000)} ms " +
      "with every lower rate under it too (the first rate over the target, or with starved requests, ends the sweep); " +
      "the median over rounds, with the lowest and highest round's capacity as its range; 'none': not even the lowest rate"

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
