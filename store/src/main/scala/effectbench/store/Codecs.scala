package effectbench.store

import effectbench.Outcome
import upickle.default.{ReadWriter, macroRW, readwriter}

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
