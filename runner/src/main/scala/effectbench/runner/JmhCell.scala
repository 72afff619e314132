package effectbench.runner

import effectbench.{BenchFailure, Catalog, LatencyModel, MeasuringJvm, Outcome => Status, Settings}
import effectbench.store.{FormatError, RunFiles}
import effectbench.store.Codecs.given
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** Times one verified cell with JMH in a child JVM of its module (one fork: that JVM measures, see
  * `direct`; several: a JMH host forks them): -rf json (raw data kept),
  * -prof gc (bytes per op), -prof effectbench.ProcCounters (threads, GC share, context switches), -foe true (a throwing benchmark is a failure, not a success). */
object JmhCell {
  /** @param got the wrong result when the measuring JVM found one (status invalid) */
  final case class Outcome(status: Status, reason: String, jmhFile: Option[Path], seconds: Double, got: Option[String] = None)

  /** Where the measuring JVMs of a cell whose JMH result goes to `out` record a wrong result. */
  def failureFile(out: Path): Path = out.resolveSibling(out.getFileName.toString + ".failure.jsonl")

  /** JMH's time value: whole milliseconds, since JMH does not read fractions of a second. */
  def duration(seconds: Double): String = s"${math.max(1L, math.round(seconds * 1000))}ms"

  /** The flags of the JVM that measures `cell`: its JVM's own, the measuring heap and stack, the
    * runner watch, the runtime's levelled properties and the JVM's result wait. The verifier's JVM gets
    * the same (Verifier.jvmCommand), so a cell is checked where it will be timed. */
  def measuringFlags(jvm: Jvm, settings: Settings, runtime: String): Vector[String] =
    jvm.extraFlags ++ MeasuringJvm.flags ++ Vector(Subprocess.watchFlag) ++ Settings.jvmProperties(settings, runtime) :+
      jvm.waitProperty

  /** Whether a cell is measured in one JVM launched directly with the measuring flags (JMH `-f 0`)
    * rather than by a JMH host that forks it: so when one fork is asked for and no profiler comes
    * from outside. A host JVM that only forks one measuring JVM and waits costs a JVM start (0.3 s
    * of the 3.6 s a quick fork took here, measured alone on the 2-core machine); the
    * measuring JVM is as fresh either way: launched for this one fork, with the same flags, and the
    * profilers (gc, ProcCounters) are in-process ones. */
  def direct(profile: MeasureProfile, extra: Vector[String]): Boolean = profile.forks == 1 && extra.isEmpty

  /** JMH's flags for a measuring JVM it forks, of one group on one JVM (see harness ForkFlags), with
    * the compile-command file written where the cell's JMH result goes; asked once per group, JVM
    * and directory. A JVM launched directly gets them, so it measures as a JMH fork would: with
    * compiler blackholes and the benchmark's compiler hints, which JMH does not give a JVM it runs
    * in (its warning about non-forked runs: "may silently omit JVM options, … disable compiler
    * hints"). */
  def forkFlags(cell: PlannedCell, modules: Modules, out: Path): Either[String, Vector[String]] = {
    val dir = out.toAbsolutePath.getParent
    val key = (cell.module, cell.jvm.label, dir)
    Option(forkFlagsCache.get(key)).map(Right(_)).getOrElse {
      val name = RunDir.safe(s"jmh-fork-flags--${cell.module}--${cell.jvm.label}")
      val log = dir.resolve(name + ".log")
      val cmd = Vector(cell.jvm.java.toString) ++ cell.jvm.extraFlags ++ Vector(Subprocess.watchFlag, "-cp",
        modules.of(cell).classpath, "effectbench.ForkFlags")
      val done = Subprocess.run(cmd, log, 120)
      val lines = logLines(log)
      val flagLine = "flag (.+)".r
      val hintLine = "hint (.*)".r
      val flags = lines.collect { case flagLine(f) => f }
      val fileFlag = "-XX:CompileCommandFile="
      if (done.timedOut || done.exit != 0 || !flags.exists(_.startsWith(fileFlag)))
        Left(s"could not learn JMH's flags for a measuring JVM (exit ${done.exit}; see ${dir.relativize(log)})")
      else {
        val hints = dir.resolve(name + ".compilecommand")
        Files.write(hints, lines.collect { case hintLine(h) => h }.mkString("", "\n", "\n").getBytes(StandardCharsets.UTF_8))
        Files.deleteIfExists(log)
        val got = flags.map(f => if (f.startsWith(fileFlag)) fileFlag + hints.toString else f)
        forkFlagsCache.put(key, got)
        Right(got)
      }
    }
  }

  private val forkFlagsCache = new java.util.concurrent.ConcurrentHashMap[(String, String, Path), Vector[String]]()

