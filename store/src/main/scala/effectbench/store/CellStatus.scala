package effectbench.store

/** A planned cell's status: measured, not applicable (the scenario does not apply to the runtime
  * or mode), or skipped (nothing to run it with on this machine). */
sealed trait CellStatus {
  def text: String
  def runnable: Boolean = false
}

object CellStatus {
  case object Ok extends CellStatus { def text = "ok"; override def runnable = true }
  final case class NotApplicable(reason: String) extends CellStatus { def text = s"n/a: $reason" }
  final case class Skipped(reason: String) extends CellStatus { def text = s"skipped: $reason" }
}
