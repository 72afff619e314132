package effectbench.scala213

import effectbench.{Impl, Live}

/** The scala213 group's implementations of family E (error handling): issue 5. One line per scenario object. */
object ErrorFamily {
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
