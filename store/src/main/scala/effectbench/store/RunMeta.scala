package effectbench.store

/** run.json: where, how and what a run measured (or profiled), and how far it got. */
final case class RunMeta(
    formatVersion: Int,
    id: String,
    started: String,
    finished: Option[String] = None,
    status: RunStatus,
    commandLine: Vector[String],
    git: Git,
    host: Host,
    jvms: Vector[JvmInfo],
    libraries: Named[String],
    profile: MeasureProfileInfo,
    settings: SettingsInfo,
    plan: Vector[PlanEntry],
    timeoutSeconds: Option[Long] = None,
    engine: Option[EngineInfo] = None,
    testOnly: Boolean = false,
    /** Per scenario, the parameters (and "modes") the quick profile trims it to. */
    quickOverrides: Named[Named[String]] = Named.empty,
    machine: Option[MachineInfo] = None,
    shard: Option[ShardInfo] = None,
    merged: Option[MergedInfo] = None,
    /** "profile" for a `bench profile` run. */
    kind: Option[String] = None,
    profiler: Option[ProfilerInfo] = None,
    profileDiff: Option[String] = None,
    /** `--lib`: the library versions measured as rows of the same tables. */
    libs: Vector[LibEntry] = Vector.empty
)

final case class Git(revision: Option[String] = None, dirty: Option[Boolean] = None)

final case class Host(os: String, cpus: Int, memoryBytes: Long, hostname: String = "")

/** A JVM of the run; `cpus` is set for a `--cpus` JVM pinned to that many processors. */
final case class JvmInfo(label: String, java: String, home: String, version: String, vendor: String, cpus: Option[Int] = None)

/** The measure profile a run used (forks, warm-ups, iterations), as run.json records it. */
final case class MeasureProfileInfo(
    id: String, forks: Int, warmups: Int, warmupSeconds: Double, iterations: Int,
    iterationSeconds: Double, describe: String
)

final case class SettingsInfo(id: String, summary: String, jvmProperties: Named[Vector[String]] = Named.empty)

final case class PlanEntry(cell: String, jvm: String, jvmPath: String, status: CellStatus)

final case class ProfilerInfo(asyncProfiler: String, event: String, library: String, note: String = "")

/** A library version of `--lib`: its runtime, the label its cells carry (in their keys, after
  * `@`), the version asked, where it came from ("registry", or the local repository's directory
  * for `local:`), and the module that ran it (the group's own, or the id of its extra build). */
final case class LibEntry(runtime: String, label: String, version: String, source: String, build: String)
