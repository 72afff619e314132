package effectbench.report

import effectbench.stats.{CellEstimate, CellRatios, ForkStats, RatioEstimate, Stat}
import effectbench.store.{CellResult, RunData}
import effectbench.{Catalog, CellId, Params, Scenario}

/** A measured style's ratio to the same runtime's reference style. */
enum StyleRatio {
  /** The entry is the reference style itself. */
  case Itself
  case Against(ratio: RatioEstimate)
  /** No ratio: the runtime has no reference cell, or either cell has no fork data. */
  case Unknown
}

/** One entry of a style table. */
enum StyleEntry {
  /** A measured cell: its fork-level estimate (JMH's score when it has none) and its ratio to the reference style. */
  case Measured(estimate: Option[CellEstimate], score: Stat, vsReference: StyleRatio)
  /** A measured cell's bytes allocated per operation. */
  case Bytes(alloc: Option[Stat])
  /** A cell recorded without a score (its status). */
  case NotMeasured(status: effectbench.Outcome)
  /** The runtime cannot express this style. */
  case NotApplicable
  /** No such cell in the run. */
  case Missing
  /** Nothing to say (the bytes of a cell without a score). */
  case Blank
}

/** One row of a style table: its labels (runtime, and the style in a sweep) and its entries. */
final case class StyleGridRow(labels: Vector[String], entries: Vector[StyleEntry])

/** A style table: column heads and rows (StyleText words them). */
final case class StyleGrid(head: Vector[String], rows: Vector[StyleGridRow])

/** The view of the error family's style scenarios (business-flow): the question is "what does this error
  * style cost on this runtime", so rows are runtimes and the styles stand side by side, each with
  * its ratio to the same runtime's reference style (`either`). When a run varies one parameter
  * (a sweep, `--sweep tf`), its values become the columns and each row is a runtime's style. */
object StyleTable {
  /** The style every other style of a runtime is compared with. */
  val referenceStyle: String = Catalog.referenceStyle

  private def styleScenario(id: String): Option[Scenario] = Catalog.get(id).filter(Catalog.isStyleScenario)

  /** Whether a cell is shown by this view (instead of the generic per-group table). */
  def covers(c: CellResult): Boolean = c.id.exists(id => styleScenario(id.scenario).isDefined)

  /** The style blocks of a run, and the cells left for the generic table. */
  def blocks(run: RunData): (Vector[StyleBlock], Vector[CellResult]) = {
    val (mine, others) = run.cells.partition(covers)
    val bs =
      mine.groupBy(_.scenario).toVector.sortBy { case (s, _) => Catalog.scenarios.indexWhere(_.id == s) }.flatMap { case (sid, cells) =>
        styleScenario(sid).toVector.flatMap(s => scenarioBlocks(s, cells))
      }
    (bs, others)
  }

  private final case class Slot(cell: CellResult, id: CellId)

  private def scenarioBlocks(s: Scenario, cells: Vector[CellResult]): Vector[StyleBlock] = {
    val slots = cells.flatMap(c => c.id.map(Slot(c, _)))
    slots.groupBy(x => (x.id.mode.id, x.cell.jvm)).toVector.sortBy(_._1).flatMap { case ((mode, jvm), inBlock) =>
      // The first parameter (in catalog order) that differs between the cells becomes the columns.
      val varying = s.params.map(_.name).filter(n => inBlock.map(_.id.params.get(n)).distinct.size > 1)
      val column = varying.headOption
      inBlock.groupBy(x => Params(x.id.params.values.filterNot(kv => column.contains(kv._1)))).toVector
        .sortBy { case (_, xs) => slots.indexWhere(y => xs.contains(y)) }
        .map { case (fixed, xs) =>
          StyleBlock(s.id, s"${s.id} · ${Params.encode(fixed)} · $mode @ $jvm",
            column match {
              case None => stylesSideBySide(s, xs)
              case Some(p) => Vector(sweepColumns(s, p, xs))
            },
            notes(s, xs, if (column.isEmpty) styles(s) else styles(s).filter(v => xs.exists(_.id.variant == v))))
        }
    }
  }

  private def unitOf(xs: Vector[Slot]): String = xs.flatMap(_.cell.score).headOption.map(_.unit).getOrElse("")

