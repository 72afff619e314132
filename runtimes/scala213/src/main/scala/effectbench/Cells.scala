package effectbench

import effectbench.scala213._

/** The scala213 group's implementations, by family (each family file lists its scenarios). */
final class Cells extends CellRegistry {
  val impls: Vector[Impl[_ <: Live]] =
    DeepBind.impls ++ RunLoopFamily.impls
}
