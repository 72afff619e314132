package effectbench.runner

import effectbench._
import effectbench.report.RunData
import java.nio.file.{Files, Path}

/** `run --resume DIR`: the cells of that run's plan not yet recorded, with its own settings,
  * profile and JVMs. A resumed run is indistinguishable from one that was never interrupted. */
object Resume {
  def run(cmd: RunCommand, dirPath: Path, argv: Vector[String]): Int = {
    val dir = dirPath.toAbsolutePath.normalize()
    if (!Files.isDirectory(dir)) UsageError(s"--resume $dirPath: no such run directory")
    if (!RunData.isRunDir(dir)) UsageError(s"--resume $dirPath: not a run directory (no run.json)")
    val meta = try Json.parse(RunData.read(dir.resolve("run.json"))) catch {
      case e: Exception => UsageError(s"--resume $dirPath: ${dir.resolve("run.json")} is unreadable (${e.getMessage})")
    }
    def field(name: String) = meta.get(name).getOrElse(UsageError(s"--resume $dirPath: run.json has no '$name'"))
    val settings = Settings.get(field("settings")("id").str).getOrElse(UsageError(s"--resume $dirPath: unknown settings in run.json"))
    val profile = Profiles.get(field("profile")("id").str).getOrElse(UsageError(s"--resume $dirPath: unknown profile in run.json"))
    val jvms = field("jvms").arr.map { j =>
      Jvms.at(j("java").str).fold(err => UsageError(s"--resume $dirPath: the run's JVM is gone: $err"), identity)
        .copy(cpus = j.get("cpus").filter(_.isInstanceOf[Json.Num]).map(_.num.toInt))
    }
    val cells = field("plan").arr.map { p =>
      val id = CellId.parse(p("cell").str).fold(err => UsageError(s"--resume $dirPath: $err"), identity)
      val jvm = jvms.find(_.label == p("jvm").str).getOrElse(UsageError(s"--resume $dirPath: unknown JVM ${p("jvm").str}"))
      val recorded = p("status").str
      val info = Runtimes(id.runtime)
      val status: CellStatus =
        if (recorded == "ok") CellStatus.Ok
        else if (recorded.startsWith("n/a")) CellStatus.NotApplicable(recorded.stripPrefix("n/a: "))
        else CellStatus.Skipped(recorded.stripPrefix("skipped: "))
      PlannedCell(id, jvm, status, info.group)
    }
    val timeout = meta.get("timeoutSeconds").map(_.num.toLong)
    val setup = cmd.Setup(settings, profile, jvms, cells, timeout, argv, Vector.empty)
    cmd.execute(new RunDir(dir), setup, meta)
  }
}
