package effectbench.store

import effectbench.stats.Format

/** The reason a service sweep's rate above its stop was not measured, as cells.jsonl stores it, and
  * the stop rate read back from it. Why here: it is a stored text that report and compare parse back,
  * so its wording belongs to the run's format, not to a rule. */
object SweepStopReason {

  /** Why a rate above `stoppedAt` was not measured (a not-measured cell's reason). */
  def text(stoppedAt: Long, targetMicros: Double): String =
    s"the sweep stopped at ${Format.count(stoppedAt)}/s: in every round a rate up to it was over the ${Format.num(targetMicros / 1000)}-ms " +
      "p99 target (or starved, or had no p99), so no higher rate can change the capacity"

  private val Pattern = "the sweep stopped at ([0-9,]+)/s.*".r

  /** The stop rate a not-measured cell's reason names. */
  def stoppedAt(reason: String): Option[Long] = reason match {
    case Pattern(r) => r.replace(",", "").toLongOption
    case _ => None
  }
}
