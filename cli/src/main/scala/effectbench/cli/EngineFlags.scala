package effectbench.cli

import effectbench.runner.{EngineDefaults, MeasureProfile, Profiles, Rounds, UsageError}
import effectbench.stats.ForkStats

/** The measuring engine's flags, parsed once for every command that takes them, into the engine's
  * typed settings (Rounds.Engine): the engine's own defaults stand for a flag not given. */
object EngineFlags {
  /** `--confidence 0.95` or `--confidence 95%`: the level of every interval in a report. */
  def confidence(flag: Option[String]): Double = flag match {
    case None => ForkStats.DefaultConfidence
    case Some(t) =>
      val v = if (t.endsWith("%")) t.dropRight(1).toDoubleOption.map(_ / 100) else t.toDoubleOption.map(x => if (x > 1) x / 100 else x)
      v.filter(x => x >= 0.5 && x < 1).getOrElse(UsageError(s"--confidence must be a level in [0.5, 1), e.g. 0.95 or 95%, got '$t'"))
  }

  /** `--precision 5%` or `0.05`: the ratio half-width the rounds aim for. */
  def precision(flag: Option[String], default: Double): Double = flag match {
    case None => default
    case Some(t) =>
      val v = if (t.endsWith("%")) t.dropRight(1).toDoubleOption.map(_ / 100) else t.toDoubleOption
      v.filter(x => x > 0 && x < 1).getOrElse(UsageError(s"--precision must be a fraction in (0, 1), e.g. 5% or 0.05, got '$t'"))
  }

  /** The rounds engine when asked for (`--precision`, `--rounds` or `--budget`); None keeps the
    * profile's fixed forks per cell. `--rounds N` fixes the round count (minimum and ceiling). */
  def engine(e: EngineOptions, profile: MeasureProfile): Option[Rounds.Engine] = engine(e, profile, versions = false)

  /** As above; with `versions` (`--lib`) the rounds engine runs even when no flag asks for it, at
    * the profile's precision: the versions of a runtime are compared in the same paired rounds. */
  def engine(e: EngineOptions, profile: MeasureProfile, versions: Boolean): Option[Rounds.Engine] =
    if (!e.asked && !versions) None
    else {
      val fixed = e.rounds.map(rounds)
      val seed = e.seed.map(t => t.toLongOption.getOrElse(UsageError(s"--seed must be a whole number, got '$t'"))).getOrElse(1L)
      Some(withTurn(
          Rounds.Engine(precision(e.precision, EngineDefaults.precision(profile)), fixed.fold(EngineDefaults.minRounds)(_._1),
            fixed.fold(EngineDefaults.maxRounds)(_._2), budgetSeconds(e.budget), e.level.level, seed,
            canary = canary(e.canary, profile), relay = relay(e.turns), acrossParams = e.acrossParams.value),
          e
        ))
    }

  /** The engine with `--turn`'s length when given, else its own (Rounds.Engine.turnSeconds): the one
    * place the flag is read. */
  def withTurn(engine: Rounds.Engine, e: EngineOptions): Rounds.Engine = e.turn.fold(engine)(t => engine.copy(turnSeconds = turn(t)))

  /** `--rounds N` (exactly N rounds) or `--rounds MIN-MAX` (at least MIN, at most MAX: the stopping rules
    * decide in between), each from 1 to 100. */
  def rounds(t: String): (Int, Int) = {
    def bad = UsageError(s"--rounds must be a whole number from 1 to 100, or MIN-MAX such as 4-30, got '$t'")
    def one(x: String) = x.trim.toIntOption.filter(n => n >= 1 && n <= 100)
    t.split("-", -1) match {
      case Array(n) => one(n).map(x => (x, x)).getOrElse(bad)
      case Array(a, b) => (for { lo <- one(a); hi <- one(b) if lo <= hi } yield (lo, hi)).getOrElse(bad)
      case _ => bad
    }
  }

  /** `--canary on|off`: the machine canary (MachineCanary); on unless the profile is the tests' smoke
    * profile, whose forks are too short to be worth checking, or the machine has one CPU (no two
    * cores to pass a cache line between). */
  def canary(flag: Option[String], profile: MeasureProfile): Boolean = flag match {
    case None => profile.id != Profiles.smoke.id && Runtime.getRuntime.availableProcessors >= 2
    case Some("on") => true
    case Some("off") => false
    case Some(t) => UsageError(s"--canary must be on or off, got '$t'")
  }

  /** `--turns relay|forks`: one fork after another unless relay rounds (Relay) are asked for. Relay is
    * not the default: on the nested 2-core guest its ratios were narrower but two kinds of cell of six
    * (left-sum, ping-pong at fork entry) landed outside the sequential intervals (docs/lessons/relay.md). */
  def relay(flag: Option[String], default: Boolean = false): Boolean = flag match {
    case Some("relay") => true
    case Some("forks") => false
    case None => default
    case Some(t) => UsageError(s"--turns must be relay or forks, got '$t'")
  }

  /** `--turn 50ms` (or 0.05, 0.05s): a relay turn's length when measuring, 5 ms to 1 s. */
  def turn(t: String): Double = {
    val v = if (t.endsWith("ms")) t.dropRight(2).toDoubleOption.map(_ / 1000)
    else if (t.endsWith("s")) t.dropRight(1).toDoubleOption
    else t.toDoubleOption
    v.filter(x => x >= 0.005 && x <= 1).getOrElse(UsageError(s"--turn must be a turn's length from 5ms to 1s, e.g. 50ms or 0.05, got '$t'"))
  }

  /** `--budget 10m`, `90s` or a number of seconds: machine time per table. */
  def budgetSeconds(flag: Option[String]): Option[Double] = flag.map { t =>
    val v = if (t.endsWith("m")) t.dropRight(1).toDoubleOption.map(_ * 60)
    else if (t.endsWith("s")) t.dropRight(1).toDoubleOption
    else t.toDoubleOption
    v.filter(_ > 0).getOrElse(UsageError(s"--budget must be a positive time per table, e.g. 600, 90s or 10m, got '$t'"))
  }
}
