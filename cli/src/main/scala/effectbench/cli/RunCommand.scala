package effectbench.cli

import effectbench.Outcome
import effectbench.runner.{Modules, Progress, RunDir, RunEngine, Shards}
import effectbench.stats.Format
import effectbench.store.{CellRecord, RunData, RunMeta}
import java.nio.file.Path

/** `bench run`: the engine (RunEngine) measures the planned cells; this command ends with the table
  * and the run directory's path. `table` draws the finished run at the given confidence level (the
  * report's terminal table); `precision` gives the closing lines on the precision reached,
  * throughput ratios and latency p99s apart. */
final class RunCommand(
    val root: Path, modules: Modules, onCellRecorded: (RunDir, CellRecord) => Unit,
    display: Progress.Display = Progress.Display.plain(verbose = true),
    table: (RunData, Double) => String,
    precision: (RunData, Double) => Vector[String] = (_, _) => Vector.empty
) {
  val engine = new RunEngine(root, modules, onCellRecorded, display)

  /** Runs the runnable cells not yet in `dir`, then prints the run; returns the exit code. */
  def execute(dir: RunDir, setup: RunEngine.Setup, meta: RunMeta): Int = {
    val done = engine.execute(dir, setup, meta)
    val data = done.data
    println(table(data, setup.confidence))
    val failed = RunEngine.failures(data)
    if (failed.nonEmpty) {
      println(s"${failed.size} cells did not produce a score:")
      failed.foreach(c => println(s"  ${c.key}: ${c.reason}"))
    }
    val skipped = data.cells.count(_.status == Outcome.NotMeasured)
    if (skipped > 0) println(s"$skipped cells not measured: the service sweeps they belong to had stopped (see the capacity tables)")
    effectbench.store.CanaryLog.summary(data.canary).foreach(println)
    precision(data, setup.confidence).foreach(println)
    // Shards are sized from the throughput tables' ratios only.
    val advice = setup.engine.flatMap(e => Shards.advice(done.summaries.filterNot(_._2).map(_._1), e))
    advice.foreach(println)
    // Why the tables stopped short, when the run's own forks say it is the machine (LaunchSpread), read
    // from the cells measured fork after fork: relayed ones are already the answer to such a machine.
    if (advice.nonEmpty) effectbench.analysis.LaunchSpreads.warnings(data).foreach(w => println(s"why: $w"))
    println(f"finished ${done.measured} cells in ${Format.duration(done.seconds)}")
    println(dir.dir.toString)
    if (failed.nonEmpty) 1 else 0
  }
}
