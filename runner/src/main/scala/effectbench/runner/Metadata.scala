package effectbench.runner

import effectbench.{BuildInfo, Runtimes, Settings}
import effectbench.store.{Codecs, Git, Host, JvmInfo, Named, PlanEntry, MeasureProfileInfo, RunMeta, RunStatus, SettingsInfo}
import java.nio.file.Path

/** What run.json records about where and how a run was measured. */
object Metadata {
  private def cmd(dir: Path, args: String*): Option[String] = Subprocess.output(dir, args)

  /** The run.json every run opens with (a measured run's and a profile run's alike): running, with its plan. */
  def header(
      id: String, command: String, argv: Vector[String], root: Path, jvms: Vector[Jvm], profile: MeasureProfile,
      settings: Settings, cells: Vector[PlannedCell]
  ): RunMeta = RunMeta(
    formatVersion = Codecs.FormatVersion,
    id = id,
    started = java.time.Instant.now().toString,
    status = RunStatus.Running,
    commandLine = "bench" +: command +: argv,
    git = git(root),
    host = host,
    jvms = jvms.map(jvm),
    libraries = libraries,
    profile = this.profile(profile),
    settings = this.settings(settings),
    plan = plan(cells)
  )

  def plan(cells: Vector[PlannedCell]): Vector[PlanEntry] =
    cells.map(c => PlanEntry(c.id.key, c.jvm.label, c.jvm.java.toString, c.status))

  def git(root: Path): Git = Git(
    revision = cmd(root, "git", "rev-parse", "HEAD"),
    dirty = cmd(root, "git", "status", "--porcelain", "--untracked-files=no").map(_.nonEmpty)
  )

  def host: Host = Host(
    os = s"${System.getProperty("os.name")} ${System.getProperty("os.version")} ${System.getProperty("os.arch")}",
    cpus = Runtime.getRuntime.availableProcessors(),
    memoryBytes = physicalMemory,
    hostname = cmd(Path.of("."), "hostname").getOrElse("")
  )

  private def physicalMemory: Long = java.lang.management.ManagementFactory.getOperatingSystemMXBean match {
    case os: com.sun.management.OperatingSystemMXBean => os.getTotalMemorySize
    case _ => -1L
  }

  def jvm(j: Jvm): JvmInfo = JvmInfo(j.label, j.java.toString, j.home.toString, j.version, j.vendor, j.cpus)

  def libraries: Named[String] = Named.of(BuildInfo.libraryVersions)

  def settings(s: Settings): SettingsInfo =
    SettingsInfo(s.id, s.summary, Named.of(Runtimes.ids.map(r => r -> Settings.jvmProperties(s, r).toVector)))

  def profile(p: MeasureProfile): MeasureProfileInfo =
    MeasureProfileInfo(p.id, p.forks, p.warmups, p.warmupSeconds, p.iterations, p.iterationSeconds, p.describe)
}
