package effectbench.runner

import effectbench.{Catalog, Json, Settings}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** Times one verified cell with JMH in a child JVM of its module: -rf json (raw data kept),
  * -prof gc (bytes per op), -foe true (a throwing benchmark is a failure, not a success). */
object JmhCell {
  final case class Outcome(status: String, reason: String, jmhFile: Option[Path], seconds: Double)

  /** Heap of the measured JVM: the same for every runtime, so GC pressure is comparable. */
  val forkHeap = Vector("-Xms2g", "-Xmx2g")

  def command(cell: PlannedCell, settings: Settings, profile: Profile, modules: Modules, out: Path): Vector[String] = {
    val module = modules.byGroup(cell.group)
    val scenario = Catalog.get(cell.id.scenario, includeTestOnly = true).get
    val forkArgs = cell.jvm.extraFlags ++ forkHeap ++ Settings.jvmProperties(settings, cell.runtime)
    Vector(cell.jvm.java.toString) ++ cell.jvm.extraFlags ++ Vector("-Xmx256m", "-cp", module.classpath,
      "org.openjdk.jmh.Main", "effectbench.Bench.run",
      "-p", s"cell=${cell.id.key}", "-p", s"settings=${settings.id}",
      "-f", profile.forks.toString,
      "-wi", profile.warmups.toString, "-w", jmhTime(profile.warmupSeconds),
      "-i", profile.iterations.toString, "-r", jmhTime(profile.iterationSeconds),
      "-bm", "avgt", "-tu", scenario.timeUnit,
      "-rf", "json", "-rff", out.toAbsolutePath.toString,
      "-prof", "gc", "-foe", "true",
      "-jvm", cell.jvm.java.toString,
      "-jvmArgsAppend", forkArgs.mkString(" "))
  }

  /** JMH takes whole time values with a unit: 0.5 s is "500ms". */
  def jmhTime(seconds: Double): String = s"${math.max(1L, math.round(seconds * 1000))}ms"

  def run(cell: PlannedCell, settings: Settings, profile: Profile, modules: Modules, out: Path, log: Path,
      timeoutSeconds: Long, onLine: String => Unit): Outcome = {
    val done = Subprocess.run(command(cell, settings, profile, modules, out), log, timeoutSeconds, onLine)
    val hasResult = Files.isRegularFile(out) && {
      try Json.parse(new String(Files.readAllBytes(out), StandardCharsets.UTF_8)).arr.nonEmpty
      catch { case _: Exception => false }
    }
    if (done.timedOut) Outcome("timed-out", s"timed out after $timeoutSeconds s", if (hasResult) Some(out) else None, done.seconds)
    else if (done.exit != 0 || !hasResult) Outcome("failed", "failed: " + failureReason(log, done.exit), if (hasResult) Some(out) else None, done.seconds)
    else Outcome("ok", "", Some(out), done.seconds)
  }

  /** The most telling line of a failed JMH log: the exception, or the last error line. */
  def failureReason(log: Path, exit: Int): String = {
    val lines = if (Files.isRegularFile(log)) new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split('\n').toVector else Vector.empty
    val telling = lines.filter(l =>
      l.contains("Exception") || l.contains("Error:") || l.contains("OutOfMemoryError") || l.contains("StackOverflowError") ||
        l.startsWith("<forked VM failed") || l.contains("<failure>") || l.startsWith("Error parsing") || l.startsWith(" Cannot parse"))
    val pick = telling.find(l => l.contains("OutOfMemoryError") || l.contains("StackOverflowError") || l.contains("invalid:"))
      .orElse(telling.headOption)
      .getOrElse(if (exit == 0) "JMH wrote no result" else s"JMH exited with code $exit")
    pick.trim.take(300) + s" (see logs/${log.getFileName})"
  }
}
