package effectbench.analysis

import effectbench.store.{CellResult, RunData}

/** Which cells of two runs are compared with each other. */
object CellPairing {
  /** The library version a cell ran: as its live runtime read it back, else (a cell without a
    * `--lib` label, recorded before versions were read back) the run's build version of its runtime. */
  def versionOf(run: RunData, c: CellResult): Option[String] =
    c.record.library.orElse(c.readBack.collectFirst { case (effectbench.LibraryVersion.ReadBackKey, v) => v })
      .orElse(c.id.filter(_.lib.isEmpty).map(id => run.library(id.runtime)))
      .filter(_.nonEmpty)

  /** A cell's table, runtime and version (and JVM unless the runs are compared across JVMs): how a
    * `--lib` cell is matched with a cell of the same version without the label. None for a runtime
    * with no library version. */
  private def versionKey(run: RunData, c: CellResult, acrossJvms: Boolean): Option[String] = for {
    id <- c.id
    v <- versionOf(run, c)
  } yield s"${id.group}|${id.runtime}|$v|${if (acrossJvms) "" else c.jvm}"

  /** The cells of two runs matched: `pairs` (A's cell, B's), in A's order; the cells of each run
    * left without a match; and whether the runs were matched across JVMs (`jvms`: A's and B's one JVM then). */
  final case class Pairing(
      pairs: Vector[(CellResult, CellResult)], onlyA: Vector[CellResult], onlyB: Vector[CellResult], jvms: Option[(String, String)]
  )

  /** Cells are matched by key and JVM; two single-JVM runs on different JVMs are matched by key (a JVM
    * comparison). A cell of a `--lib` version is matched by its key (the same label in both runs), else
    * by the version it ran: `cats-effect@3.7.1` of one run is `cats-effect` of a run whose build was 3.7.1. */
  def pair(a: RunData, b: RunData): Pairing = {
    val jvmsA = a.cells.map(_.jvm).distinct
    val jvmsB = b.cells.map(_.jvm).distinct
    val acrossJvms = jvmsA.size == 1 && jvmsB.size == 1 && jvmsA != jvmsB
    def matchKey(c: CellResult) = if (acrossJvms) (c.key, "") else (c.key, c.jvm)
    val keyedB = b.cells.map(c => matchKey(c) -> c).toMap
    val keysA = a.cells.map(matchKey).toSet
    def unique(run: RunData, cs: Vector[CellResult]): Map[String, CellResult] =
      cs.groupBy(c => versionKey(run, c, acrossJvms)).collect { case (Some(k), Vector(c)) => k -> c }
    val restB = unique(b, b.cells.filterNot(c => keysA.contains(matchKey(c))))
    val byVersion: Map[(String, String), CellResult] = unique(a, a.cells.filterNot(c => keyedB.contains(matchKey(c)))).flatMap {
      case (k, ca) => restB.get(k).map(cb => matchKey(ca) -> cb)
    }
    val pairs = a.cells.flatMap(ca => keyedB.get(matchKey(ca)).orElse(byVersion.get(matchKey(ca))).map(ca -> _))
    val pairedB = pairs.map(p => matchKey(p._2)).toSet
    val onlyA = a.cells.filterNot(c => keyedB.contains(matchKey(c)) || byVersion.contains(matchKey(c)))
    val onlyB = b.cells.filterNot(c => pairedB.contains(matchKey(c)))
    Pairing(pairs, onlyA, onlyB, if (acrossJvms) Some((jvmsA.head, jvmsB.head)) else None)
  }
}
