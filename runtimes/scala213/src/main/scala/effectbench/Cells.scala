package effectbench

/** The scala213 group's implementations: every scenario object of `effectbench.scala213`, found by the
  * scenario's name (see GroupCells). A new scenario's object is found without a list. */
final class Cells extends GroupCells("effectbench.scala213")
