package effectbench.analysis

import effectbench.stats.{ForkShape, ForkStats}

/** A table after a round, as the round rules read it.
  * @param forks each cell's kept forks so far, with their rounds
  * @param higher the cells' unit is a throughput (higher is better)
  * @param starved cells whose every fork starved (RoundRules.starved): measured only while a ratio they are in is open
  * @param outOfReach cells whose open ratio the table's budget was found unable to settle
  * @param seconds the table's seconds spent
  * @param perFork a cell's seconds per fork so far */
final case class RoundState(
    round: Int, keys: Vector[String], forks: Map[String, Vector[(Int, Vector[Vector[Double]])]], higher: Boolean, failed: Set[String],
    starved: Set[String], outOfReach: Set[String], seconds: Double, perFork: String => Double
) {
  /** Cells neither failed nor starved: those a rule may still ask forks of. */
  def live: Vector[String] = keys.filter(k => !failed.contains(k) && !starved.contains(k))
}

/** Why a table's rounds stop: the round planner's (RoundPlanner.afterRound) and the round loop's other
  * rules' (RoundRules.endOfRound). The runner words each. */
enum RoundStop {
  /** Every ratio is settled: within the precision (`precisionFirst`, the rule's only stop) or decided
    * by more than it; `bimodal`, the cells whose ratios no more rounds would decide. */
  case Settled(precisionFirst: Boolean, bimodal: Vector[String])
  /** The table's other cells failed: its last cell's own precision is not what a table is run for. */
  case NoRatioLeft
  /** No cell of the table has a fork left to run: every one failed. */
  case EveryCellFailed
  /** No cell is left to measure: each starved or failed. */
  case EveryCellStarvedOrFailed
  /** The round ceiling was reached. */
  case RoundCeiling(maxRounds: Int)
  /** The next round would overrun the table's budget; `openOutOfReach` when the planner found every
    * open ratio out of the budget's reach. */
  case BudgetSpent(budgetSeconds: Double, openOutOfReach: Boolean = false)
}

/** A round that holds `planned` of the `reachable` open ratios: the ones the `secondsLeft` of its
  * budget pay for, the nearest to settling first (RoundPlanner.planRound). */
final case class PartialRound(planned: Int, reachable: Int, secondsLeft: Double)

/** A table's rounds measured again past its ratio rule's stop: the next round's cells (`next`) and
  * the cells that brought it back (`cells`). */
final case class Remeasure(next: Vector[String], cells: Vector[String])

/** The same for cells whose p99 has not reached its target, each with its reach. */
final case class TailRemeasure(next: Vector[String], reaches: Vector[(String, LatencyStats.RunToRun)])

/** The round loop's rules besides the ratio rule (Stopping, and the runner's round planner): when a
  * starving cell gets no more forks, when cells are measured again after the ratios settled, and
  * when a table stops. Pure: what the loop knows in, a typed decision out; the loop (the runner's
  * Rounds.loop) runs the forks and says what was decided. */
object RoundRules {
  /** Forks after which a cell whose every fork starved gets no more in the table's first rounds: it has
    * no latency for more forks to refine, and it is the costliest cell of its table (each measured
    * window waits a second past its schedule to count the starved). After the minimum rounds it
    * measures again only while its hogs' throughput ratio, or one against it, is open. */
  val StarvingForks = 2

  /** Whether a cell is starved: at least `StarvingForks` forks starved, and every one of its kept
    * forks did. Judged on its kept forks: a fork the machine canary set aside says nothing of starving
    * (counted, a starving cell with one fork set aside would run every round). */
  def starved(starvingForks: Int, keptForks: Int): Boolean = starvingForks >= StarvingForks && starvingForks == keptForks

  /** Whether the round's rules may bring back a table: after its minimum rounds, while it goes on or
    * stopped only because its ratios settled (never past a budget or a failure). */
  private def reopens(s: RoundState, minRounds: Int, going: Boolean, settledStop: Boolean): Boolean =
    s.round >= minRounds && (going || settledStop)

