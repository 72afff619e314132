package effectbench

/** The monix group's implementations: every scenario object of `effectbench.monix`, found by the
  * scenario's name (see GroupCells). A new scenario's object is found without a list. */
final class Cells extends GroupCells("effectbench.monix")
