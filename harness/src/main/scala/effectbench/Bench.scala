package effectbench

import java.util.concurrent.TimeUnit
import org.openjdk.jmh.annotations._

/** The one JMH benchmark of every runtime module: the cell to time is a parameter, so the
  * catalog stays the single source of truth and every cell runs in its own forked JVM.
  * Time unit and iteration counts come from the runner's command line. */
@State(org.openjdk.jmh.annotations.Scope.Benchmark)
@BenchmarkMode(
  Array(org.openjdk.jmh.annotations.Mode.AverageTime)
) // qualified: Scala 2.12 prefers effectbench.Mode over the wildcard import
@OutputTimeUnit(TimeUnit.MICROSECONDS)
class Bench {
  @Param(Array("")) var cell: String = ""
  @Param(Array("levelled")) var settings: String = "levelled"

  private var live: Live = null
  private var program: Program = null

  @Setup(Level.Trial)
  def setup(): Unit = {
    Watchdog.start()
    val opened = Harness.open(cell, effectbench.Settings(settings))
    live = opened._1
    program = opened._2
    // A cell that fails its oracle is never timed: check once more inside the measuring JVM.
    Harness.check(cell, program)
  }

  @Benchmark
  def run(): Any = program.run()

  /** Checks the result once more after the measurement: a program that goes wrong only after
    * many calls is invalid, not a score. */
  @TearDown(Level.Trial)
  def tearDown(): Unit = if (live != null) {
    try { if (program != null) Harness.check(cell, program) }
    finally live.close()
  }
}
