package effectbench

/** One runtime's entry in a group's row of a scenario: the programs it runs (the scenario object's
  * on its setup), why it has no cell (a reason written here, `na("why")`, or a list of NaReasons, of
  * which those naming this runtime apply), or that the scenario is not defined for its families. A
  * runtime that runs some variants and not others combines two: `runs(ZioSetup) ++ na("variant", "why")`.
  *
  * @param written the reasons written in the entry, (variant or None for every variant, reason): the
  *                build collects them into the catalog (WrittenNa), so they must be string literals */
final case class Cover(
    setup: Option[RuntimeSetup[_ <: Live]],
    na: Option[Vector[NotApplicable]],
    notDefined: Boolean,
    written: Vector[(Option[String], String)] = Vector.empty
) {
  def ++(other: Cover): Cover =
    Cover(setup.orElse(other.setup), na.orElse(other.na), notDefined || other.notDefined, written ++ other.written)
  /** Whether the entry gives a reason for some cell. */
  def isNa: Boolean = na.isDefined || written.nonEmpty
}

object Cover {
  /** The runtime runs the scenario object's programs on this setup (its `impls` on it). */
  def runs(setup: RuntimeSetup[_ <: Live]): Cover = Cover(Some(setup), None, notDefined = false)
  /** The runtime has no cell of any variant, for this reason (one line, printed in reports). */
  def na(why: String): Cover = Cover(None, None, notDefined = false, Vector(None -> why))
  /** The runtime has no cell of this variant, for this reason (one line, printed in reports). */
  def na(variant: String, why: String): Cover = Cover(None, None, notDefined = false, Vector(Some(variant) -> why))
  /** The runtime has no cell where `reasons` (a list of NaReasons, as the catalog's entry reads it) says why. */
  def na(reasons: Vector[NotApplicable]): Cover = Cover(None, Some(reasons), notDefined = false)
  /** The scenario's family is not one of the runtime's (its row of the runtime table): no reason to write. */
  val notDefined: Cover = Cover(None, None, notDefined = true)
}
