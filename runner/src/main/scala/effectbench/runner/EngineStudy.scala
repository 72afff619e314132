package effectbench.runner

import effectbench.report.{CellStats, ForkStats, ReportModel, RunData, TerminalTable}
import java.nio.file.{Files, Path, Paths}

/** `bench engine-study`: a benchmark of the suite, not a test. The same pairs of cells (deep-bind and
  * fork-many, cats-effect vs zio, fork entry) under the old fixed profiles and under the rounds
  * engine, with the precision each reached against the machine seconds it took. `--smoke` runs
  * every configuration at the smallest settings, to see the command work end to end. */
object EngineStudy {
  val pairs: Vector[String] = Vector("deep-bind", "fork-many")
  val runtimes = "cats-effect,zio"

  def configs(smoke: Boolean, precision: String): Vector[(String, Vector[String])] =
    if (smoke) Vector("fixed smoke" -> Vector("--profile", "smoke"), "engine smoke" -> Vector("--profile", "smoke", "--rounds", "3"))
    else Vector(
      "fixed quick" -> Vector("--quick"),
      "fixed standard" -> Vector("--profile", "standard"),
      s"engine quick $precision" -> Vector("--quick", "--precision", precision),
      s"engine standard $precision" -> Vector("--profile", "standard", "--precision", precision))

  def main(outFlag: Option[String], precisionFlag: Option[String], jvms: JvmChoice, smoke: Boolean): Int = {
    val out = Paths.get(outFlag.getOrElse(Main.root.resolve("results/engine-study").toString)).toAbsolutePath
    Files.createDirectories(out)
    val precision = precisionFlag.getOrElse("5%")
    EngineFlags.precision(precisionFlag, 0.05) // validated before anything runs
    val jvm = jvms.jvm.toVector.flatMap(j => Vector("--jvm", j))
    val rows = for {
      sc <- pairs
      (label, flags) <- configs(smoke, precision)
    } yield {
      val before = Main.latestRun(out)
      Console.err.println(s"engine-study: $sc, $label")
      Main.dispatch(Vector("run", "--scenario", sc, "--runtime", runtimes, "--mode", "fork", "--out", out.toString) ++ flags ++ jvm)
      Main.latestRun(out).filterNot(before.contains) match {
        case Some(dir) => row(sc, label, RunData.load(dir))
        case None => Vector(sc, label, "no run", "", "", "", "", "")
      }
    }
    println()
    print(TerminalTable.table(Vector("scenario", "configuration", "machine s", "forks", "cats-effect ±", "zio ±", "zio / cats-effect [95%]", "verdict"), rows))
    println("machine s: the cells' own JMH seconds (JVM start-up included); ±: each cell's 95% half-width over forks; the ratio's interval is the engine's (paired by round when measured in rounds)")
    0
  }

  private def row(sc: String, label: String, run: RunData): Vector[String] = {
    val seconds = run.cells.map(_.record.seconds).filterNot(_.isNaN).sum
    def est(rt: String) = run.cells.find(_.id.exists(_.runtime == rt)).flatMap(CellStats.estimate(_, ForkStats.DefaultConfidence))
    (est("cats-effect"), est("zio")) match {
      case (Some(ce), Some(z)) =>
        val higher = run.cells.flatMap(_.score).headOption.exists(_.higherIsBetter)
        val r = CellStats.slowdown(z, ce, higher)
        def pct(e: effectbench.report.CellEstimate) = if (e.relHalfWidth.isNaN) "?" else f"${e.relHalfWidth * 100}%.1f%%"
        Vector(sc, label, f"$seconds%.0f", s"${ce.n}/${z.n}", pct(ce), pct(z), CellStats.ratioText(r), r.verdict)
      case _ => Vector(sc, label, f"$seconds%.0f", "", "", "", "", "a cell has no score")
    }
  }
}
