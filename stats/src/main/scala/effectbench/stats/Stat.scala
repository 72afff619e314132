package effectbench.stats

/** A measured statistic: JMH's score with its 99.9% confidence half-width and unit. */
final case class Stat(score: Double, error: Double, unit: String) {
  def low: Double = if (error.isNaN) score else score - error
  def high: Double = if (error.isNaN) score else score + error
  def overlaps(o: Stat): Boolean = low <= o.high && o.low <= high
  /** Whether a higher score is better (throughput units) or worse (time/op, B/op). */
  def higherIsBetter: Boolean = unit.startsWith("ops/")
}
