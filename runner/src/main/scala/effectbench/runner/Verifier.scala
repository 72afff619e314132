package effectbench.runner

import effectbench.{Json, Settings}
import java.nio.file.Path

/** What the oracle check said about one cell. */
final case class Verdict(key: String, status: String, expected: String, got: String, reason: String,
    readBack: Vector[(String, String)], millis: Double) {
  def ok: Boolean = status == "ok"
}

/** Runs the oracles of a batch of cells of one group, runtime and JVM in a child JVM of that
  * module (VerifyMain), with the runtime's profile properties, so the settings read back are
  * those the measured cell will have. */
object Verifier {
  def jvmCommand(jvm: Jvm, settings: Settings, runtime: String, classpath: String, main: String): Vector[String] =
    Vector(jvm.java.toString) ++ jvm.extraFlags ++ Vector("-Xss4m", "-Xmx1g") ++
      Settings.jvmProperties(settings, runtime) ++ Vector("-cp", classpath, main)

  def run(cells: Vector[PlannedCell], settings: Settings, modules: Modules, log: Path, perCellTimeout: Long): Map[String, Verdict] = {
    if (cells.isEmpty) return Map.empty
    val head = cells.head
    val module = modules.byGroup(head.group)
    val cmd = jvmCommand(head.jvm, settings, head.runtime, module.classpath, "effectbench.VerifyMain") ++
      Vector("--settings", settings.id, "--timeout", perCellTimeout.toString) ++ cells.map(_.id.key)
    val verdicts = scala.collection.mutable.LinkedHashMap.empty[String, Verdict]
    val done = Subprocess.run(cmd, log, perCellTimeout * cells.size + 60, line => {
      if (line.startsWith("{\"cell\"")) {
        val j = Json.parse(line)
        val v = Verdict(j("cell").str, j("status").str, j("expected").str, j("got").str, j("reason").str,
          j("readBack").fields.map { case (k, v) => (k, v.str) }, j("millis").num)
        verdicts(v.key) = v
      }
    })
    cells.foreach { c =>
      if (!verdicts.contains(c.id.key)) {
        val why =
          if (done.timedOut) s"timed out after ${perCellTimeout} s while verifying"
          else s"failed: the verifier JVM exited with code ${done.exit} before reaching this cell (see ${log.getFileName})"
        verdicts(c.id.key) = Verdict(c.id.key, if (done.timedOut) "timed-out" else "failed", "", "", why, Vector.empty, 0)
      }
    }
    verdicts.toMap
  }
}
