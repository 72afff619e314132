package effectbench.cli

import effectbench._
import effectbench.runner._
import effectbench.stats.ForkStats
import effectbench.store.{FormatError, RoundsSettings, RunData, RunFiles, RunMeta}
import java.nio.file.{Files, Path}

/** `run --resume DIR`: the cells of that run's plan not yet recorded, with its own settings,
  * profile, JVMs and measuring engine. A resumed run is indistinguishable from one that was never
  * interrupted. */
object Resume {
  def run(cmd: RunCommand, dirPath: Path, argv: Vector[String]): Int = {
    val dir = dirPath.toAbsolutePath.normalize()
    if (!Files.isDirectory(dir)) UsageError(s"--resume $dirPath: no such run directory")
    if (!RunData.isRunDir(dir)) UsageError(s"--resume $dirPath: not a run directory (no run.json)")
    val meta =
      try RunFiles.readMeta(dir.resolve("run.json"))
      catch {
        case e: FormatError => UsageError(s"--resume $dirPath: ${e.getMessage}")
      }
    val settings =
      Settings.get(meta.settings.id).getOrElse(UsageError(s"--resume $dirPath: unknown settings '${meta.settings.id}' in run.json"))
    // The profile's rules with the fork shape the run measured with (`--fork` may have changed it).
    val profile =
      Profiles.get(meta.profile.id).getOrElse(UsageError(s"--resume $dirPath: unknown profile '${meta.profile.id}' in run.json"))
        .copy(warmups = meta.profile.warmups, warmupSeconds = meta.profile.warmupSeconds, iterations = meta.profile.iterations,
          iterationSeconds = meta.profile.iterationSeconds)
    // The result wait the run measured with: the rest is measured with it too.
    val wait = waitOf(meta)
    val jvms = meta.jvms.map { j =>
      Jvms.at(j.java).fold(why => UsageError(s"--resume $dirPath: the run's JVM is gone: ${j.java}: $why"), identity).copy(cpus = j.cpus,
        resultWait = wait)
    }
    // The run's `--lib` versions: each label's build, made again if its sources changed since.
    val libs = LibPrep.fromEntries(meta.libs)
    val cells = meta.plan.map { p =>
      val id = CellId.parse(p.cell).fold(err => UsageError(s"--resume $dirPath: $err"), identity)
      val jvm = jvms.find(_.label == p.jvm).getOrElse(UsageError(s"--resume $dirPath: unknown JVM ${p.jvm}"))
      val lib = id.lib.map(l =>
        libs.find(lv => lv.runtime == id.runtime && lv.label == l).getOrElse(
          UsageError(s"--resume $dirPath: no --lib version '$l' in run.json")
        )
      )
      PlannedCell(id, jvm, p.status, Runtimes(id.runtime).group, lib.filterNot(_.isBuildOwn).map(_.build))
    }
    LibBuild.ensure(cmd.root, libs.filter(lv => cells.exists(c => c.status.runnable && c.id.lib.contains(lv.label))), Console.err.println)
    val (engine, confidence) = engineOf(meta)
    val setup = RunEngine.Setup(settings, profile, jvms, cells, meta.timeoutSeconds, argv, Vector.empty, engine, confidence)
    cmd.execute(new RunDir(dir), setup, meta)
  }

  /** The run's measuring engine as recorded: the rounds engine's settings, and the confidence level. */
  def engineOf(meta: RunMeta): (Option[Rounds.Engine], Double) = (
    meta.engine.flatMap(_.rounds).map { r =>
      val e = Rounds.Engine(r.precision, r.minRounds, r.maxRounds, r.budgetSeconds, r.confidence, r.seed,
        precisionFirst = r.precisionFirst, canary = r.canary, relay = r.relay, acrossParams = r.acrossParams)
      // A run recorded before its turn length was: the engine's own.
      r.turnSeconds.fold(e)(t => e.copy(turnSeconds = t))
    },
    meta.engine.map(_.confidence).getOrElse(ForkStats.DefaultConfidence)
  )

  /** The result wait the run measured with (park before it was recorded). */
  def waitOf(meta: RunMeta): effectbench.ResultWait.Strategy =
    meta.engine.flatMap(_.resultWait).fold(effectbench.ResultWait.Park)(w =>
      effectbench.ResultWait.parse(w).getOrElse(UsageError(s"unknown result wait '$w' in ${meta.id}'s run.json"))
    )

  /** The record of an engine, as engineOf reads it back. */
  def settingsOf(e: Rounds.Engine): RoundsSettings =
    RoundsSettings(e.precision, e.minRounds, e.maxRounds, e.budgetSeconds, e.confidence, e.seed, e.precisionFirst, e.canary, e.relay,
      Some(e.turnSeconds),
      e.acrossParams)
}
