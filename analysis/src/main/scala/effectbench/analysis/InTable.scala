package effectbench.analysis

import effectbench.stats.{CellEstimate, Describe, ForkStats, MeanInterval}

/** A relayed cell's move in its table between two runs. A relayed table's cells take turns on the
  * same cores within seconds of each other, so the machine's speed, which moves between two runs
  * measured apart, moves all of them alike (docs/lessons/machine-between-runs.md). Per round, a
  * cell's place is the log of its turns against the table's reference (the round's relay ratio,
  * ForkStats.turnRatios) less the mean of every cell's in that round, so neither the reference's
  * turns nor the table's common speed stays in it. A cell's move is its mean place in B less its
  * mean place in A, less the median of its table's moves: a cell that truly changed shifts every
  * round's mean, and so every other cell's place, by a share of its change, which the median of
  * the moves takes back out. */
object InTable {
  /** A table needs this many cells judged in it: with fewer, one cell's own change is most of the median. */
  val MinCells = 4

  /** A cell of one run's table: its key, and its forks as one estimate (rounds and turns). */
  final case class Member(key: String, estimate: CellEstimate)

  /** Per cell of the table, its places by round (log scale; see the object), over the rounds in which
    * every cell of the table was measured. Empty under `MinCells` cells. */
  def places(table: Vector[Member]): Map[String, Vector[Double]] =
    if (table.size < MinCells) Map.empty
    else {
      // The reference: the cell measured in the most rounds (the first such), against which each round's ratios are read.
      val ref = table.maxBy(m => m.estimate.rounds.distinct.size)
      def logRatios(m: Member): Map[Int, Double] =
        if (m.key == ref.key) ref.estimate.rounds.distinct.map(_ -> 0.0).toMap
        else {
          val turns = ForkStats.turnRatios(ref.estimate, m.estimate)
          if (turns.nonEmpty) turns.map(t => t.round -> t.logRatio).toMap
          else {
            // Forks of a round that did not take turns one a JVM (a table relayed in groups gives the
            // reference two forks a round): the round's fork means.
            val (r, c) = (ForkStats.perRound(ref.estimate), ForkStats.perRound(m.estimate))
            c.collect { case (round, y) if r.contains(round) && y > 0 && r(round) > 0 => round -> math.log(y / r(round)) }
          }
        }
      val byCell = table.map(m => m.key -> logRatios(m))
      val common = byCell.map(_._2.keySet).reduce(_ intersect _).toVector.sorted
      val centre = common.map(r => Describe.mean(byCell.map(_._2(r))))
      byCell.map { case (k, ls) => k -> common.zip(centre).map { case (r, c) => ls(r) - c } }.toMap
    }

  /** A cell's move in its table between two runs, on the log scale: `log` B/A, `se2` its squared
    * standard error from the two runs' rounds, `df` Welch–Satterthwaite's degrees of freedom. */
  final case class Move(log: Double, se2: Double, df: Double)

  /** The moves of a table's cells from their places in A and in B (`places`, keyed alike), each less
    * the median of the table's moves; none under `minRounds` rounds a side or `MinCells` cells. */
  def moves(a: Map[String, Vector[Double]], b: Map[String, Vector[Double]], minRounds: Int): Map[String, Move] = {
    val raw = a.keys.toVector.sorted.flatMap { k =>
      b.get(k).flatMap(pb => move(a(k), pb, minRounds)).map(k -> _)
    }
    if (raw.size < MinCells) Map.empty
    else {
      val centre = Describe.median(raw.map(_._2.log))
      raw.map { case (k, m) => k -> m.copy(log = m.log - centre) }.toMap
    }
  }

  /** The move of a cell from its places in A and in B: None under `minRounds` a side. */
  def move(a: Vector[Double], b: Vector[Double], minRounds: Int): Option[Move] =
    if (a.size < math.max(2, minRounds) || b.size < math.max(2, minRounds)) None
    else {
      val (va, vb) = (Describe.variance(a) / a.size, Describe.variance(b) / b.size)
      Some(Move(Describe.mean(b) - Describe.mean(a), va + vb, MeanInterval.welchDf(va, a.size - 1.0, vb, b.size - 1.0)))
    }

  /** Cells this many at least give the spread between runs over every table (`betweenRuns`); with fewer it is 0. */
  val MinCellsForSpread = 8

  /** A table's cells this many at least give the table its own spread between runs (`betweenRuns`):
    * a median absolute deviation over fewer moves by one cell that truly changed. */
  val MinTableCellsForSpread = 10

  /** How far cells' places in their tables move between two runs beyond what their rounds explain:
    * the variance τ² of a random effect per cell, estimated robustly over `moves` (every cell judged
    * in its table, or one table's) — the squared scaled median absolute deviation of their moves less
    * the median of their own squared standard errors, at least 0. Two runs measured apart (an hour
    * apart on the 2-core guest) put a relayed table's cells apart by more than either run's launches
    * vary, and not always alike: between two headlines of one build the fastest left-sum cells moved
    * about 25% against the slowest ones. A cell is judged on its move beyond this spread; a few cells
    * that truly changed leave a median absolute deviation as it is. */
  def betweenRuns(moves: Vector[Move], min: Int = MinCellsForSpread): Double =
    if (moves.size < min) 0.0
    else {
      val centre = Describe.median(moves.map(_.log))
      val mad = 1.4826 * Describe.median(moves.map(m => math.abs(m.log - centre)))
      math.max(0.0, mad * mad - Describe.median(moves.map(_.se2)))
    }

  /** B/A of a cell in its table with its interval at `confidence`, the spread between runs `tau2` added
    * to its own variance. */
  def ratio(m: Move, tau2: Double, confidence: Double): (Double, Double, Double) = {
    val half = ForkStats.tQuantile(confidence, m.df) * math.sqrt(m.se2 + tau2)
    (math.exp(m.log), math.exp(m.log - half), math.exp(m.log + half))
  }
}
