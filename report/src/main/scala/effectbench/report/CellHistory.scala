package effectbench.report

import effectbench.stats.{ChangePoints, ForkStats}
import effectbench.store.{CellResult, RunData}

/** What a number was measured under, beyond its cell: the machine (its fingerprint: a merged run's
  * cell names its shard's), the measuring profile, the settings profile and the JVM. Two runs'
  * numbers of one cell are compared only within one context: a ratio moves with the machine and
  * the settings as much as with the code. */
final case class HistoryContext(machine: String, machineLabel: String, profile: String, settings: String, jvm: String) {
  def label: String =
    s"${if (machineLabel.nonEmpty) machineLabel else "machine"} [${if (machine.isEmpty) "?" else machine}] · $profile · $settings · $jvm"
}

/** One run's value of a cell: its ratio to the table's baseline (or its time) with the interval. */
final case class HistoryPoint(runId: String, started: String, git: String, value: Double, low: Double, high: Double)

/** A cell's values across runs within one context, oldest run first, with the runs at which the
  * value changed (E-divisive means, ChangePoints). `measure` is `vs baseline` (a ratio, the cell
  * against plain Scala measured in the same rounds) or `time` (the score in `unit`). */
final case class HistorySeries(
    table: String, runtime: String, cell: String, context: HistoryContext, measure: String, unit: String, points: Vector[HistoryPoint],
    changes: Vector[ChangePoints.Change]
)

/** A cell's history drawn from run directories: each run's report model gives the cell's ratio and
  * time with their intervals, exactly as the run's own report prints them. */
object CellHistory {
  val VsBaseline = "vs baseline"
  val Time = "time"

  /** The fingerprint and label of the machine that measured the cell. */
  def machine(run: RunData, c: CellResult): (String, String) = {
    val merged = run.meta.flatMap(_.merged)
    merged match {
      case Some(m) =>
        val shard = c.record.shard.flatMap(k => m.shards.find(_.k == k))
        (c.record.machine.orElse(shard.flatMap(_.machine.map(_.fingerprint))).getOrElse(""),
          shard.flatMap(_.machine.map(_.label)).getOrElse(""))
      case None =>
        run.meta.flatMap(_.machine) match {
          case Some(mi) => (mi.fingerprint, mi.label)
          case None =>
            val h = run.meta.map(_.host)
            ("", h.map(x => s"${x.os}, ${x.cpus} cpus").getOrElse(""))
        }
    }
  }

  /** Every scored cell of `runs` (oldest first by start time), as series per (cell, context, measure).
    * `keep` selects cells. Changes are searched with `cfg` when given. */
  def series(
      runs: Vector[RunData], keep: (RunData, CellResult) => Boolean = (_, _) => true, cfg: Option[ChangePoints.Config] = None,
      confidence: Double = ForkStats.DefaultConfidence
  ): Vector[HistorySeries] = {
    val ordered = runs.filterNot(_.testOnly).sortBy(r => (r.meta.map(_.started).getOrElse(""), r.id))
    val entries = ordered.flatMap { run =>
      val model = ReportModel.build(run, confidence)
      model.blocks.flatMap { b =>
        b.rows.map(_.row).filter(r => r.scored && keep(run, r.cell)).flatMap { r =>
          val (fp, label) = machine(run, r.cell)
          val ctx = HistoryContext(fp, label, run.profile, run.settings, r.cell.jvm)
          val e = r.estimate.get
          val base = (b.group.title, r.runtime, r.cell.key, ctx)
          val time = (base, Time, b.group.unit,
            HistoryPoint(run.id, run.meta.map(_.started).getOrElse(""), run.gitRevision.take(10), e.mean,
              e.mean - e.halfWidth, e.mean + e.halfWidth))
          val ratio = r.vsBaseline.map(v =>
            (base, VsBaseline, "×",
              HistoryPoint(run.id, run.meta.map(_.started).getOrElse(""), run.gitRevision.take(10), v.ratio, v.low, v.high))
          )
          time +: ratio.toVector
        }
      }
    }
    val order = entries.map(e => (e._1, e._2)).distinct
    val grouped = entries.groupBy(e => (e._1, e._2))
    order.map { k =>
      val es = grouped(k)
      val ((table, runtime, cell, ctx), measure) = k
      val points = es.map(_._4)
      val changes = cfg.map(c => ChangePoints.detect(points.map(_.value), c)).getOrElse(Vector.empty)
      HistorySeries(table, runtime, cell, ctx, measure, es.head._3, points, changes)
    }
  }

  /** The series change points are searched in: the ratio where the cell has one, else its time. */
  def primary(ss: Vector[HistorySeries]): Vector[HistorySeries] = {
    val withRatio = ss.filter(_.measure == VsBaseline).map(s => (s.cell, s.context)).toSet
    ss.filter(s => s.measure == VsBaseline || !withRatio((s.cell, s.context)))
  }
}
