package effectbench

import effectbench.modern._

/** The modern group's implementations, by family (each family file lists its scenarios). */
final class Cells extends CellRegistry {
  val impls: Vector[Impl[? <: Live]] =
    DeepBind.impls ++ RunLoopFamily.impls ++ FiberFamily.impls ++ ErrorFamily.impls ++ FaultFamily.impls
  override def countedImpls(w: Work): Vector[Impl[? <: Live]] = FiberFamily.implsWith(w)
}
