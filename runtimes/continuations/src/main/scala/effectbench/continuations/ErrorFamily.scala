package effectbench.continuations

import effectbench.{Impl, Live}

/** The continuations group's implementations of family E (error handling): issue 5. One line per scenario object. */
object ErrorFamily {
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
