package effectbench.loom

import effectbench.{Impl, Live}

/** The loom group's implementations of family E (error handling): issue 5. One line per scenario object. */
object ErrorFamily {
  val impls: Vector[Impl[? <: Live]] = BusinessFlow.impls ++ TransformerStack.impls
}
