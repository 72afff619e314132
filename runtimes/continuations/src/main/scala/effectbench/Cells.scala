package effectbench

/** The continuations group's implementations: every scenario object of `effectbench.continuations`, found by the
  * scenario's name (see GroupCells). A new scenario's object is found without a list. */
final class Cells extends GroupCells("effectbench.continuations")
