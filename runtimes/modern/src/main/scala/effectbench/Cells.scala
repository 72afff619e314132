package effectbench

/** The modern group's implementations: every scenario object of `effectbench.modern`, found by the
  * scenario's name (see GroupCells). A new scenario's object is found without a list. */
final class Cells extends GroupCells("effectbench.modern")
