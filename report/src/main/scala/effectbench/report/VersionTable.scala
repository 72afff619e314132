package effectbench.report

import effectbench.stats.{CellRatios, Format, RatioEstimate}
import effectbench.store.RunData

/** One version's row of a version table: its version text (as read back, see
  * ReportModel.rowLabel), the table row of its cell, and its ratio to the table's first version. */
final case class VersionRow(version: String, row: Row, vsFirst: Option[RatioEstimate], isFirst: Boolean)

/** A runtime measured at several library versions in one table (`run --lib`): rows in the order the
  * versions were asked, each with its score, how many times slower than the first version with
  * that ratio's own interval (from the forks of both cells, paired by round: the versions were
  * measured in the same rounds) and its allocation. A ratio whose interval holds 1 is a tie. */
final case class VersionTable(block: Block, runtime: String, rows: Vector[VersionRow]) {
  def title: String = block.group.title
  def first: String = rows.head.version
  def unit: String = block.group.unit
}

object VersionTable {
  /** The version tables of a block: one per runtime with two or more `--lib` versions in it. */
  def of(b: Block, run: RunData): Vector[VersionTable] = {
    val order = run.meta.toVector.flatMap(_.libs).map(e => (e.runtime, e.label))
    val libRows = b.group.rows.filter(_.cell.id.exists(_.lib.isDefined))
    libRows.map(_.cell.id.get.runtime).distinct.flatMap { rt =>
      val rows = libRows.filter(_.cell.id.get.runtime == rt).sortBy { r =>
        val i = order.indexOf((rt, r.cell.id.get.lib.get))
        if (i < 0) Int.MaxValue else i
      }
      if (rows.size < 2) None
      else {
        val higher = b.group.rows.flatMap(_.cell.score).headOption.exists(_.higherIsBetter)
        val first = rows.head
        val vrs = rows.map { r =>
          val vs = for {
            e <- r.estimate if r ne first
            f <- first.estimate
          } yield CellRatios.slowdown(effectbench.analysis.TableJudging.reference(e), effectbench.analysis.TableJudging.reference(f), higher)
          VersionRow(r.runtime.stripPrefix(rt).trim, r, vs, r eq first)
        }
        Some(VersionTable(b, rt, vrs))
      }
    }
  }

  def all(m: Report, run: RunData): Vector[VersionTable] = m.blocks.flatMap(of(_, run))

  def head(t: VersionTable): Vector[String] =
    Vector("version", "score ± error", "unit", s"vs ${t.first}", "B/op", "precision")

  /** "1.00× (first)" for the first version, the ratio with its interval ("tie …" when it holds 1)
    * for the others, "—" without an estimate. */
  def ratio(v: VersionRow): String =
    if (v.isFirst) (if (v.row.estimate.isDefined) "1.00× (first)" else "—")
    else v.vsFirst.fold("—")(CellStats.ratioText)

  def cells(v: VersionRow): Vector[String] = {
    val c = v.row.cell
    if (!c.ok) Vector(v.version, c.status.id, "", ReportModel.reasonText(c.status, c.reason))
    else Vector(v.version, RowText.score(v.row), c.score.map(_.unit).getOrElse(""), ratio(v), Format.bytes(c.alloc),
      RowText.precision(v.row))
  }

  /** What the ratio column means, said under the tables of a run that has them. */
  val legend: String =
    "vs <first version>: how many times slower than the first version asked (below 1: faster), with its own interval from the forks of both, measured in the same rounds; 'tie' when it holds 1"

  /** The table as text, headed by what it compares. */
  def text(t: VersionTable): TextTable = TextTable(head(t), t.rows.map(cells))

  def caption(t: VersionTable): String = s"${t.runtime} across versions, ${t.title}"
}
