package effectbench.lab

import effectbench.runner._
import effectbench.cli.{EngineFlags, JvmChoice, Main}
import effectbench.Runtimes
import effectbench.report.{CellStats, TerminalTable}
import effectbench.stats.{CellRatios, ForkStats}
import effectbench.store.RunData
import java.nio.file.{Files, Path, Paths}

/** `bench lab engine-study`: a benchmark of the suite, not a test. The same pairs of cells (deep-bind and
  * fork-many, cats-effect vs zio, fork entry) under the old fixed profiles and under the rounds
  * engine, with the precision each reached against the machine seconds it took. `--waits` instead
  * runs the bimodal deep-bind cells under each way of waiting for a result (ResultWait). `--smoke`
  * runs every configuration at the smallest settings, to see the command work end to end. */
object EngineStudy {
  val pairs: Vector[String] = Vector("deep-bind", "fork-many")
  val runtimes = "cats-effect,zio"

  def configs(smoke: Boolean, precision: String): Vector[(String, Vector[String])] =
    if (smoke) Vector("fixed smoke" -> Vector("--profile", "smoke"), "engine smoke" -> Vector("--profile", "smoke", "--rounds", "3"))
    else Vector(
      "fixed quick" -> Vector("--quick"),
      "fixed standard" -> Vector("--profile", "standard"),
      s"engine quick $precision" -> Vector("--quick", "--precision", precision),
      s"engine standard $precision" -> Vector("--profile", "standard", "--precision", precision)
    )

  def main(
      outFlag: Option[String], precisionFlag: Option[String], jvms: JvmChoice, smoke: Boolean, waitsStudy: Boolean, rounds: Option[String]
  ): Int = {
    val out = outFlag.fold(Workspace.results.resolve("engine-study"))(Paths.get(_)).toAbsolutePath
    Files.createDirectories(out)
    if (waitsStudy) return waits(rounds, smoke, jvms, out)
    val precision = precisionFlag.getOrElse("5%")
    EngineFlags.precision(precisionFlag, 0.05) // validated before anything runs
    val jvm = jvms.jvm.toVector.flatMap(j => Vector("--jvm", j))
    val rows = for {
      sc <- pairs
      (label, flags) <- configs(smoke, precision)
    } yield {
      val before = Workspace.latestRun(out)
      Console.err.println(s"engine-study: $sc, $label")
      Main.dispatch(Vector("run", "--scenario", sc, "--runtime", runtimes, "--mode", "fork", "--out", out.toString) ++ flags ++ jvm)
      Workspace.latestRun(out).filterNot(before.contains) match {
        case Some(dir) => row(sc, label, RunData.load(dir))
        case None => Vector(sc, label, "no run", "", "", "", "", "")
      }
    }
    println()
    print(TerminalTable.table(Vector("scenario", "configuration", "machine s", "forks", "cats-effect ±", "zio ±", "zio / cats-effect [95%]",
          "verdict"), rows))
    println(
      "machine s: the cells' own JMH seconds (JVM start-up included); ±: each cell's 95% half-width over forks; the ratio's interval is the engine's (paired by round when measured in rounds)"
    )
    0
  }

  /** The cells seen switching between two states (deep-bind, fork entry) and the runtimes they were
    * seen on; `--waits` measures them under each ResultWait strategy. */
  val bimodalScenario = "deep-bind"
  val bimodalRuntimes: Vector[String] = Vector(Runtimes.CatsEffect, Runtimes.Monix, Runtimes.Cps, Runtimes.Future).map(_.id)

  /** `engine-study --waits`: the bimodal cells under park, spin and spin-then-park, in paired rounds
    * (`--rounds`, default 6: enough forks for a launch-chosen state to show), with per strategy and
    * runtime the fork means, the modes found, the share of the slow mode and the machine seconds. */
  def waits(roundsFlag: Option[String], smoke: Boolean, jvms: JvmChoice, out: Path): Int = {
    val rounds = roundsFlag.getOrElse(if (smoke) "2" else "6")
    val profile = if (smoke) Vector("--profile", "smoke") else Vector("--quick")
    val jvm = jvms.jvm.toVector.flatMap(j => Vector("--jvm", j))
    val rows =
      effectbench.ResultWait.ids.flatMap { w =>
        val previous = Workspace.latestRun(out)
        Console.err.println(s"engine-study --waits: $w")
        Main.dispatch(Vector("run", "--scenario", bimodalScenario, "--runtime", bimodalRuntimes.mkString(","), "--mode", "fork",
          "--rounds", rounds,
          "--wait", w, "--out", out.toString) ++ profile ++ jvm)
        Workspace.latestRun(out).filterNot(previous.contains) match {
          case Some(dir) => waitRows(w, RunData.load(dir))
          case None => Vector(Vector(w, "", "no run", "", "", "", ""))
        }
      }
    println()
    print(TerminalTable.table(Vector("wait", "runtime", "forks", "fork means", "modes", "slow mode share", "machine s"), rows))
    println(
      s"modes: clusters of steady iterations more than ${ForkStats.ModeGap}× apart (share of iterations, forks); slow mode share: the share of iterations in the slowest mode (0% when unimodal); machine s: the cell's JMH seconds, JVM start-up included"
    )
    0
  }

  private def waitRows(w: String, run: RunData): Vector[Vector[String]] = bimodalRuntimes.map { rt =>
    run.cells.find(_.id.exists(_.runtime == rt)) match {
      case Some(c) =>
        val seconds = c.record.seconds
        effectbench.analysis.LaunchSpreads.estimate(c, ForkStats.DefaultConfidence) match {
          case Some(e) =>
            val unit = c.score.map(_.unit).getOrElse("")
            val means = e.forkMeans.map(effectbench.stats.Format.num).mkString(", ") + s" $unit"
            val modes = if (!e.bimodal) "1"
            else e.modes.map(m =>
              s"${effectbench.stats.Format.num(m.center)} (${(m.share * 100).round}%, forks ${m.forks.mkString(",")})"
            ).mkString("; ")
            val slow = if (!e.bimodal) "0%" else s"${(e.modes.maxBy(_.center).share * 100).round}%"
            Vector(w, rt, e.n.toString, means, modes, slow, f"$seconds%.0f")
          case None => Vector(w, rt, "", "no score", "", "", f"$seconds%.0f")
        }
      case None => Vector(w, rt, "", "not measured", "", "", "")
    }
  }

  private def row(sc: String, label: String, run: RunData): Vector[String] = {
    val seconds = run.cells.map(_.record.seconds).filterNot(_.isNaN).sum
    def est(rt: String) =
      run.cells.find(_.id.exists(_.runtime == rt)).flatMap(effectbench.analysis.LaunchSpreads.estimate(_, ForkStats.DefaultConfidence))
    (est(Runtimes.CatsEffect.id), est(Runtimes.Zio.id)) match {
      case (Some(ce), Some(z)) =>
        val higher = run.cells.flatMap(_.score).headOption.exists(_.higherIsBetter)
        val r = CellRatios.slowdown(z, ce, higher)
        def pct(e: effectbench.stats.CellEstimate) = if (e.relHalfWidth.isNaN) "?" else f"${e.relHalfWidth * 100}%.1f%%"
        Vector(sc, label, f"$seconds%.0f", s"${ce.n}/${z.n}", pct(ce), pct(z), CellStats.ratioText(r),
          CellStats.decisionText(effectbench.analysis.Decision.of(r)))
      case _ => Vector(sc, label, f"$seconds%.0f", "", "", "", "", "a cell has no score")
    }
  }
}
