package effectbench.lab

import effectbench.cli.{CommandLine, Main}
import effectbench.cli.JvmChoice
import effectbench.cli.Flags._
import mainargs.{arg, main, Flag, ParserForMethods}

/** The research commands, `./bench lab COMMAND`: benchmarks of the suite itself, run alone on a
  * quiet machine, not part of measuring the catalog. They launch the runner's cells as `./bench`
  * does; their flags and help come from these declarations, as `bench`'s do. */
final class LabCommands {
  @main(doc = "a benchmark of the suite: fixed profiles against the rounds engine, precision against machine time")
  def engineStudy(
      @arg(doc = "the results directory (default: results/engine-study)") out: Option[String] = None,
      @arg(doc = "the rounds engine's precision target (default 5%)") precision: Option[String] = None,
      jvms: JvmChoice,
      @arg(doc = "every configuration at the smallest settings, to see the command work") smoke: Flag = Flag(),
      @arg(doc = "instead: the bimodal deep-bind cells under each way of waiting for a result (park, spin, spinpark)") waits: Flag = Flag(),
      @arg(doc = "with --waits: paired rounds per strategy (default 6)") rounds: Option[String] = None
  ): Int =
    EngineStudy.main(out, precision, jvms, smoke.value, waits.value, rounds)

  @main(doc = "a benchmark of the suite: where launch states come from (each cell launched many times under changes to its JVM)")
  def states(
      @arg(doc = "scenario:runtime pairs, comma-separated (default: the two-state cells seen on 2 cores)") cells: Option[String] = None,
      @arg(doc = "changes to the measuring JVM, comma-separated (default: all; none,xbatch,c2-only,heap,parallel-gc,spin-wait,one-cpu)")
      changes: Option[String] = None,
      @arg(doc = "launches per cell and change (default 20)") launches: Option[String] = None,
      @arg(doc = "the results directory (default: results/states-study)") out: Option[String] = None,
      jvms: JvmChoice,
      @arg(doc = "two launches at the smallest settings, to see the command work") smoke: Flag = Flag(),
      @arg(doc = "each launch's iterations: warm-ups x seconds + iterations x seconds (default: a quick fork, 6x0.5+4x0.25)") fork: Option[
        String
      ] = None
  ): Int =
    StatesStudy.main(cells, changes, launches, out, jvms, smoke.value, fork)
}

object LabCommands extends CommandLine[LabCommands]("bench lab") {
  protected def parser(argv: Vector[String]): ParserForMethods[LabCommands] = ParserForMethods(new LabCommands)
}

/** `./bench lab`'s entry point: exit codes and errors as `bench`'s (Main.exitWith). */
object Lab {
  def main(argv: Array[String]): Unit = Main.exitWith("bench lab")(LabCommands.dispatch(argv.toVector))
}
