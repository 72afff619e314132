package effectbench

/** A runtime module's implementations. Every module defines `effectbench.Cells` (modules never
  * share a classpath, so the name is unique on each); the harness finds it by that name. */
trait CellRegistry {
  def impls: Vector[Impl[_ <: Live]]
  def setups: Vector[RuntimeSetup[_ <: Live]] = impls.map(_.setup).distinct
  /** The implementations of one scenario. A group's registry builds that scenario's programs alone
    * (GroupCells.objectOf), so a measuring JVM does not build the twenty-odd others of its group. */
  def implsOf(scenario: String): Vector[Impl[_ <: Live]] = impls.filter(_.scenario == scenario)
  /** The module's scheduler-family implementations built with counting hooks (each scenario object's
    * `implsWith`), so the verifier can record the work a cell did; empty where a module has none. */
  def countedImpls(w: Work): Vector[Impl[_ <: Live]] = Vector.empty
}

object CellRegistry {
  def load(): CellRegistry =
    Class.forName("effectbench.Cells").getDeclaredConstructor().newInstance().asInstanceOf[CellRegistry]

  def find(reg: CellRegistry, id: CellId): Option[Impl[_ <: Live]] =
    reg.implsOf(id.scenario).find(i => i.variant == id.variant && i.runtime == id.runtime)
}
