package effectbench

import effectbench.modern._

/** The modern group's implementations: one line per scenario file. */
final class Cells extends CellRegistry {
  val impls: Vector[Impl[? <: Live]] =
    DeepBind.impls
}