  /** Cells whose every fork so far the machine canary set aside have no estimate for the ratio rule to
    * settle: they come back, with the table's fastest to pair with, while the budget lasts. `next` is
    * the round the ratio rule planned; `going`, whether it goes on (no stop so far). None when no cell
    * comes back. */
  def setAsideAgain(
      s: RoundState, next: Vector[String], going: Boolean, settledStop: Boolean, minRounds: Int, budgetSeconds: Option[Double]
  ): Option[Remeasure] = {
    val bare = s.live.filter(k => s.forks.getOrElse(k, Vector.empty).isEmpty)
    if (!reopens(s, minRounds, going, settledStop) || bare.isEmpty) None
    else {
      // The fastest cell with kept forks: the reference every ratio of the returning cells is taken against.
      val ref = s.forks.toVector.filter(_._2.nonEmpty).map(_._1).filterNot(s.failed.contains)
        .sortBy(k => LaunchStates.estimate(s.forks(k).flatMap(_._2)).mean * (if (s.higher) -1 else 1)).headOption
      val add = (bare ++ ref.toVector).filterNot(next.contains)
      if (budgetSeconds.forall(b => s.seconds + (next ++ add).map(s.perFork).sum <= b)) Some(Remeasure(next ++ add, bare))
      else None
    }
  }

  /** A latency cell whose p99 two runs of as many forks would still put further apart than compare's
    * threshold (Stopping.tailReach), or that has fewer than Stopping.TailMinForks forks with one,
    * measures again while the budget lasts: its report's p99 is what the cell is read for, and its
    * ratios may have settled on the hogs' time long before. In a run whose tables share one budget
    * (`sharedBudget`, the headline) only up to Stopping.HeadlineTailForks forks with a p99, whatever its
    * reach: the rest of the budget goes to the ratios. A table stopped as settled measures only these
    * (its `next` still names every cell). A cell in `clientSet` (its p99 the client's wakes reached,
    * ClientLate) is not measured again for its p99: more forks of it would measure the machine. */
  def tailAgain(
      s: RoundState, tails: Map[String, Vector[ForkShape.TailFork]], next: Vector[String], going: Boolean, settledStop: Boolean,
      minRounds: Int, budgetSeconds: Option[Double], sharedBudget: Boolean, clientSet: Set[String] = Set.empty
  ): Option[TailRemeasure] = {
    val open =
      s.live.filterNot(clientSet.contains).flatMap(k =>
        Stopping.tailReach(tails.getOrElse(k, Vector.empty)).filter(r =>
          if (sharedBudget) r.forks < Stopping.HeadlineTailForks else !r.within || r.forks < Stopping.TailMinForks
        ).map(k -> _)
      )
    // Under a shared budget the p99's forks come back after any stop past the minimum: the table's share
    // is sized for its ratios, and what the p99s need is paid from the later tables' extra rounds.
    if (!(reopens(s, minRounds, going, settledStop) || (sharedBudget && s.round >= minRounds)) || open.isEmpty) None
    else {
      val before = if (going) next else Vector.empty
      val add = open.map(_._1).filterNot(before.contains)
      if (add.nonEmpty && budgetSeconds.forall(b => s.seconds + (before ++ add).map(s.perFork).sum <= b))
        Some(TailRemeasure(before ++ add, open.filter(t => add.contains(t._1))))
      else None
    }
  }

  /** Whether the table stops after a round its rules let go on, with `next` to measure: nothing left
    * to measure (each cell starved or failed), the round ceiling, or a next round whose cost (each cell
    * it would measure at that cell's seconds per fork so far) overruns the budget — the budget only
    * once the minimum rounds are done, so that every cell has the forks of a first interval. */
  def endOfRound(s: RoundState, next: Vector[String], minRounds: Int, maxRounds: Int, budgetSeconds: Option[Double]): Option[RoundStop] =
    if (next.isEmpty) Some(if (s.keys.exists(k => !s.failed.contains(k))) RoundStop.EveryCellStarvedOrFailed else RoundStop.EveryCellFailed)
    else if (s.round >= maxRounds) Some(RoundStop.RoundCeiling(maxRounds))
    else budgetSeconds.filter(b => s.round >= minRounds && s.seconds + next.map(s.perFork).sum > b).map(RoundStop.BudgetSpent(_))
}
