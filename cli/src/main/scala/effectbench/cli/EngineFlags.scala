package effectbench.cli

import effectbench.runner.{
  CommandFailure,
  Cpus,
  EngineDefaults,
  Jvm,
  Jvms,
  LibVersion,
  Libs,
  MeasureProfile,
  Profiles,
  Refused,
  Rounds,
  ShardSpec,
  UsageError,
  Workspace
}
import effectbench.stats.ForkStats
import java.nio.file.{Files, Path, Paths}

/** The measuring engine's flags, parsed once for every command that takes them, into the engine's
  * typed settings (Rounds.Engine): the engine's own defaults stand for a flag not given. */
object EngineFlags {
  /** Runs a command, wording a setting the engine refused in its own terms (Refused) with the flag that
    * gave it: bad input as a UsageError (exit 2), a library build that failed as a CommandFailure (1). */
  def worded[A](command: => A): A =
    try command
    catch {
      case Refused.ParamValue(k, v, why) => UsageError(s"--param $k=$v: $k $why")
      case Refused.LibOutsideRuntimes(r, rs) =>
        UsageError(s"--lib $r: $r is not among --runtime ${rs.mkString(",")}; add it, or drop --runtime")
      case Refused.Lib(what, why, false) => UsageError(s"--lib $what: $why")
      case Refused.Lib(what, why, true) => throw new CommandFailure(s"--lib $what: $why")
    }

  private val versionChars = "[A-Za-z0-9][A-Za-z0-9._+-]*".r

  /** The versions of `--lib` values, in the order given: `cats-effect=3.6.3,3.7.1`, repeatable, or
    * several libraries in one value (`cats-effect=3.7.1,zio=2.1.24,2.1.26`); `local:V` for a version
    * published locally. Labelled by Libs.versions (the same version again: an A/A control). */
  def libs(values: Seq[String]): Vector[LibVersion] = {
    val items = values.toVector.flatMap(_.split(',').map(_.trim).filter(_.nonEmpty))
    var current: Option[String] = None
    val asked = items.map { item =>
      val (name, version) = item.indexOf('=') match {
        case -1 =>
          current.getOrElse(
            UsageError(s"--lib takes NAME=VERSION,VERSION... (e.g. cats-effect=3.6.3,3.7.1), got '${values.mkString(",")}'")
          )
          (current.get, item)
        case at => (item.substring(0, at).trim, item.substring(at + 1).trim)
      }
      if (!Libs.all.exists(_.runtime == name)) UsageError.unknown("library for --lib", name, Libs.all.map(_.runtime))
      current = Some(name)
      val local = version.startsWith("local:")
      val v = version.stripPrefix("local:")
      if (v.isEmpty) UsageError(s"--lib $name: a version is missing after '${if (local) "local:" else "="}'")
      if (!versionChars.pattern.matcher(v).matches())
        UsageError(s"--lib $name=$version: a version is letters, digits and . _ + - (got '$v')")
      (name, v, local)
    }
    Libs.versions(asked)
  }

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

  /** `--fork 2x0.5+4x0.25`: `p` with one fork's shape, warm-up iterations × seconds + measured
    * iterations × seconds (no warm-up is `0x0.5+…`). The id stays the profile's: its other rules (the
    * quick parameters, the forks) still hold, and the run records the shape beside it. */
  def fork(p: MeasureProfile, text: String): MeasureProfile = {
    val shape = """(\d+)x(\d+(?:\.\d+)?)\+(\d+)x(\d+(?:\.\d+)?)""".r
    text.trim match {
      case shape(w, ws, i, is) if w.length <= 4 && i.length <= 4 && i.toInt >= 1 && ws.toDouble > 0 && is.toDouble > 0 =>
        Profiles.withShape(p, w.toInt, ws.toDouble, i.toInt, is.toDouble)
      case _ => UsageError(s"--fork takes warm-ups x seconds + iterations x seconds, e.g. 2x0.5+4x0.25, got '$text'")
    }
  }

  /** `--shard K/N`: shard K of N, 1-based. */
  def shard(s: String): ShardSpec = {
    val bad = s"--shard takes K/N with 1 <= K <= N, e.g. --shard 1/4; got '$s'"
    s.split('/') match {
      case Array(k, n) => (k.trim.toIntOption, n.trim.toIntOption) match {
          case (Some(k), Some(n)) if n >= 1 && k >= 1 && k <= n => ShardSpec(k, n)
          case _ => UsageError(bad)
        }
      case _ => UsageError(bad)
    }
  }

  /** `--cpus 1,2`: positive counts, each at most the cores this process may use (Cpus.allowed). */
  def cpus(values: Vector[String]): Vector[Int] = {
    val counts = values.map { v =>
      v.toIntOption.filter(_ > 0).getOrElse(UsageError(s"--cpus takes positive core counts, e.g. --cpus 1,2; got '$v'"))
    }.distinct.sorted
    val allowed = Cpus.allowed.size
    counts.find(_ > allowed).foreach(n =>
      UsageError(s"--cpus $n: this machine lets the run use $allowed cores; give counts up to $allowed")
    )
    counts
  }

  /** `--param name=value`, repeatable: each split at its first `=` (the planner checks names and
    * values against the catalog, Plan.selection). */
  def params(values: Seq[String]): Vector[(String, String)] = values.toVector.map { kv =>
    kv.indexOf('=') match {
      case -1 => UsageError(s"--param takes name=value, got '$kv'")
      case at => (kv.substring(0, at), kv.substring(at + 1))
    }
  }

  /** The JVMs `--jvm` names, or the default JVM with a note saying which it is. */
  def jvms(paths: Seq[String]): (Vector[Jvm], Vector[String]) = paths.toVector match {
    case ps if ps.isEmpty =>
      val (j, note) = Jvms.default
      (Vector(j), note.toVector)
    case ps => (ps.map(p => Jvms.at(p).fold(why => UsageError(s"--jvm $p: $why"), identity)).distinctBy(_.home), Vector.empty)
  }

  /** `--out`'s results directory (default: `results`), created and proven writable before anything is measured. */
  def out(flag: Option[String], default: => Path = Workspace.results): Path = {
    val out = flag.map(Paths.get(_)).getOrElse(default).toAbsolutePath.normalize()
    try Files.createDirectories(out)
    catch {
      case e: Exception => UsageError(s"--out $out: cannot create the results directory (${e.getClass.getSimpleName}: ${e.getMessage})")
    }
    if (!Files.isWritable(out)) UsageError(s"--out $out: the results directory is not writable")
    val probe = out.resolve(s".write-probe-${ProcessHandle.current().pid()}")
    try Files.write(probe, Array.fill[Byte](4096)(0))
    catch { case e: Exception => UsageError(s"--out $out: cannot write there (${e.getMessage})") }
    finally Files.deleteIfExists(probe)
    out
  }

  /** `machine --window-ms`: each window's length, 10 to 10000 ms (default 250, a quick fork's iteration). */
  def windowMs(flag: Option[String]): Int = flag.fold(250)(t =>
    t.toIntOption.filter(n => n >= 10 && n <= 10000).getOrElse(UsageError(s"--window-ms must be a whole number from 10 to 10000, got '$t'"))
  )

  /** `machine --windows`: windows per job, 2 to 1000 (default 24). */
  def windows(flag: Option[String]): Int = flag.fold(24)(t =>
    t.toIntOption.filter(n => n >= 2 && n <= 1000).getOrElse(UsageError(s"--windows must be a whole number from 2 to 1000, got '$t'"))
  )
}
