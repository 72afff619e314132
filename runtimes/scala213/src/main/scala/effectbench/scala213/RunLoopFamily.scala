package effectbench.scala213

import effectbench.{Impl, Live}

/** The scala213 group's implementations of families R and C (run loop, stack, collections). One
  * line per scenario object. scala-async's cartesian is not registered: its nested loops of awaits
  * sit in one async block, where an await of a finished future continues inline — no bind, so the
  * cell is n/a (RunLoopNa.directStyle). */
object RunLoopFamily {
  val impls: Vector[Impl[_ <: Live]] =
    RawSum.impls ++ LeftSum.impls ++ RightSum.impls ++ Cartesian.impls.filterNot(_.runtime == "scala-async") ++
      Ackermann.impls ++ Sequence.impls ++ Gather.impls ++ GatherUnordered.impls
}
