package effectbench.continuations

import effectbench.{Impl, Live}

/** The continuations group's implementations of families R and C (run loop, stack, collections). One line per scenario object. */
object RunLoopFamily {
  val impls: Vector[Impl[_ <: Live]] =
    RawSum.impls ++ LeftSum.impls ++ RightSum.impls ++ Cartesian.impls ++ Ackermann.impls ++ Sequence.impls
}
