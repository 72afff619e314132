package effectbench.cli

import effectbench.runner._
import effectbench.report.Site
import effectbench.stats.ChangePoints
import effectbench.store.RunData
import java.nio.file.{Files, Paths}

/** `bench site`: the results directory's runs as a static site (Site), written into one directory. */
object SiteCommand {
  def apply(resultsFlag: Option[String], outFlag: Option[String], cfg: ChangePoints.Config): Int = {
    val results = StoreCommands.resultsOf(resultsFlag)
    if (!Files.isDirectory(results)) UsageError(s"--results $results: no such results directory")
    val out = outFlag.map(o => Paths.get(o).toAbsolutePath.normalize()).getOrElse(results.resolve("site"))
    if (Files.exists(out) && !Files.isDirectory(out)) UsageError(s"--out $out: exists and is not a directory")
    if (RunData.isRunDir(out)) UsageError(s"--out $out: is a run directory; give an empty or a site directory")
    val runs = StoreCommands.runsOf(results)
    if (runs.isEmpty) UsageError(s"$results holds no run directory (a directory with run.json); nothing to publish")
    runs.flatMap(r => r.warnings).foreach(w => Console.err.println(s"warning: $w"))
    val built = Site.build(runs, out, cfg)
    println(s"wrote ${built.pages.size} pages of ${runs.size} runs into $out (open $out/index.html)")
    0
  }
}
