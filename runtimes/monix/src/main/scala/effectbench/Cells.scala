package effectbench

import effectbench.monix._

/** The monix group's implementations, by family (each family file lists its scenarios). */
final class Cells extends CellRegistry {
  val impls: Vector[Impl[? <: Live]] =
    DeepBind.impls ++ RunLoopFamily.impls ++ FiberFamily.impls ++ ErrorFamily.impls
  override def countedImpls(w: Work): Vector[Impl[? <: Live]] = FiberFamily.implsWith(w)
}
