package effectbench.scala213

import effectbench.{Impl, Live}

/** The scala213 group's implementations of families R and C (run loop, stack, collections). One
  * line per scenario object. */
object RunLoopFamily {
  val impls: Vector[Impl[_ <: Live]] =
    RawSum.impls ++ LeftSum.impls ++ RightSum.impls ++ Cartesian.impls ++
      Ackermann.impls ++ Sequence.impls ++ Gather.impls ++ GatherUnordered.impls
}
