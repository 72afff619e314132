package effectbench

/** How a cell ended: the verifier's verdict, or the measured cell's record. The ids are the
  * strings of the run format; this is their one mapping (core is compiled by Scala 2.12, 2.13 and
  * 3, so the harness and the runner share it). */
sealed abstract class Outcome(val id: String) extends Product with Serializable {
  def ok: Boolean = this == Outcome.Ok
  /** The cell should have had a score and has none: invalid, failed or timed out. A cell the runner
    * chose not to measure (NotMeasured) is no failure. */
  def failure: Boolean = this != Outcome.Ok && this != Outcome.NotMeasured
}

object Outcome {
  case object Ok extends Outcome("ok")
  case object Invalid extends Outcome("invalid")
  case object Failed extends Outcome("failed")
  case object TimedOut extends Outcome("timed-out")
  /** Recorded without being measured, by the runner's choice: a rate of service's sweep above the
    * rate at which the runtime's sweep stopped (its record's reason says which and why). */
  case object NotMeasured extends Outcome("not-measured")

  val all: Vector[Outcome] = Vector(Ok, Invalid, Failed, TimedOut, NotMeasured)
  def byId(id: String): Option[Outcome] = all.find(_.id == id)
}
