package effectbench

/** A group's row of a scenario: one field per runtime of the group (the row types sit beside the
  * runtime table, in Runtimes.scala), so that a runtime added to the group leaves every scenario
  * object without its entry until it is written. */
trait GroupRow {
  def cells: Vector[(RuntimeInfo, Cover)]
}
