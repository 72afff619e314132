package effectbench.analysis

import effectbench.stats.ForkStats
import effectbench.store.{CellResult, RunData}
import org.apache.commons.statistics.distribution.BinomialDistribution

import effectbench.{Catalog, CellId, Outcome, Params, ServiceModel}

/** One round's capacity of a runtime: the round, each rate's p99 there (µs; NaN when the round has
  * no p99 for it, or starved requests) and the capacity the first-exceeding rule gives; `bound`: the
  * rate that ended the round's sweep was over the target by a p99 that is the client's lateness
  * (ClientLate), so the runtime's capacity in the round is at least `capacity`, not known to be it. */
final case class RoundCapacity(round: Int, p99: Vector[(Long, Double)], capacity: Option[Long], bound: Boolean = false) {
  /** The rate that ended the round's sweep, with its p99: the one after the capacity (the lowest when there is
    * none); None when every rate was under the target. */
  def ended: Option[(Long, Double)] = p99.drop(capacity.fold(0)(c => p99.indexWhere(_._1 == c) + 1)).headOption
}

/** One runtime's sweep of service's rates: its table (service's params other than the rate, the
  * mode and the JVM) and its row (the runtime with its `--lib` version label, and the variant).
  * The capacity is computed per sweep, and the runner stops measuring a sweep by it (SweepStop). */
final case class SweepKey(params: String, mode: String, jvm: String, runtime: String, variant: String)

/** A runtime's capacity at one setting of service's other params: per round, and over rounds the
  * median with the lowest and highest (the range over rounds); `notMeasured`, the rates of the
  * sweep the runner did not measure once the sweep had stopped (`stoppedAt`, from their records). */
final case class CapacityRow(
    runtime: String, variant: String, rates: Vector[Long], rounds: Vector[RoundCapacity], notMeasured: Vector[Long] = Vector.empty,
    stoppedAt: Option[Long] = None
) {
  private def values: Vector[Long] = rounds.map(_.capacity.getOrElse(0L)).sorted
  /** Some round's capacity is a lower bound (RoundCapacity.bound), and so are the median and its interval. */
  def bound: Boolean = rounds.exists(_.bound)
  /** The median of the rounds' capacities (0: not even the lowest rate); None without rounds. */
  def median: Option[Double] = if (values.isEmpty) None else Some(effectbench.stats.Describe.median(values.map(_.toDouble)))
  def low: Option[Long] = values.headOption
  def high: Option[Long] = values.lastOption

  /** The interval of the median capacity over rounds: order statistics, no shape assumed (a capacity
    * is a rate of the sweep's grid, so no t-interval fits it). The k-th lowest and k-th highest of n
    * rounds hold the median with probability 1 − 2·P(Binomial(n, ½) < k) at least; k is the largest
    * for which that reaches `confidence`, else 1 (lowest and highest) with what they reach: 50% at two
    * rounds, 75% at three, 87.5% at four, 93.75% at five, 96.9% at six. None under two rounds. */
  def medianInterval(confidence: Double = ForkStats.DefaultConfidence): Option[(Long, Long, Double)] =
    if (values.size < 2) None
    else {
      val n = values.size
      val rounds = BinomialDistribution.of(n, 0.5)
      def coverage(k: Int): Double = 1 - 2 * rounds.cumulativeProbability(k - 1)
      val k = (1 to n / 2).filter(k => coverage(k) >= confidence).lastOption.getOrElse(1)
      Some((values(k - 1), values(n - k), coverage(k)))
    }
}

final case class CapacityTable(params: String, mode: String, jvm: String, targetMicros: Double, rows: Vector[CapacityRow]) {
  def title: String = s"service/$params/$mode capacity"
}

/** service's capacity (docs/scenarios.md): per round of forks k (the rounds engine's k-th fork of
  * every rate cell; without rounds, each cell's k-th fork), the highest rate of the sweep whose p99
  * in round k is under the target with every lower rate under it too — the sweep stops at the first
  * rate that exceeds it; a rate with starved requests, no p99, or no fork in round k exceeds it. A
  * round with two forks of one rate takes the higher p99 of the two. The rounds of a sweep are
  * those its lowest rate was measured in (a round in which a higher rate alone has a fork is no
  * round of the sweep). Reported as the median over the rounds with the range (lowest, highest)
  * over them. The runner stops a sweep by the same rule (stopsAt). */
