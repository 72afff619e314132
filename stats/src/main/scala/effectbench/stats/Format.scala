package effectbench.stats

/** Number formatting shared by every report format. */
object Format {
  /** Three significant digits, no exponent for everyday magnitudes. */
  def num(x: Double): String =
    if (x.isNaN) "?"
    else if (x == 0) "0"
    else {
      val a = math.abs(x)
      if (a >= 1000) f"$x%,.0f"
      else if (a >= 100) f"$x%.1f"
      else if (a >= 10) f"$x%.2f"
      else if (a >= 1) f"$x%.3f"
      else if (a >= 0.001) f"$x%.4f"
      else f"$x%.3e"
    }

  def stat(s: Stat): String = if (s.error.isNaN) num(s.score) else s"${num(s.score)} ± ${num(s.error)}"

  /** A count with thousands separators (work per operation). */
  def count(n: Long): String = f"$n%,d"

  def ratio(r: Double): String = if (r.isNaN) "?" else f"$r%.2f×"

  def bytes(s: Option[Stat]): String = s match {
    case Some(a) if !a.score.isNaN => if (a.score >= 10000) f"${a.score}%,.0f" else f"${a.score}%.1f"
    case _ => "?"
  }

  def duration(seconds: Double): String = {
    val s = math.max(0, seconds.round)
    if (s >= 3600) f"${s / 3600}%dh${(s % 3600) / 60}%02dm" else f"${s / 60}%02d:${s % 60}%02d"
  }
}
