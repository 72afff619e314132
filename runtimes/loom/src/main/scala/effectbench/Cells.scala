package effectbench

/** The loom group's implementations: one line per scenario file. */
final class Cells extends CellRegistry {
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
