package effectbench.runner

import effectbench.report.ForkStats

/** The measuring engine's flags, parsed once for every command that takes them. */
object EngineFlags {
  /** `--confidence 0.95` or `--confidence 95%`: the level of every interval in a report. */
  def confidence(args: Args): Double = args.one("--confidence") match {
    case None => ForkStats.DefaultConfidence
    case Some(t) =>
      val v = if (t.endsWith("%")) t.dropRight(1).toDoubleOption.map(_ / 100) else t.toDoubleOption.map(x => if (x > 1) x / 100 else x)
      v.filter(x => x >= 0.5 && x < 1).getOrElse(UsageError(s"--confidence must be a level in [0.5, 1), e.g. 0.95 or 95%, got '$t'"))
  }

  /** `--precision 5%` or `0.05`: the ratio half-width the rounds aim for. */
  def precision(args: Args, default: Double): Double = args.one("--precision") match {
    case None => default
    case Some(t) =>
      val v = if (t.endsWith("%")) t.dropRight(1).toDoubleOption.map(_ / 100) else t.toDoubleOption
      v.filter(x => x > 0 && x < 1).getOrElse(UsageError(s"--precision must be a fraction in (0, 1), e.g. 5% or 0.05, got '$t'"))
  }

  /** `--budget 10m`, `90s` or a number of seconds: machine time per table. */
  def budgetSeconds(args: Args): Option[Double] = args.one("--budget").map { t =>
    val v = if (t.endsWith("m")) t.dropRight(1).toDoubleOption.map(_ * 60)
      else if (t.endsWith("s")) t.dropRight(1).toDoubleOption
      else t.toDoubleOption
    v.filter(_ > 0).getOrElse(UsageError(s"--budget must be a positive time per table, e.g. 600, 90s or 10m, got '$t'"))
  }
}
