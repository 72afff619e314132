package effectbench.lab

import effectbench.cli.{JvmChoice, LabCommandLine, LabStudies, Main}

/** The studies behind `./bench lab`'s commands, whose flags cli declares (LabCommands there). */
object Studies extends LabStudies {
  def engineStudy(out: Option[String], precision: Option[String], jvms: JvmChoice, smoke: Boolean, waits: Boolean, rounds: Option[String])
      : Int =
    EngineStudy.main(out, precision, jvms, smoke, waits, rounds)
  def states(
      cells: Option[String], changes: Option[String], launches: Option[String], out: Option[String], jvms: JvmChoice, smoke: Boolean,
      fork: Option[String]
  ): Int =
    StatesStudy.main(cells, changes, launches, out, jvms, smoke, fork)
}

/** `./bench lab`'s commands: cli's declarations over this module's studies. */
object LabCommands extends LabCommandLine(Studies)

/** `./bench lab`'s entry point: exit codes and errors as `bench`'s (Main.exitWith). */
object Lab {
  def main(argv: Array[String]): Unit = {
    effectbench.RootLocale.set()
    Main.exitWith("bench lab")(LabCommands.dispatch(argv.toVector))
  }
}
