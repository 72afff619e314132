package effectbench

import effectbench.loom._

/** The loom group's implementations, by family (each family file lists its scenarios). */
final class Cells extends CellRegistry {
  val impls: Vector[Impl[? <: Live]] =
    RunLoopFamily.impls ++ FiberFamily.impls ++ ErrorFamily.impls
  override def countedImpls(w: Work): Vector[Impl[? <: Live]] = FiberFamily.implsWith(w)
}
