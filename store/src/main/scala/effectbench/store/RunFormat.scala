package effectbench.store

import effectbench.Outcome
import upickle.default.{ReadWriter, macroRW, readwriter}

/** A planned cell's status: measured, not applicable (the scenario does not apply to the runtime
  * or mode), or skipped (nothing to run it with on this machine). */
sealed trait CellStatus {
  def text: String
  def runnable: Boolean = false
}

object CellStatus {
  case object Ok extends CellStatus { def text = "ok"; override def runnable = true }
  final case class NotApplicable(reason: String) extends CellStatus { def text = s"n/a: $reason" }
  final case class Skipped(reason: String) extends CellStatus { def text = s"skipped: $reason" }
}

/** Where run.json's run stands. */
enum RunStatus(val id: String) {
  case Running extends RunStatus("running")
  case Interrupted extends RunStatus("interrupted")
  case Complete extends RunStatus("complete")
  /** A merge of some of a run's shards (`merge --partial`) or of shards not all complete. */
  case Partial extends RunStatus("partial")
}

/** An ordered JSON object of named values (read-back settings, library versions, counted work):
  * the order written is the order read, which a Map would not keep. */
final case class Named[V](entries: Vector[(String, V)]) {
  def get(key: String): Option[V] = entries.collectFirst { case (k, v) if k == key => v }
  def isEmpty: Boolean = entries.isEmpty
}

object Named {
  def empty[V]: Named[V] = Named(Vector.empty)
  def of[V](entries: Iterable[(String, V)]): Named[V] = Named(entries.toVector)
}

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

/** The paired-rounds engine's settings, as `--resume` needs them to go on measuring alike. */
final case class RoundsSettings(
    precision: Double, minRounds: Int, maxRounds: Int, budgetSeconds: Option[Double] = None,
    confidence: Double, seed: Long, precisionFirst: Boolean = false,
    /** Whether the machine canary checked each fork (runs written before the canary existed: no). */
    canary: Boolean = false,
    /** Relay rounds: a table's JVMs of a round took turns (runs without the field: forks one after another). */
    relay: Boolean = false,
    /** A relay turn's length in seconds when measuring; one table per scenario, variant and mode (`--across-params`). */
    turnSeconds: Option[Double] = None,
    acrossParams: Boolean = false
)

/** How the run measures: `rounds` when the paired-rounds engine runs it, else the profile's
  * fixed forks per cell; `confidence` is the level of the run's intervals either way. */
final case class EngineInfo(
    description: String, confidence: Double, rounds: Option[RoundsSettings] = None,
    /** How the measuring thread waited for results (`--wait`; absent in runs before it was recorded: park). */
    resultWait: Option[String] = None
)

final case class PlanEntry(cell: String, jvm: String, jvmPath: String, status: CellStatus)

final case class MachineInfo(
    fingerprint: String, cpuModel: String, cores: Int, memoryBytes: Long, kernel: String,
    jvms: Vector[String], hostname: String, label: String
)

final case class ShardUnit(unit: String, shard: Int, cells: Int, seconds: Double)

final case class ShardInfo(
    k: Int, n: Int, plan: String, split: String, estimates: String, units: Vector[ShardUnit],
    tables: Vector[String]
)

final case class MergedShard(
    k: Int, id: String, dir: String, status: RunStatus, started: String,
    finished: Option[String] = None, machine: Option[MachineInfo] = None, host: Host
)

final case class MergedInfo(
    plan: String, split: String, n: Int, missing: Vector[Int], missingBlocks: Vector[String],
    shards: Vector[MergedShard]
)

final case class ProfilerInfo(asyncProfiler: String, event: String, library: String, note: String = "")

/** A library version of `--lib`: its runtime, the label its cells carry (in their keys, after
  * `@`), the version asked, where it came from ("registry", or the local repository's directory
  * for `local:`), and the module that ran it (the group's own, or the id of its extra build). */
final case class LibEntry(runtime: String, label: String, version: String, source: String, build: String)

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

/** One line of cells.jsonl: a finished cell, appended as it finishes. */
final case class CellRecord(
    cell: String,
    jvm: String,
    jvmPath: String,
    group: String,
    status: Outcome,
    reason: String = "",
    expected: String = "",
    got: String = "",
    /** JMH's JSON for the cell, relative to the run directory. */
    jmh: Option[String] = None,
    readBack: Named[String] = Named.empty,
    /** The work counted inside the cell's programs (the scheduler family). */
    work: Named[Long] = Named.empty,
    source: String = "",
    syntax: String = "",
    seconds: Double = 0,
    finished: String,
    /** Under the rounds engine, the round each fork came from. */
    rounds: Vector[Int] = Vector.empty,
    /** Measured in relay rounds: each round's forks of the table took turns, one iteration a turn, so
      * its ratios pair them turn against turn. */
    relayed: Boolean = false,
    /** In a merged run, the shard and machine (fingerprint) that measured the cell. */
    shard: Option[Int] = None,
    machine: Option[String] = None,
    /** `bench profile`: flame graphs by event, relative to the run directory, and notes. */
    profiles: Named[String] = Named.empty,
    profileNotes: Vector[String] = Vector.empty,
    /** The library version the cell's classpath holds, read back from the live runtime (the jar's
      * manifest), for the runtimes that report one: a `--lib` cell's version as it ran. */
    library: Option[String] = None
)