object ServiceCapacity {
  def isService(c: CellResult): Boolean = c.id.exists(_.scenario == Catalog.service.id)

  private def others(p: Params): Params = Params(p.values.filterNot(_._1 == "rate"))

  /** The sweep a service cell belongs to. */
  def sweepKey(id: CellId, jvm: String): SweepKey =
    SweepKey(Params.encode(others(id.params)), id.mode.id, jvm, id.runtimeKey, id.variant)

  /** A service cell's target p99 in µs (`target-p99-ms`, else the catalog's default). */
  def targetMicros(id: CellId): Double =
    id.params.get("target-p99-ms").map(_.toDouble * 1000).getOrElse(Catalog.service.defaults.double("target-p99-ms") * 1000)

  /** The rounds of a cell's forks: the engine's when it recorded them, else 1, 2, ... in fork order. */
  private def roundsOf(c: CellResult, forks: Int): Vector[Int] =
    if (c.record.rounds.size == forks) c.record.rounds else (1 to forks).toVector

  /** The p99 (µs) of each round of one rate cell: NaN for a round whose fork starved or recorded nothing. */
  def roundP99(forks: Vector[ForkLatency], rounds: Vector[Int]): Map[Int, Double] =
    forks.zip(rounds).groupBy(_._2).map { case (r, fs) =>
      val ps = fs.map(f => LatencyStats.percentiles(f._1))
      r -> (if (ps.exists(p => p.starved > 0 || !p.hasPercentiles)) Double.NaN else ps.map(_.p99).max)
    }

  /** The p99 of each round of a recorded service cell; empty for a cell without a score (failed,
    * timed out: it has no p99 in any round, so it exceeds the target in every round). */
  def roundP99(run: RunData, c: CellResult): Map[Int, Double] =
    if (!c.ok) Map.empty
    else {
      val forks = LatencyData.forks(run.dir, c)
      roundP99(forks, roundsOf(c, forks.size))
    }

  /** The capacity per round from each rate's p99 per round, over the rounds of the sweep: those of
    * its lowest rate with a fork. `clientSet`: per rate, the rounds whose p99 is the client's lateness
    * (roundsClientSet); a round whose sweep such a p99 ended is a bound (RoundCapacity.bound). */
  def perRound(byRate: Vector[(Long, Map[Int, Double])], targetMicros: Double, clientSet: Map[Long, Set[Int]] = Map.empty)
      : Vector[RoundCapacity] = {
    val sorted = byRate.sortBy(_._1)
    val rounds = sorted.map(_._2).find(_.nonEmpty).map(_.keys.toVector.sorted).getOrElse(Vector.empty)
    rounds.map { r =>
      val p99 = sorted.map { case (rate, m) => rate -> m.getOrElse(r, Double.NaN) }
      val rc = RoundCapacity(r, p99, ServiceModel.capacity(p99, targetMicros))
      rc.copy(bound = rc.ended.exists { case (rate, p) => !p.isNaN && clientSet.getOrElse(rate, Set.empty).contains(r) })
    }
  }

  /** The rounds of a recorded service cell over `targetMicros` only by its client's lateness: each of the
    * round's forks over the target is so (ClientLate.overOnlyByClient: without its windows in which the
    * client woke at least the target late, its p99 is under it). Such a rate is not shown to be over the
    * target: the runtime's p99 there is not known. */
  def roundsClientSet(run: RunData, c: CellResult, targetMicros: Double): Set[Int] =
    if (!c.ok) Set.empty
    else {
      val forks = LatencyData.forks(run.dir, c)
      val over = forks.zip(roundsOf(c, forks.size)).groupBy(_._2).map { case (r, fs) =>
        r -> fs.map(_._1).filter { f =>
          val p = LatencyStats.percentiles(f)
          p.hasPercentiles && p.starved == 0 && p.p99 >= targetMicros
        }
      }.filter(_._2.nonEmpty)
      // The log's windows are read again only for a cell with a fork over the target.
      if (over.isEmpty) Set.empty
      else {
        val client = ClientLate.forks(run.dir, c)
        over.collect {
          case (r, fs) if fs.forall(f => ClientLate.overOnlyByClient(client.getOrElse(f.tag, Vector.empty), targetMicros)) => r
        }.toSet
      }
    }

