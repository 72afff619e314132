package effectbench.scala213

import effectbench.{Impl, Live}

/** The scala213 group's implementations of family S (scheduler and fibers): issue 3. One line per scenario object. */
object FiberFamily {
  val impls: Vector[Impl[_ <: Live]] = Vector.empty
}
