package effectbench

/** What every transformer-stack implementation shares: its typed error, its reading of
  * `fail-at`, and the canonical text the oracle compares. */
object TransformerStackModel {
  /** The typed error: the step that failed. */
  final case class Failed(step: Int)

  /** The 0-based step that fails, or -1 for never. */
  def failAt(p: Params): Long = p("fail-at") match {
    case "never" => -1L
    case at => at.toLong
  }

  /** The oracle's text for a final state (Right) or an error (Left). */
  def summary(result: Any): String = result match {
    case Right(s) => s"state=$s"
    case Left(Failed(at)) => s"error at $at"
    case other => s"unexpected $other"
  }
}
