package effectbench.monix

import effectbench.{Impl, Live}

/** The monix group's implementations of family E (error handling): issue 5. One line per scenario object. */
object ErrorFamily {
  val impls: Vector[Impl[? <: Live]] = BusinessFlow.impls ++ TransformerStack.impls
}
