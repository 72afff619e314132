package effectbench.runner

import effectbench.store.{FormatError, Index, RunData, RunFiles}
import java.nio.file.{Files, Path}
import scala.util.control.NonFatal

/** How long a cell took in earlier runs, from the history store (`<results>/index.db` lists the
  * runs; each run's cells.jsonl holds the seconds a cell took), scaled to the profile at hand.
  *
  * The runs of the very plan being sharded are left out: shard 1 run on this machine indexes its
  * cells, and shard 2 must still compute the split shard 1 computed. */
object Timings {
  /** Seconds per cell key (latest measured run wins), for cells measured before; empty without an index. */
  def fromHistory(results: Path, profile: MeasureProfile, planFingerprint: String, nominal: MeasureProfile => Double)
      : Map[String, Double] = {
    val store = new Index(results, _ => ())
    if (!Files.isRegularFile(store.dbFile)) Map.empty
    else {
      val runs: Vector[(String, String, String)] =
        try store.read { c =>
            val st = c.createStatement()
            try {
              val rs = st.executeQuery("SELECT dir, profile, started FROM runs ORDER BY started, id")
              val b = Vector.newBuilder[(String, String, String)]
              while (rs.next()) b += ((rs.getString(1), Option(rs.getString(2)).getOrElse(""), Option(rs.getString(3)).getOrElse("")))
              rs.close()
              b.result()
            } finally st.close()
          }
        catch { case NonFatal(_) => Vector.empty }
      val out = scala.collection.mutable.Map.empty[String, Double]
      runs.foreach { case (dirText, profileId, _) =>
        val dir = Path.of(dirText)
        Profiles.get(profileId).filter(_ => RunData.isRunDir(dir)).foreach { runProfile =>
          // A run this version cannot read (an older format, a damaged file) lends no timings.
          val meta =
            try Some(RunFiles.readMeta(dir.resolve("run.json")))
            catch { case _: FormatError => None }
          val samePlan = meta.exists(m => m.shard.exists(_.plan == planFingerprint) || m.merged.exists(_.plan == planFingerprint))
          if (meta.nonEmpty && !samePlan) {
            val scale = nominal(profile) / nominal(runProfile)
            val f = dir.resolve("cells.jsonl")
            val lines =
              try RunData.read(f).split('\n').toVector
              catch { case NonFatal(_) => Vector.empty }
            lines.filter(_.trim.nonEmpty).foreach { l =>
              try {
                val r = RunFiles.readCell(l, f.toString)
                if (r.status.ok && r.seconds > 0) out(r.cell) = r.seconds * scale
              } catch { case _: FormatError => () }
            }
          }
        }
      }
      out.toMap
    }
  }
}
