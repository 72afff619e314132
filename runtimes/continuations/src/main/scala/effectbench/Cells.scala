package effectbench

import effectbench.continuations._

/** The continuations group's implementations (no cell of families E and S: see the runtime table's families and NaReasons). */
final class Cells extends CellRegistry {
  val impls: Vector[Impl[_ <: Live]] =
    DeepBind.impls ++ RunLoopFamily.impls
}
