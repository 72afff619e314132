package effectbench.scala212

import effectbench.{Impl, Live}

/** The scala212 group's implementations of families R and C (run loop, stack, collections), one line per
  * scenario object, so that adding a scenario touches this list and not the group's registry (Cells). */
object RunLoopFamily {
  val impls: Vector[Impl[_ <: Live]] =
    RawSum.impls ++ LeftSum.impls ++ RightSum.impls ++ Cartesian.impls ++ Ackermann.impls ++ Sequence.impls
}
