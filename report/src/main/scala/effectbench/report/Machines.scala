package effectbench.report

import effectbench.Json

/** Which machine measured what. A run measured in one place names its machine once; a run merged
  * from shards (`bench merge`) names, for each table, the shard and machine that measured it —
  * every table lies whole in one shard, so no ratio of a report ever spans two machines. */
object Machines {
  def merged(run: RunData): Boolean = run.meta("merged") != Json.Null

  /** "shard 1/2 on host: CPU, N cores, M GiB, kernel [fingerprint]". */
  def shardText(run: RunData, k: Int): String = {
    val n = run.meta("merged")("n").str
    run.meta("merged")("shards").arr.find(_("k").num.toInt == k) match {
      case Some(s) =>
        val m = s("machine")
        val host = m("hostname").str
        s"shard $k/$n on ${if (host.nonEmpty) host + ": " else ""}${m("label").str} [${m("fingerprint").str}]"
      case None => s"shard $k/$n"
    }
  }

  /** The machine that measured a cell, for a merged run; "" otherwise. */
  def of(run: RunData, c: CellResult): String =
    if (!merged(run)) ""
    else c.record.get("shard").map(k => shardText(run, k.num.toInt)).getOrElse("an unknown shard")

  /** Header lines: the machine, or each shard's machine. */
  def header(run: RunData): Vector[(String, String)] =
    if (merged(run)) {
      val m = run.meta("merged")
      val shards = m("shards").arr.map(s => shardText(run, s("k").num.toInt))
      val missing = m("missing").arr.map(_.str)
      Vector("machines" -> shards.mkString("; ")) ++
        (if (missing.isEmpty) Vector.empty else Vector("missing shards" -> missing.map(k => s"$k/${m("n").str}").mkString(", ")))
    } else run.meta("machine") match {
      case Json.Null => Vector.empty
      case mj => Vector("machine" -> s"${mj("label").str} [${mj("fingerprint").str}]")
    }

  /** Said above the tables of a merged run. */
  def warnings(run: RunData): Vector[String] =
    if (!merged(run)) Vector.empty
    else {
      val m = run.meta("merged")
      val fps = m("shards").arr.map(_("machine")("fingerprint").str).distinct
      val missing = m("missing").arr
      Vector(s"this run is merged from ${m("shards").arr.size} of ${m("n").str} shards measured on ${fps.size} kind${if (fps.size == 1) "" else "s"} of machine; " +
        "each table was measured whole on one machine (named above it), and no ratio spans two machines — compare across tables with care") ++
        (if (missing.isEmpty) Vector.empty
         else Vector(s"shards ${missing.map(_.str).mkString(", ")} of ${m("n").str} are missing (merged with --partial): " +
           s"${m("missingBlocks").arr.size} blocks are not in this report: ${m("missingBlocks").arr.map(_.str).take(10).mkString(", ")}${if (m("missingBlocks").arr.size > 10) ", ..." else ""}"))
    }
}
