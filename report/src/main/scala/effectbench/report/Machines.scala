package effectbench.report

import effectbench.store.{CellResult, MergedInfo, RunData}

/** Which machine measured what. A run measured in one place names its machine once; a run merged
  * from shards (`bench merge`) names, for each table, the shard and machine that measured it —
  * every table lies whole in one shard, so no ratio of a report ever spans two machines. */
object Machines {
  private def mergedOf(run: RunData): Option[MergedInfo] = run.meta.flatMap(_.merged)

  def merged(run: RunData): Boolean = mergedOf(run).isDefined

  /** "shard 1/2 on host: CPU, N cores, M GiB, kernel [fingerprint]". */
  def shardText(run: RunData, k: Int): String = {
    val n = mergedOf(run).map(_.n.toString).getOrElse("?")
    mergedOf(run).flatMap(_.shards.find(_.k == k)) match {
      case Some(s) =>
        val host = s.machine.map(_.hostname).getOrElse("")
        s"shard $k/$n on ${if (host.nonEmpty) host + ": " else ""}${s.machine.map(_.label).getOrElse("")} [${s.machine.map(_.fingerprint).getOrElse("")}]"
      case None => s"shard $k/$n"
    }
  }

  /** The machine that measured a cell, for a merged run; "" otherwise. */
  def of(run: RunData, c: CellResult): String =
    if (!merged(run)) ""
    else c.record.shard.map(k => shardText(run, k)).getOrElse("an unknown shard")

  /** Header lines: the machine, or each shard's machine. */
  def header(run: RunData): Vector[(String, String)] =
    mergedOf(run) match {
      case Some(m) =>
        val shards = m.shards.map(s => shardText(run, s.k))
        Vector("machines" -> shards.mkString("; ")) ++
          (if (m.missing.isEmpty) Vector.empty else Vector("missing shards" -> m.missing.map(k => s"$k/${m.n}").mkString(", ")))
      case None => run.meta.flatMap(_.machine).toVector.map(mj => "machine" -> s"${mj.label} [${mj.fingerprint}]")
    }

  /** Said above the tables of a merged run. */
  def warnings(run: RunData): Vector[String] =
    mergedOf(run) match {
      case None => Vector.empty
      case Some(m) =>
        val fps = m.shards.map(_.machine.map(_.fingerprint).getOrElse("")).distinct
        Vector(
          s"this run is merged from ${m.shards.size} of ${m.n} shards measured on ${fps.size} kind${if (fps.size == 1) "" else "s"} of machine; " +
            "each table was measured whole on one machine (named above it), and no ratio spans two machines — compare across tables with care"
        ) ++
          (if (m.missing.isEmpty) Vector.empty
           else Vector(s"shards ${m.missing.mkString(", ")} of ${m.n} are missing (merged with --partial): " +
             s"${m.missingBlocks.size} blocks are not in this report: ${m.missingBlocks.take(10).mkString(", ")}${if (m.missingBlocks.size > 10) ", ..."
               else ""}"))
    }
}
