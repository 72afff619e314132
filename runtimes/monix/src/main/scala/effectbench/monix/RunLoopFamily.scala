package effectbench.monix

import effectbench.{Impl, Live}

/** The monix group's implementations of families R and C (run loop, stack, collections), one line per
  * scenario object, so that adding a scenario touches this list and not the group's registry (Cells). */
object RunLoopFamily {
  val impls: Vector[Impl[? <: Live]] =
    RawSum.impls ++ LeftSum.impls ++ RightSum.impls ++ Cartesian.impls ++ Ackermann.impls ++
      Sequence.impls ++ Gather.impls ++ GatherUnordered.impls
}
