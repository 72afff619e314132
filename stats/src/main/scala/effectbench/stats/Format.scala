package effectbench.stats

import java.util.Locale

/** Number formatting shared by every report format, in `Locale.ROOT` whatever the machine's locale:
  * a report reads alike on every machine, and a decimal comma would not parse back. */
object Format {
  private def fmt(pattern: String, args: Any*): String = pattern.formatLocal(Locale.ROOT, args*)

  /** Three significant digits, no exponent for everyday magnitudes. */
  def num(x: Double): String =
    if (x.isNaN) "?"
    else if (x == 0) "0"
    else {
      val a = math.abs(x)
      if (a >= 1000) fmt("%,.0f", x)
      else if (a >= 100) fmt("%.1f", x)
      else if (a >= 10) fmt("%.2f", x)
      else if (a >= 1) fmt("%.3f", x)
      else if (a >= 0.001) fmt("%.4f", x)
      else fmt("%.3e", x)
    }

  def stat(s: Stat): String = if (s.error.isNaN) num(s.score) else s"${num(s.score)} ± ${num(s.error)}"

  /** A count with thousands separators (work per operation). */
  def count(n: Long): String = fmt("%,d", n)

  def ratio(r: Double): String = if (r.isNaN) "?" else fmt("%.2f×", r)

  def bytes(s: Option[Stat]): String = s match {
    case Some(a) if !a.score.isNaN => if (a.score >= 10000) fmt("%,.0f", a.score) else fmt("%.1f", a.score)
    case _ => "?"
  }

  /** A p-value: two significant digits, "< 0.001" below a thousandth, "?" when unknown. */
  def p(x: Double): String = if (x.isNaN) "?" else if (x < 0.001) "< 0.001" else fmt("%.2g", x)

  def duration(seconds: Double): String = {
    val s = math.max(0, seconds.round)
    if (s >= 3600) fmt("%dh%02dm", s / 3600, (s % 3600) / 60) else fmt("%02d:%02d", s / 60, s % 60)
  }
}
