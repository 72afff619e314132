package effectbench.modern

import effectbench.{Impl, Live}

/** The modern group's implementations of family S (scheduler and fibers): issue 3. One line per scenario object. */
object FiberFamily {
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
