package effectbench.loom

import effectbench.{Impl, Live}

/** The loom group's implementations of families R and C (run loop, stack, collections). Direct
  * style keeps only the cells where it performs the scenario's steps — forks and joins, a
  * parallel combinator: deep-bind, the sums, cartesian, sequence and stack-aware ackermann have no
  * bind in direct style and are n/a (RunLoopNa.directStyle). */
object RunLoopFamily {
  val impls: Vector[Impl[? <: Live]] =
    Ackermann.impls ++ Gather.impls ++ GatherUnordered.impls
}
