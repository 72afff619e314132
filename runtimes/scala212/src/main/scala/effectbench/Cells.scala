package effectbench

/** The scala212 group's implementations: every scenario object of `effectbench.scala212`, found by the
  * scenario's name (see GroupCells). A new scenario's object is found without a list. */
final class Cells extends GroupCells("effectbench.scala212")
