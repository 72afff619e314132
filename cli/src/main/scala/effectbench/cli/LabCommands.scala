package effectbench.cli

import effectbench.cli.Flags._
import mainargs.{arg, main, Flag, ParserForMethods}

/** What each research command runs: the lab module gives it, so the command line declares every
  * flag, the product's and the research commands', without depending on the lab. */
trait LabStudies {
  def engineStudy(out: Option[String], precision: Option[String], jvms: JvmChoice, smoke: Boolean, waits: Boolean, rounds: Option[String])
      : Int
  def states(
      cells: Option[String], changes: Option[String], launches: Option[String], out: Option[String], jvms: JvmChoice, smoke: Boolean,
      fork: Option[String]
  ): Int
}

/** The research commands, `./bench lab COMMAND`: benchmarks of the suite itself, run alone on a
  * quiet machine, not part of measuring the catalog. They launch the runner's cells as `./bench`
  * does; their flags and help come from these declarations, as `bench`'s do. */
final class LabCommands(studies: LabStudies) {
  @main(doc = "a benchmark of the suite: fixed profiles against the rounds engine, precision against machine time")
  def engineStudy(
      @arg(doc = "the results directory (default: results/engine-study)") out: Option[String] = None,
      @arg(doc = "the rounds engine's precision target (default 5%)") precision: Option[String] = None,
      jvms: JvmChoice,
      @arg(doc = "every configuration at the smallest settings, to see the command work") smoke: Flag = Flag(),
      @arg(doc = "instead: the bimodal deep-bind cells under each way of waiting for a result (park, spin, spinpark)") waits: Flag = Flag(),
      @arg(doc = "with --waits: paired rounds per strategy (default 6)") rounds: Option[String] = None
  ): Int =
    studies.engineStudy(out, precision, jvms, smoke.value, waits.value, rounds)

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
    studies.states(cells, changes, launches, out, jvms, smoke.value, fork)
}

/** `bench lab`'s command line over the studies the lab gives. */
class LabCommandLine(studies: LabStudies) extends CommandLine[LabCommands]("bench lab") {
  protected def parser(argv: Vector[String]): ParserForMethods[LabCommands] = ParserForMethods(new LabCommands(studies))
}
