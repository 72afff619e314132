package effectbench.runner

/** A budget of wall-clock time shared by the tables of one run, counted from the moment the run is
  * planned: verification, recording and JVM start-ups are spent from it too, so a run given 15
  * minutes ends near 15 minutes. Each table, when it starts, is allotted what is left of the run in proportion to its expected cost per round (cells × seconds per fork)
  * among the tables still to run; what a table leaves unused (it settled early) therefore goes to
  * the tables after it, and what it overran is taken from them. The seconds per fork are re-planned
  * after each table from the measured cost: the planned figures of the tables still to run are
  * scaled by measured / planned of the tables done.
  *
  * A table's allotment never eats into the minimum rounds of the tables after it (`minRounds` rounds of
  * each at its expected cost): those rounds are run whatever the budget, so time a table spent on
  * rounds beyond its own minimum would be an overrun at the end of the run.
  *
  * @param plan every table of the run with its cells and planned seconds per fork, in run order */
final class RunBudget(
    val totalSeconds: Double, val plan: Vector[(String, Int, Double)], clock: () => Double = RunBudget.wallClock, minRounds: Int = 0
) {
  private val start = clock()
  private var plannedDone = 0.0
  private var measuredDone = 0.0
  private var done = Set.empty[String]

  def remaining: Double = math.max(0.0, totalSeconds - (clock() - start))
  def tablesLeft: Int = plan.count(t => !done.contains(t._1))
  /** Measured / planned seconds per fork of the tables done (1 before any). */
  def costFactor: Double = if (plannedDone <= 0 || measuredDone <= 0) 1.0 else measuredDone / plannedDone

  /** The budget of `table`, which starts now with `cells` cells (fewer than planned when some
    * failed their oracle). */
  def allot(table: String, cells: Int): Double = synchronized {
    val left = plan.filter(t => !done.contains(t._1))
    def weight(t: (String, Int, Double)) = (if (t._1 == table) cells else t._2) * t._3
    val total = left.map(weight).sum
    val mine = left.find(_._1 == table).map(weight).getOrElse(cells * plan.map(_._3).headOption.getOrElse(1.0))
    val share = if (total <= 0) remaining else remaining * mine / math.max(total, mine)
    math.min(share, ceiling(table))
  }

  /** The most `table`, starting now, may spend without eating into the minimum rounds of the tables
    * after it (at their expected cost): what its share leaves below this goes to their rounds beyond
    * the minimum. */
  def ceiling(table: String): Double = synchronized {
    val reserve = plan.filter(t => !done.contains(t._1) && t._1 != table).map(t => minRounds * t._2 * forkSeconds(t._3)).sum
    math.max(0.0, remaining - reserve)
  }

  /** A table finished: its `forks` forks took `seconds` of JMH time. */
  def record(table: String, forks: Int, seconds: Double): Unit = synchronized {
    plan.find(_._1 == table).foreach(t => { plannedDone += t._3 * forks; measuredDone += seconds })
    done += table
  }

  /** Seconds per fork expected from now on for a table planned at `planned`. */
  def forkSeconds(planned: Double): Double = planned * costFactor
}

object RunBudget {
  val wallClock: () => Double = () => System.nanoTime() / 1e9
}
