package effectbench.loom

import effectbench.{Impl, Live}

/** The loom group's implementations of family S (scheduler and fibers): issue 3. One line per scenario object. */
object FiberFamily {
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
