package effectbench.report

import effectbench.stats.{CellRatios, RatioEstimate}
import effectbench.store.RunData

/** One runtime's row of a sweep: its time per operation at each later param set against its own at
  * the first (None where that cell has no estimate or another unit). */
final case class SweepRow(runtime: String, vsFirst: Vector[Option[RatioEstimate]])

/** The tables of one scenario, variant, mode and JVM that a run measured together whatever their
  * params (`--across-params`), read as one sweep: `first` is the param set the others are taken
  * against, `after` the key of the sweep's last table (the renderers print the sweep after it). */
final case class Sweep(
    scenario: String, variant: String, mode: String, jvm: String, after: String, first: String, others: Vector[String],
    rows: Vector[SweepRow]
) {
  def title: String = s"$scenario/$variant/$mode across params"
}

/** The ratios between a sweep's param sets, for a run whose param sets of one scenario were relayed
  * together: the reason to relay them together is a ratio between sizes measured turn against turn. */
object Sweeps {
  /** Whether the run measured each scenario, variant and mode as one table whatever its params. */
  def acrossParams(run: RunData): Boolean = run.meta.flatMap(_.engine).flatMap(_.rounds).exists(_.acrossParams)

  /** Per scenario/variant/mode/JVM with two param sets or more, per runtime of the first param set,
    * each later param set's cell against the first's: how many times the first's time per operation
    * (`CellRatios.slowdown`, so a throughput unit reads alike), taken as the tables' ratios are (relay
    * turn against turn of the same cycles, interval over rounds; a cell with several launch states
    * through its most frequent one). The param sets in the plan's order, which is the order they
    * were asked in. Empty for a run without across-params. */
  def of(run: RunData, groups: Vector[Group]): Vector[Sweep] =
    if (!acrossParams(run)) Vector.empty
    else {
      val planIndex: Map[(String, String), Int] =
        run.plan.zipWithIndex.groupMapReduce { case (p, _) => (p.cell, p.jvm) }(_._2)(math.min)
      val withId = groups.filter(g => g.rows.nonEmpty && g.rows.head.cell.id.isDefined)
      def order(g: Group): Int = g.rows.flatMap(r => planIndex.get((r.cell.key, r.cell.jvm))).minOption.getOrElse(Int.MaxValue)
      // A merged run's shard is part of the key, as it is of a table's: a ratio never spans two machines.
      def sweepKey(g: Group) = (g.scenario, g.variant, g.mode, g.jvm, g.rows.head.cell.record.shard)
      withId.map(sweepKey).distinct.flatMap { k =>
        val gs = withId.zipWithIndex.filter(p => sweepKey(p._1) == k).sortBy { case (g, i) => (order(g), i) }.map(_._1)
        if (gs.size < 2) None
        else {
          val first = gs.head
          val higher = first.rows.flatMap(_.cell.score).headOption.exists(_.higherIsBetter)
          val rows = first.rows.filter(_.scored).map { r0 =>
            val ref = effectbench.analysis.TableJudging.reference(r0.estimate.get)
            SweepRow(r0.runtime,
              gs.tail.map { g =>
                if (g.unit != first.unit) None
                else g.rows.find(_.runtime == r0.runtime).flatMap(_.estimate).map(e =>
                  CellRatios.slowdown(effectbench.analysis.TableJudging.reference(e), ref, higher)
                )
              })
          }
          val last = gs.maxBy(g => groups.indexOf(g))
          Some(Sweep(first.scenario, first.variant, first.mode, first.jvm, last.key, first.params, gs.tail.map(_.params), rows))
        }
      }
    }

  /** The sweep as a text table: a runtime per row, a later param set per column. */
  def table(s: Sweep): TextTable =
    TextTable(Vector("runtime") ++ s.others.map(p => s"$p vs ${s.first}"),
      s.rows.map(r => r.runtime +: r.vsFirst.map(_.fold("—")(CellStats.ratioText))))

  /** The line said under a sweep's table. */
  def note(confidence: Double): String =
    s"across params: each param set's time per operation against the first param set's (the order they were asked in), " +
      s"runtime by runtime; measured together, each ratio pairs turns of the same relay cycles and takes its " +
      f"${confidence * 100}%.0f%% interval over rounds, 'tie' when that holds 1 (a linear program at 1.25× the size: 1.25×)"
}