  /** @param forkFlags JMH's flags for a forked measuring JVM (`forkFlags`), given to a JVM launched directly */
  def command(
      cell: PlannedCell, settings: Settings, profile: MeasureProfile, modules: Modules, out: Path, extra: Vector[String] = Vector.empty,
      forkFlags: Vector[String] = Vector.empty, relay: Option[String] = None
  ): Vector[String] = {
    val module = modules.of(cell)
    val scenario = Catalog.get(cell.id.scenario, includeTestOnly = true).get
    val iterations = LatencyCell.iterations(cell, scenario, profile) match {
      case Some(l) => l
      case None =>
        Vector("effectbench.Bench.run", "-wi", profile.warmups.toString, "-w", duration(profile.warmupSeconds), "-i",
          profile.iterations.toString, "-r", duration(profile.iterationSeconds))
    }
    val jmhArgs = Vector("effectbench.JmhMain") ++ iterations ++ Vector(
      "-p", s"cell=${cell.id.key}", "-p", s"settings=${settings.id}",
      "-bm", "avgt", "-tu", scenario.timeUnit,
      "-rf", "json", "-rff", out.toAbsolutePath.toString,
      "-prof", "gc", "-prof", "effectbench.ProcCounters", "-foe", "true"
    )
    val measuring = measuringFlags(cell.jvm, settings, cell.runtime) ++ LatencyCell.logFlag(scenario, out, profile) ++
      relay.toVector.flatMap(r => r +: Relay.jvmFlags)
    // The launcher (taskset) pins the JVM it starts; JMH's forks inherit the affinity.
    if (direct(profile, extra))
      cell.jvm.launcher ++ Vector(cell.jvm.java.toString) ++ measuring ++ forkFlags ++
        Vector("-Djmh.ignoreLock=true", "-cp", module.classpath) ++ jmhArgs ++ Vector("-f", "0")
    else
      // Both the JMH host and its forks watch the runner: a runner killed with -9 leaves no JVM behind.
      cell.jvm.launcher ++ Vector(cell.jvm.java.toString) ++ cell.jvm.extraFlags ++ Vector("-Xmx256m", Subprocess.watchFlag,
        "-Djmh.ignoreLock=true", "-cp", module.classpath) ++ jmhArgs ++ Vector("-f", profile.forks.toString,
        "-jvm", cell.jvm.java.toString) ++ jvmArgsAppend(measuring) ++ extra
  }

  /** Each flag of a forked measuring JVM as its own `-jvmArgsAppend`: JMH keeps each value whole
    * when the option is given more than once, and splits a single value at spaces (jmh-core 1.37
    * `CommandLineOptions.treatQuoted`), which would cut a path with a space in two. */
  def jvmArgsAppend(flags: Vector[String]): Vector[String] = {
    require(flags.size >= 2, s"JMH splits a lone -jvmArgsAppend at spaces: $flags")
    flags.flatMap(f => Vector("-jvmArgsAppend", f))
  }

  def run(
      cell: PlannedCell, settings: Settings, profile: MeasureProfile, modules: Modules, out: Path, log: Path,
      timeoutSeconds: Long, events: EngineEvent.Sink = EngineEvent.Sink.stderr, extra: Vector[String] = Vector.empty
  ): Outcome = {
    clear(out)
    val flags = if (direct(profile, extra)) forkFlags(cell, modules, out) else Right(Vector.empty)
    flags match {
      case Left(why) => Outcome(Status.Failed, "failed: " + why, None, 0)
      case Right(f) => measure(command(cell, settings, profile, modules, out, extra, f), out, log, timeoutSeconds, events)
    }
  }

  /** A file left by an earlier, interrupted attempt of a cell must not pass for this one's result. */
  def clear(out: Path): Unit = {
    Files.deleteIfExists(out)
    Files.deleteIfExists(failureFile(out))
    Files.deleteIfExists(LatencyCell.logOf(out))
  }

  /** What a measuring JVM of a cell whose JMH result goes to `out` is given in its environment. */
  def environment(out: Path): Map[String, String] = Map(effectbench.Wire.failureFileVariable -> failureFile(out).toAbsolutePath.toString)

  /** The measuring JVM of one relay turn-taker (Relay): launched directly, given the relay flag, on its
    * JVM's cores; `warmups`, the turns it warms up in (a latency cell's warm-up windows). */
  def relayMember(
      cell: PlannedCell, settings: Settings, profile: MeasureProfile, modules: Modules, out: Path, log: Path
  ): Either[String, Relay.Member] = {
    clear(out)
    forkFlags(cell, modules, out).map(f =>
      Relay.Member(cell.id.key, flag => command(cell, settings, profile.copy(forks = 1), modules, out, Vector.empty, f, Some(flag)), log,
        environment(out), Some(relayWarmups(cell, profile)))
    )
  }

