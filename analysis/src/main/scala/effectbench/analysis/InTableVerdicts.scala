package effectbench.analysis

import effectbench.stats.ForkStats
import effectbench.store.{CellResult, RunData}
import CellVerdicts.{MinForks, away, verdict}
import RunShift.tableOf

/** Compare's verdicts on the cells of relayed tables, judged in their table (InTable) rather than
  * against the whole other run. */
object InTableVerdicts {
  /** Rows of relayed tables judged in their table: a cell measured in relay rounds in both runs, in
    * one launch state in each, whose table has at least `InTable.MinCells` such cells, gets
    * its B/A in the table (InTable) and the verdict of it; every other row is left as it is. */
  def judgedInTable(
      a: RunData, b: RunData, pairs: Vector[(CellResult, CellResult)], rows: Vector[CellDiff], threshold: Double, confidence: Double
  ): (Vector[CellDiff], Option[(Double, Int)], Map[(String, String), Double]) = {
    def estimate(c: CellResult) = LaunchStates.estimate(c.raw, confidence, c.record.rounds, cycles = c.record.relayed)
    val byKey = rows.map(d => (d.key, d.jvm) -> d).toMap
    val eligible = pairs.flatMap { case (ca, cb) =>
      byKey.get((ca.key, ca.jvm)).filter(d => ca.record.relayed && cb.record.relayed && !d.verdict.uncounted).flatMap { d =>
        val (ea, eb) = (estimate(ca), estimate(cb))
        if (ea.bimodal || eb.bimodal || ea.n - away(a, ca) < MinForks || eb.n - away(b, cb) < MinForks) None
        else Some((d, ea, eb))
      }
    }
    val moves = eligible.groupBy { case (d, _, _) => tableOf(d) }.values.toVector.flatMap { cells =>
      val placesA = InTable.places(cells.map { case (d, ea, _) => InTable.Member(d.key, ea) })
      val placesB = InTable.places(cells.map { case (d, _, eb) => InTable.Member(d.key, eb) })
      val ms = InTable.moves(placesA, placesB, MinForks)
      cells.flatMap { case (d, _, _) => ms.get(d.key).map(d -> _) }
    }
    // The spread between runs over every cell judged in its table, or its own table's when that is wider.
    val tau2 = InTable.betweenRuns(moves.map(_._2))
    val tableTau2 = moves.groupBy { case (d, _) => tableOf(d) }.map { case (t, ms) =>
      t -> InTable.betweenRuns(ms.map(_._2), InTable.MinTableCellsForSpread)
    }
    val judged = moves.map { case (d, m) =>
      val rel = InTable.ratio(m, math.max(tau2, tableTau2(tableOf(d))), confidence)
      (d.key, d.jvm) -> d.copy(inTable = Some(rel), verdict = verdict(rel._2, rel._3, 0.0, d.higherIsBetter, threshold))
    }.toMap
    val wider = tableTau2.collect { case (t, v) if v > tau2 => t -> math.sqrt(v) }
    (rows.map(d => judged.getOrElse((d.key, d.jvm), d)),
      if (moves.size >= InTable.MinCellsForSpread) Some((math.sqrt(tau2), moves.size)) else None, wider)
  }
}
