package effectbench.runner

import effectbench.stats.ForkStats

/** The measuring engine's flags, parsed once for every command that takes them. */
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
      Some(Rounds.Engine(precision(e.precision, EngineFlagsDefaults.precision(profile)), fixed.fold(EngineFlagsDefaults.minRounds)(_._1),
          fixed.fold(EngineFlagsDefaults.maxRounds)(_._2), budgetSeconds(e.budget), e.level.level, seed,
          canary = canary(e.canary, profile), relay = relay(e.turns), acrossParams = e.acrossParams.value,
          turnSeconds = e.turn.fold(Rounds.RelayTurnSeconds)(turn)))
    }

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

  def describe(e: Rounds.Engine): String =
    (if (e.relay)
       f"relay rounds (a table's JVMs of a round live at once and take turns, one iteration a turn of about ${e.turnSeconds * 1000}%.0f ms, in an order shuffled every cycle; " +
         s"a multi-fiber table on every core the run may use (${Cpus.relayCount}), a single-fiber one (${Cpus.SingleFiber.map(_.id).toVector.sorted.mkString(", ")}) on one, " +
         s"every JVM out of its turn stopped whole, each with ${Relay.jvmFlags.mkString(" ")}; " +
         "a ratio is the Hodges–Lehmann centre of one cell's turns over the other's in the same cycles, its interval over the rounds; latency tables: one window a turn; "
     else "") +
      f"paired rounds (one fork per cell per round, shuffled, seed ${e.seed}; after the first ${e.minRounds} only the cells whose ratio is open, " +
      "with the fastest, twice while two ratios are open; under a budget, the open ratios it can still settle, nearest first, as many as fit; a cell with launch states until each state has " +
      s"${Rounds.MinStateForks} forks; from round ${Rounds.ShapeFromRound} the forks of a round share one length, from the cells' between- and within-fork variance); " + f"rounds ${e.minRounds}–${e.maxRounds}; " +
      (if (e.precisionFirst)
         f"stop when every ratio against the fastest is within ±${e.precision * 100}%.0f%% at ${e.confidence * 100}%.0f%%"
       else
         f"stop when every ratio against the fastest is decided by more than ±${e.precision * 100}%.0f%% (its interval outside [1/(1+P), 1+P]) or within ±${e.precision * 100}%.0f%% at ${e.confidence * 100}%.0f%%") +
      e.runBudget.map(rb => f", or when the table's share of the run's budget (${rb.totalSeconds}%.0f s, shared by the tables) is spent")
        .orElse(e.budgetSeconds.map(b => f", or after $b%.0f s per table")).getOrElse("") +
      (if (e.canary)
         f"; the machine read before and after each ${if (e.relay) "fork of a table not relayed (one cell)"
           else "fork"} (the round trip of a cache line between two cores); a fork with a reading over ${MachineCanary.SlowFactor + 1}%.0f times its usual is set aside, in no estimate, and later rounds measure its cell again"
       else "")

  /** `--wait park|spin|spinpark`: how the measuring thread waits for a result (ResultWait). Kept as
    * this runner's own system property, which every fork is given (`waitProperty`). */
  def resultWait(flag: Option[String]): effectbench.ResultWait.Strategy = {
    flag.foreach { t =>
      if (effectbench.ResultWait.parse(t).isEmpty)
        UsageError(s"--wait must be one of ${effectbench.ResultWait.ids.mkString(", ")}, got '$t'")
      System.setProperty(effectbench.ResultWait.Property, t)
    }
    currentWait
  }

  def currentWait: effectbench.ResultWait.Strategy = {
    val v = System.getProperty(effectbench.ResultWait.Property, "park")
    effectbench.ResultWait.parse(v).getOrElse(
      UsageError(s"-D${effectbench.ResultWait.Property} must be one of ${effectbench.ResultWait.ids.mkString(", ")}, got '$v'")
    )
  }

  def waitProperty: String = s"-D${effectbench.ResultWait.Property}=${currentWait.id}"

  def waitText: String = "result wait: " + effectbench.ResultWait.describe(currentWait)

  /** `--budget 10m`, `90s` or a number of seconds: machine time per table. */
  /** `--turn 50ms` (or 0.05, 0.05s): a relay turn's length when measuring, 5 ms to 1 s. */
  def turn(t: String): Double = {
    val v = if (t.endsWith("ms")) t.dropRight(2).toDoubleOption.map(_ / 1000)
    else if (t.endsWith("s")) t.dropRight(1).toDoubleOption
    else t.toDoubleOption
    v.filter(x => x >= 0.005 && x <= 1).getOrElse(UsageError(s"--turn must be a turn's length from 5ms to 1s, e.g. 50ms or 0.05, got '$t'"))
  }

  def budgetSeconds(flag: Option[String]): Option[Double] = flag.map { t =>
    val v = if (t.endsWith("m")) t.dropRight(1).toDoubleOption.map(_ * 60)
    else if (t.endsWith("s")) t.dropRight(1).toDoubleOption
    else t.toDoubleOption
    v.filter(_ > 0).getOrElse(UsageError(s"--budget must be a positive time per table, e.g. 600, 90s or 10m, got '$t'"))
  }
}

object EngineFlagsDefaults {
  /** The precision target of each profile: quick decides coarser ratios in less time. */
  def precision(profile: MeasureProfile): Double = if (profile.id == "quick" || profile.id == "smoke") 0.10 else 0.05
  val minRounds = 3
  val maxRounds = 12
}