  /** The turns a relayed cell warms up in: its profile's warm-up iterations, a latency cell's warm-up windows. */
  def relayWarmups(cell: PlannedCell, profile: MeasureProfile): Int =
    Catalog.get(cell.id.scenario, includeTestOnly = true).filter(LatencyCell.isLatency)
      .map(s => LatencyCell.iterations(profile, LatencyModel.windowSeconds(s.complete(cell.id.params)))._1)
      .getOrElse(profile.warmups)

  private def measure(cmd: Vector[String], out: Path, log: Path, timeoutSeconds: Long, events: EngineEvent.Sink): Outcome = {
    // JMH's own machine-wide lock, taken here (see MeasureLock); the time limit starts once it is held.
    val done = MeasureLock.holding(events)(Subprocess.run(cmd, log, timeoutSeconds, env = environment(out)))
    outcome(done, out, log, timeoutSeconds)
  }

  /** A measuring JVM's outcome from how it ended and what it left: its JMH result, a wrong result
    * it recorded, or the most telling line of its log. */
  def outcome(done: Finished, out: Path, log: Path, timeoutSeconds: Long): Outcome = {
    val hasResult = Files.isRegularFile(out) && {
      try RunFiles.readJmh(out).nonEmpty
      catch { case _: FormatError => false }
    }
    // JMH creates its result file when it starts; an empty one would only mislead a reader of the run.
    if (!hasResult) Files.deleteIfExists(out)
    val kept = if (hasResult) Some(out) else None
    if (done.timedOut) Outcome(Status.TimedOut, s"timed out after $timeoutSeconds s", kept, done.seconds)
    else if (done.exit != 0 || !hasResult) {
      invalid(failureFile(out)) match {
        case Some(f) => Outcome(Status.Invalid, f.reason, kept, done.seconds, Some(f.got))
        case None => Outcome(Status.Failed, "failed: " + failureReason(logLines(log), log, done.exit), kept, done.seconds)
      }
    } else Outcome(Status.Ok, "", Some(out), done.seconds)
  }

  private def logLines(log: Path): Vector[String] =
    if (Files.isRegularFile(log)) new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split('\n').toVector else Vector.empty

  /** The harness checks the result again after measuring (Bench.tearDown) and records a wrong one
    * in the failure file (Harness.check); the last one recorded is the cell's. A line cut short by
    * a killed JVM is no verdict. */
  def invalid(file: Path): Option[BenchFailure] =
    if (!Files.isRegularFile(file)) None
    else RunFiles.text(file).split('\n').toVector.filter(_.trim.nonEmpty).reverse.iterator
      .flatMap(l =>
        try Some(RunFiles.decode[BenchFailure](l, file.toString))
        catch { case _: FormatError => None }
      )
      .nextOption()

  /** The most telling line of a failed JMH log: the exception, or how the forked JVM ended. */
  def failureReason(lines: Vector[String], log: Path, exit: Int): String = {
    val exception = "^\\s*(?:Exception in thread \"[^\"]*\" )?((?:[a-z]\\w*\\.)+\\w*(?:Exception|Error)\\b.*)$".r
    val wrappers = "^(?:java\\.util\\.concurrent\\.(?:ExecutionException|CompletionException): )+".r
    val exceptions = lines.collect { case exception(what) => wrappers.replaceFirstIn(what, "") }
    val forkedVm = lines.find(_.contains("<forked VM failed")).map(_.trim)
    // JMH's own word on a fork that died, e.g. "<failure: VM prematurely exited before JMH had finished with it, explicit System.exit was called?>"
    val jmhFailure = "<failure: (.+)>".r.unanchored
    val failureNote = lines.collectFirst { case jmhFailure(why) => why.trim }
    val noResult = lines.exists(_.contains("<no result>"))
    val pick = exceptions.find(e => e.contains("OutOfMemoryError") || e.contains("StackOverflowError"))
      .orElse(exceptions.find(!_.startsWith("org.openjdk.jmh")))
      .orElse(failureNote.map(v => s"the measuring JVM ended: $v"))
      .orElse(forkedVm.map(v => s"the measuring JVM ended: $v"))
      .orElse(if (noResult) Some("the measuring JVM ended without a result (System.exit in the benchmark?)") else None)
      // A JVM launched directly (no JMH host to say "<no result>") that ended before JMH's last word.
      .orElse(if (exceptions.isEmpty && !lines.exists(_.startsWith("# Run complete")))
          Some(s"the measuring JVM ended before JMH finished (exit code $exit; System.exit in the benchmark?)")
        else None)
      .orElse(exceptions.headOption)
      .getOrElse(if (exit == 0) "JMH wrote no result" else s"JMH exited with code $exit")
    pick.trim.take(300) + s" (see logs/${log.getFileName})"
  }
}
