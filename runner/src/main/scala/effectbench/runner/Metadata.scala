package effectbench.runner

import effectbench.{BuildInfo, Json, Runtimes, Settings}
import java.nio.file.Path

/** What run.json records about where and how a run was measured. */
object Metadata {
  private def cmd(dir: Path, args: String*): Option[String] =
    try {
      val p = new ProcessBuilder(args: _*).directory(dir.toFile).redirectErrorStream(true).start()
      val out = new String(p.getInputStream.readAllBytes()).trim
      if (p.waitFor() == 0) Some(out) else None
    } catch { case _: Exception => None }

  /** The fields every run.json opens with (a measured run's and a profile run's alike). */
  def header(id: String, command: String, argv: Vector[String], root: Path, jvms: Vector[Jvm], profile: Profile,
      settings: Settings): Vector[(String, Json)] = Vector(
    "id" -> Json.str(id),
    "started" -> Json.str(java.time.Instant.now().toString),
    "status" -> Json.str("running"),
    "commandLine" -> Json.Arr(("bench" +: command +: argv).map(Json.str)),
    "git" -> git(root),
    "host" -> host,
    "jvms" -> Json.Arr(jvms.map(jvm)),
    "libraries" -> libraries,
    "profile" -> this.profile(profile),
    "settings" -> this.settings(settings))

  def git(root: Path): Json = {
    val rev = cmd(root, "git", "rev-parse", "HEAD")
    val dirty = cmd(root, "git", "status", "--porcelain", "--untracked-files=no").map(_.nonEmpty)
    Json.obj("revision" -> rev.map(Json.str).getOrElse(Json.Null), "dirty" -> dirty.map(Json.Bool(_)).getOrElse(Json.Null))
  }

  def host: Json = Json.obj(
    "os" -> Json.str(s"${System.getProperty("os.name")} ${System.getProperty("os.version")} ${System.getProperty("os.arch")}"),
    "cpus" -> Json.num(Runtime.getRuntime.availableProcessors().toDouble),
    "memoryBytes" -> Json.num(physicalMemory.toDouble),
    "hostname" -> Json.str(cmd(Path.of("."), "hostname").getOrElse(""))
  )

  private def physicalMemory: Long = java.lang.management.ManagementFactory.getOperatingSystemMXBean match {
    case os: com.sun.management.OperatingSystemMXBean => os.getTotalMemorySize
    case _ => -1L
  }

  def jvm(j: Jvm): Json = Json.obj("label" -> Json.str(j.label), "java" -> Json.str(j.java.toString),
    "home" -> Json.str(j.home.toString), "version" -> Json.str(j.version), "vendor" -> Json.str(j.vendor),
    "cpus" -> j.cpus.map(n => Json.num(n.toDouble)).getOrElse(Json.Null))

  def libraries: Json = Json.strMap(BuildInfo.libraryVersions)

  def settings(s: Settings): Json = Json.obj(
    "id" -> Json.str(s.id),
    "summary" -> Json.str(s.summary),
    "jvmProperties" -> Json.Obj(Runtimes.ids.map(r => r -> (Json.Arr(Settings.jvmProperties(s, r).map(Json.str)): Json)))
  )

  def profile(p: Profile): Json = Json.obj("id" -> Json.str(p.id), "forks" -> Json.num(p.forks), "warmups" -> Json.num(p.warmups),
    "warmupSeconds" -> Json.num(p.warmupSeconds), "iterations" -> Json.num(p.iterations),
    "iterationSeconds" -> Json.num(p.iterationSeconds), "describe" -> Json.str(p.describe))
}