  /** The rate at which a sweep stops: the lowest rate R of `byRate` such that, in every round of the
    * sweep, a rate up to R exceeds the target (each round's capacity over the rates up to R is below
    * R). No rate above R can then change any round's capacity, so the capacity `perRound` gives is
    * the same whether they are measured or not: the runner measures none of them. None while some
    * round is under the target at every rate so far (or the sweep has no rounds). */
  def stopsAt(byRate: Vector[(Long, Map[Int, Double])], targetMicros: Double): Option[Long] = {
    val sorted = byRate.sortBy(_._1)
    sorted.indices.map(i => sorted.take(i + 1)).collectFirst {
      case upTo if {
            val rs = perRound(upTo, targetMicros)
            rs.nonEmpty && rs.forall(_.capacity.forall(_ < upTo.last._1))
          } => upTo.last._1
    }
  }

  /** Every sweep of the run's recorded service cells, with each rate's p99 per round: a cell
    * without a score counts (no p99 in any round), a not-measured one does not. */
  def sweeps(run: RunData): Map[SweepKey, Vector[(Long, Map[Int, Double])]] =
    run.cells.filter(c => isService(c) && c.status != Outcome.NotMeasured).groupBy(c => sweepKey(c.id.get, c.jvm)).map { case (k, cs) =>
      k -> cs.map(c => c.id.get.params.long("rate") -> roundP99(run, c))
    }

  /** The target of a sweep of the run's recorded service cells (every cell of a sweep shares its params). */
  def targetOf(run: RunData, k: SweepKey): Double =
    run.cells.collectFirst { case c if isService(c) && sweepKey(c.id.get, c.jvm) == k => targetMicros(c.id.get) }.get

  /** One table per setting of the other params, mode and JVM; one row per sweep, from `sweeps`
    * (the runner's stop reads the same), so a rate without a score exceeds the target here too. */
  def build(run: RunData): Vector[CapacityTable] = {
    val skipped = run.cells.filter(c => isService(c) && c.status == Outcome.NotMeasured)
    sweeps(run).toVector.groupBy { case (k, _) => (k.params, k.mode, k.jvm) }.toVector.sortBy(_._1).map { case ((params, mode, jvm), ss) =>
      val target = targetOf(run, ss.head._1)
      val rows = ss.sortBy { case (k, _) => (k.runtime, k.variant) }.map { case (k, byRate) =>
        val notMeasured = skipped.filter(c => sweepKey(c.id.get, c.jvm) == k)
        val clientSet = run.cells.collect {
          case c if isService(c) && c.status != Outcome.NotMeasured && sweepKey(c.id.get, c.jvm) == k =>
            c.id.get.params.long("rate") -> roundsClientSet(run, c, target)
        }.toMap
        CapacityRow(k.runtime, k.variant, byRate.map(_._1).sorted, perRound(byRate, target, clientSet),
          notMeasured.map(_.id.get.params.long("rate")).sorted,
          notMeasured.flatMap(c => effectbench.store.SweepStopReason.stoppedAt(c.reason)).headOption)
      }
      CapacityTable(params, mode, jvm, target, rows)
    }
  }

  /** The stop rate and p99 target of each sweep recorded in `run` that has stopped (stopsAt): the
    * runner measures no rate above it. */
  def stoppedSweeps(run: RunData): Map[SweepKey, (Long, Double)] =
    sweeps(run).flatMap { case (k, byRate) =>
      val target = targetOf(run, k)
      stopsAt(byRate, target).map(at => k -> (at, target))
    }
}