/** One cell of `bench list --format json`. */
final case class ListedCell(
    scenario: String, variant: String, runtime: String, params: Named[String], mode: String, jvm: String,
    status: CellStatus,
    /** `--lib`: the version label of the cell. */
    version: Option[String] = None
)

/** A JMH metric as JMH's JSON writes it (`"NaN"` for an error it could not compute). */
final case class JmhMetric(score: Double, scoreError: Double, scoreUnit: String, rawData: Vector[Vector[Double]] = Vector.empty)

/** One benchmark of a JMH JSON result file: what the report reads of it. */
final case class JmhResult(
    benchmark: String,
    mode: String,
    forks: Option[Int] = None,
    params: Named[String] = Named.empty,
    primaryMetric: JmhMetric,
    secondaryMetrics: Named[JmhMetric] = Named.empty
) {
  /** The name of the metric a cell is scored by: the latency family's hogs' time per step, a secondary
    * metric of JMH's (`effectbench.LatencyModel.ScoreMetric`; the primary is the window's length),
    * or else JMH's primary metric (None). */
  def scoredName: Option[String] = secondaryMetrics.get(effectbench.LatencyModel.ScoreMetric).map(_ => effectbench.LatencyModel.ScoreMetric)

  /** The metric a cell is scored by (see scoredName). */
  def scored: JmhMetric = scoredName.flatMap(secondaryMetrics.get).getOrElse(primaryMetric)
}

/** The run format's codecs. String ids live here and in `Outcome` only. */
object Codecs {
  /** Bumped on any change a reader of the previous version would misread. Format 1 (no field) was
    * an untyped tree: plan statuses as text, the engine as prose. */
  val FormatVersion = 2

  given ReadWriter[Outcome] = readwriter[String].bimap[Outcome](_.id,
    s =>
      Outcome.byId(s).getOrElse(
        throw new IllegalArgumentException(s"unknown status '$s' (one of ${Outcome.all.map(_.id).mkString(", ")})")
      ))

  given ReadWriter[RunStatus] = readwriter[String].bimap[RunStatus](_.id,
    s =>
      RunStatus.values.find(_.id == s).getOrElse(
        throw new IllegalArgumentException(s"unknown run status '$s' (one of ${RunStatus.values.map(_.id).mkString(", ")})")
      ))

  given [V: ReadWriter]: ReadWriter[Named[V]] = readwriter[ujson.Value].bimap[Named[V]](
    n => ujson.Obj.from(n.entries.map { case (k, v) => k -> upickle.default.writeJs(v) }),
    {
      case o: ujson.Obj => Named(o.value.toVector.map { case (k, v) => k -> upickle.default.read[V](v) })
      case other => throw new IllegalArgumentException(s"expected an object, got ${other.getClass.getSimpleName.toLowerCase}")
    }
  )

  /** A plan status as `{"kind": "n/a", "reason": "..."}`; "ok" has no reason. */
  private final case class PlanStatusJson(kind: String, reason: String = "")
  private given ReadWriter[PlanStatusJson] = macroRW

  given ReadWriter[CellStatus] = readwriter[PlanStatusJson].bimap[CellStatus](
    {
      case CellStatus.Ok => PlanStatusJson("ok")
      case CellStatus.NotApplicable(r) => PlanStatusJson("n/a", r)
      case CellStatus.Skipped(r) => PlanStatusJson("skipped", r)
    },
    p =>
      p.kind match {
        case "ok" => CellStatus.Ok
        case "n/a" => CellStatus.NotApplicable(p.reason)
        case "skipped" => CellStatus.Skipped(p.reason)
        case other => throw new IllegalArgumentException(s"unknown plan status '$other' (one of ok, n/a, skipped)")
      }
  )

  given ReadWriter[Git] = macroRW
  given ReadWriter[Host] = macroRW
  given ReadWriter[JvmInfo] = macroRW
  given ReadWriter[MeasureProfileInfo] = macroRW
  given ReadWriter[SettingsInfo] = macroRW
  given ReadWriter[RoundsSettings] = macroRW
  given ReadWriter[EngineInfo] = macroRW
  given ReadWriter[PlanEntry] = macroRW
  given ReadWriter[MachineInfo] = macroRW
  given ReadWriter[ShardUnit] = macroRW
  given ReadWriter[ShardInfo] = macroRW
  given ReadWriter[MergedShard] = macroRW
  given ReadWriter[MergedInfo] = macroRW
  given ReadWriter[ProfilerInfo] = macroRW
  given ReadWriter[LibEntry] = macroRW
  given ReadWriter[RunMeta] = macroRW
  given ReadWriter[CellRecord] = macroRW
  given ReadWriter[ListedCell] = macroRW
  given ReadWriter[JmhMetric] = macroRW
  given ReadWriter[JmhResult] = macroRW

  /** The harness's lines (written by effectbench.Wire), read by the same field names. */
  private def pairs[V: ReadWriter]: ReadWriter[Vector[(String, V)]] =
    summon[ReadWriter[Named[V]]].bimap[Vector[(String, V)]](Named(_), _.entries)

  given ReadWriter[effectbench.VerifyRecord] = {
    given strPairs: ReadWriter[Vector[(String, String)]] = pairs[String]
    given longPairs: ReadWriter[Vector[(String, Long)]] = pairs[Long]
    macroRW
  }
  given ReadWriter[effectbench.BenchFailure] = macroRW
  given ReadWriter[effectbench.ImplLine] = macroRW
}
