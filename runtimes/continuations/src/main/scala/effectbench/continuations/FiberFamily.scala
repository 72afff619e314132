package effectbench.continuations

import effectbench.{Impl, Live}

/** The continuations group's implementations of family S (scheduler and fibers): issue 3. One line per scenario object. */
object FiberFamily {
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
