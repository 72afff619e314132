package effectbench.modern

import effectbench.{Impl, Live}

/** The modern group's implementations of family E (error handling), one line per scenario object, so
  * that adding a scenario touches this list and not the group's registry (Cells). */
object ErrorFamily {
  val impls: Vector[Impl[? <: Live]] = BusinessFlow.impls ++ TransformerStack.impls
}