  /** A cell's score and its ratio to the same runtime's reference style, or its status. */
  private def entry(x: Slot, all: Vector[Slot]): StyleEntry =
    if (!x.cell.ok) StyleEntry.NotMeasured(x.cell.status)
    else {
      val ref = all.find(y => y.id.runtime == x.id.runtime && y.id.variant == referenceStyle && y.id.params == x.id.params && y.cell.ok)
      val conf = ForkStats.DefaultConfidence
      val vs = (x.cell.score, ref.flatMap(_.cell.score), CellStats.estimate(x.cell, conf),
        ref.flatMap(r => CellStats.estimate(r.cell, conf))) match {
        case (Some(s), Some(_), Some(e), Some(re)) =>
          if (ref.exists(_.cell.key == x.cell.key)) StyleRatio.Itself else StyleRatio.Against(CellRatios.slowdown(e, re, s.higherIsBetter))
        case _ => StyleRatio.Unknown
      }
      StyleEntry.Measured(CellStats.estimate(x.cell, conf), x.cell.score.get, vs)
    }

  private def styles(s: Scenario): Vector[String] = referenceStyle +: s.variants.filterNot(_ == referenceStyle)

  private def runtimesOf(s: Scenario, xs: Vector[Slot]): Vector[String] =
    s.runtimes.filter(r => xs.exists(_.id.runtime == r))

  private def missing(s: Scenario, variant: String, runtime: String, any: CellId): StyleEntry =
    if (s.naReason(variant, runtime, any.mode).isDefined) StyleEntry.NotApplicable else StyleEntry.Missing

  /** One row per runtime, one column per style; a second table gives the bytes allocated. */
  private def stylesSideBySide(s: Scenario, xs: Vector[Slot]): Vector[StyleGrid] = {
    val vs = styles(s)
    val rts = runtimesOf(s, xs)
    def row(r: String, f: Slot => StyleEntry) = StyleGridRow(Vector(r),
      vs.map { v =>
        xs.find(x => x.id.runtime == r && x.id.variant == v).map(f).getOrElse(missing(s, v, r, xs.head.id))
      })
    val times = StyleGrid(s"runtime (${unitOf(xs)}, × vs its $referenceStyle)" +: vs, rts.map(r => row(r, entry(_, xs))))
    val bytes =
      StyleGrid("runtime (B/op)" +: vs, rts.map(r => row(r, x => if (x.cell.ok) StyleEntry.Bytes(x.cell.alloc) else StyleEntry.Blank)))
    Vector(times, bytes)
  }

  /** One row per runtime and style, one column per value of the varying parameter. */
  private def sweepColumns(s: Scenario, param: String, xs: Vector[Slot]): StyleGrid = {
    val seen = xs.flatMap(_.id.params.get(param)).distinct
    val order = s.param(param).map(_.sweep).getOrElse(Vector.empty)
    val values = order.filter(seen.contains).distinct ++ seen.filterNot(order.contains)
    val rows =
      for {
        r <- runtimesOf(s, xs)
        v <- styles(s) if xs.exists(x => x.id.runtime == r && x.id.variant == v)
      } yield StyleGridRow(Vector(r, v),
        values.map { pv =>
          xs.find(x => x.id.runtime == r && x.id.variant == v && x.id.params.get(param).contains(pv)).map(entry(_, xs)).getOrElse(
            StyleEntry.Missing
          )
        })
    StyleGrid(Vector("runtime", s"style (${unitOf(xs)}, × vs its $referenceStyle)") ++ values.map(v => s"$param=$v"), rows)
  }

  /** The catalog's notes on how a runtime is written (where its cost differs in kind), and the n/a reasons. */
  private def notes(s: Scenario, xs: Vector[Slot], shown: Vector[String]): Vector[String] = {
    val rts = runtimesOf(s, xs)
    val syntax = rts.flatMap(r => s.syntaxOf(referenceStyle, r).map(t => s"$r: $t"))
    val na = for {
      r <- rts
      v <- shown
      why <- s.naReason(v, r, xs.head.id.mode)
    } yield (why, s"$v on $r")
    val naLines = na.groupBy(_._1).toVector.sortBy { case (why, _) => na.indexWhere(_._1 == why) }
      .map { case (why, where) => s"n/a (${where.map(_._2).mkString(", ")}): $why" }
    syntax ++ naLines
  }
}
