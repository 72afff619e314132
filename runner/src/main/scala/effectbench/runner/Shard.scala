package effectbench.runner

import effectbench.Settings
import effectbench.store.{ShardInfo, ShardUnit}

/** `run --shard K/N`: shard K of N (1-based). */
final case class ShardSpec(k: Int, n: Int) {
  def text: String = s"$k/$n"
}

/** Splitting a run across machines. A ratio means something only between cells measured on one
  * machine in one run, so the plan is split along table boundaries: the unit of a shard is a
  * scenario/variant/params/mode block with all its runtimes — and all its JVMs and core counts,
  * so that a scaling curve (one cell across JVMs or cpus) is drawn from one machine too. Each
  * table (block × JVM) therefore lies whole in one shard.
  *
  * Every machine computes the split by itself, so it must come out the same from the same
  * selection and N: units are sorted by estimated seconds (descending), then by key, and each
  * goes to the lightest shard so far (ties to the lowest index) — greedy longest-first. */
object Shard {
  /** What stays together on one machine: a block, or for the style scenarios (whose report view
    * sets every style and parameter of a mode side by side, with ratios between them) the mode. */
  def unitKey(c: PlannedCell): String =
    if (styleView(c.id.scenario)) s"${c.id.scenario}/*/*/${c.id.mode.id}" else c.id.group

  private def styleView(scenario: String): Boolean =
    effectbench.Catalog.get(scenario, includeTestOnly = true).exists(effectbench.Catalog.isStyleScenario)

  /** One unit of the split: its cells (every JVM and core count) and estimated seconds. */
  final case class Unit(key: String, cells: Vector[PlannedCell], seconds: Double)

  /** The plan's units in plan order; only runnable cells cost time. */
  def units(cells: Vector[PlannedCell], secondsOf: PlannedCell => Double): Vector[Unit] = {
    val order = cells.map(unitKey).distinct
    val by = cells.groupBy(unitKey)
    order.map(k => Unit(k, by(k), by(k).filter(_.status.runnable).map(secondsOf).sum))
  }

  /** N shards of units, balanced by estimated seconds; deterministic for the same units and N. */
  def split(units: Vector[Unit], n: Int): Vector[Vector[Unit]] = {
    val loads = Array.fill(n)(0.0)
    val shards = Array.fill(n)(Vector.newBuilder[Unit])
    units.sortBy(u => (-u.seconds, u.key)).foreach { u =>
      val i = loads.indices.minBy(i => (loads(i), i))
      loads(i) += u.seconds
      shards(i) += u
    }
    // Within a shard, the plan's own order, so a shard runs like a slice of the whole run.
    val position = units.map(_.key).zipWithIndex.toMap
    shards.toVector.map(_.result().sortBy(u => position(u.key)))
  }

  /** The identity of the whole, unsharded plan: every cell with its JVM and status, the settings
    * and the profile. Shards of one plan carry the same fingerprint on every machine. */
  def planFingerprint(cells: Vector[PlannedCell], settings: Settings, profile: MeasureProfile, testOnly: Boolean): String = {
    val lines = Vector(
      s"settings ${settings.id}",
      s"profile ${profile.id} ${profile.forks} ${profile.warmups} ${profile.warmupSeconds} ${profile.iterations} ${profile.iterationSeconds}",
      s"testOnly $testOnly"
    ) ++ cells.map(c => s"${c.id.key}\t${c.jvm.label}\t${c.status.text}")
    Machine.sha256(lines.mkString("\n")).take(16)
  }

  /** The identity of a split: which unit went to which shard. Shards split differently (say, from
    * different timing histories) cannot be merged without losing or doubling tables. */
  def splitFingerprint(shards: Vector[Vector[Unit]]): String =
    Machine.sha256(shards.zipWithIndex.flatMap { case (us, i) => us.map(u => s"${i + 1}\t${u.key}") }.mkString("\n")).take(16)

  /** run.json's "shard" for shard `spec` of the plan `cells`. */
  def meta(spec: ShardSpec, plan: String, units: Vector[Unit], shards: Vector[Vector[Unit]], basis: String): ShardInfo = {
    val owner = shards.zipWithIndex.flatMap { case (us, i) => us.map(u => u.key -> (i + 1)) }.toMap
    ShardInfo(spec.k, spec.n, plan, splitFingerprint(shards), basis,
      // Every unit of the whole plan, in plan order, with its shard: a merge names what is missing from it.
      units.map(u => ShardUnit(u.key, owner(u.key), u.cells.size, math.rint(u.seconds * 10) / 10)),
      shards(spec.k - 1).flatMap(u => u.cells.map(c => s"${c.id.group} @ ${c.jvm.label}").distinct))
  }
}

object ShardPlan {
  /** The cells of shard `spec` of the plan `all`, run.json's "shard", and a note for the user. */
  def select(
      spec: ShardSpec, all: Vector[PlannedCell], settings: Settings, profile: MeasureProfile, testOnly: Boolean,
      results: java.nio.file.Path, nominal: MeasureProfile => Double
  ): (Vector[PlannedCell], ShardInfo, String) = {
    val plan = Shard.planFingerprint(all, settings, profile, testOnly)
    val history = Timings.fromHistory(results, profile, plan, nominal)
    val perCell = nominal(profile)
    val units = Shard.units(all, c => history.getOrElse(c.id.key, perCell))
    val shards = Shard.split(units, spec.n)
    val basis = if (all.exists(c => c.status.runnable && history.contains(c.id.key)))
      s"history (${results.resolve("index.db")}) where measured, else nominal"
    else "nominal"
    val mine = shards(spec.k - 1)
    val keys = mine.map(_.key).toSet
    val cells = all.filter(c => keys.contains(Shard.unitKey(c)))
    val note =
      f"shard ${spec.text}: ${mine.size} of ${units.size} blocks, ${cells.count(_.status.runnable)} of ${all.count(_.status.runnable)} runnable cells, " +
        f"estimated ${mine.map(_.seconds).sum / 60}%.1f of ${units.map(_.seconds).sum / 60}%.1f min (estimates: $basis; plan $plan)"
    (cells, Shard.meta(spec, plan, units, shards, basis), note)
  }
}
