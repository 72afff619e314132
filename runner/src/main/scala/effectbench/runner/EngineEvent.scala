package effectbench.runner

/** What the engine tells whoever runs it, typed: the rounds of a table, its forks, its cells, and
  * the lines it says. A run renders them (`Progress`: the status line, the lines on the terminal,
  * the run's log, the narrative with `--verbose`); a tool without a terminal of its own prints their
  * lines (`EngineEvent.Sink.stderr`) or ignores them. */
sealed trait EngineEvent

object EngineEvent {

  /** Where the engine's events go. */
  trait Sink {
    def apply(e: EngineEvent): Unit
  }

  object Sink {
    val ignore: Sink = _ => ()

    /** Each event that says a line (`Said`), as that line; the rest dropped. */
    def lines(out: String => Unit): Sink = {
      case s: Said => s.lines.foreach(out)
      case _ => ()
    }

    /** The lines on stderr: a tool that measures outside a run (FloorCheck, a study). */
    val stderr: Sink = lines(Console.err.println)
  }

  /** An event that says something: its lines for the run's log, in order. */
  sealed trait Said extends EngineEvent {
    def lines: Vector[String]
  }

  /** Said in one line. */
  sealed trait OneLine extends Said {
    def line: String
    def lines: Vector[String] = Vector(line)
  }

  /** The engine's narrative: in the run's log, on the terminal with `--verbose`. */
  final case class Note(line: String) extends OneLine

  /** Something the user needs to know now: always on the terminal. */
  final case class Warning(what: String) extends OneLine {
    def line: String = s"warning: $what"
  }

  /** The run waits for something outside it (another benchmark's lock): always on the terminal. */
  final case class Waiting(what: String) extends OneLine {
    def line: String = s"waiting: $what"
  }

  /** A line of the run's header: what is measured and how, said before measuring. Always shown. */
  final case class Header(line: String) extends OneLine

  /** A step before measuring (verifying the oracles): on the status line and in the log. */
  final case class Phase(line: String) extends OneLine

  /** A table starts its rounds: `table` is its key as the engine names it (`Rounds.Engine.tableOf`).
    * Its first line is narrative; the second goes to the log only. */
  final case class TableStarted(table: String, cells: Vector[PlannedCell]) extends Said {
    def narrative: String = s"measuring ${cells.size} cells of $table in rounds (one fork each per round, shuffled)"
    def logged: String = s"table $table: ${cells.size} cells in rounds"
    def lines: Vector[String] = Vector(narrative, logged)
  }

  /** A table's share of the run's budget, allotted as it starts (RunBudget.allot). */
  final case class TableBudget(table: String, seconds: Double, remaining: Double, tablesLeft: Int) extends OneLine {
    def line: String = f"table $table: budget $seconds%.0f s of the run's $remaining%.0f s left ($tablesLeft tables to go)"
  }

  /** A table is measured in relay rounds; `turns`, the profile its JVMs take turns with, or None for
    * a latency table (one window a turn); `spares`, the measured turns a round may take in place of
    * cycles the machine canary read away. */
  final case class RelayRounds(table: String, turns: Option[MeasureProfile], spares: Int = 0) extends OneLine {
    def line: String = turns match {
      case None =>
        s"table $table: relay rounds (each round's JVMs live at once and take turns, one window a turn, the JVMs out of turn stopped)"
      case Some(t) =>
        f"table $table: relay rounds (each round's JVMs live at once and take turns, one iteration a turn: " +
          f"${t.warmups} warm-up turns of ${t.warmupSeconds}%.2f s, ${t.iterations} measured of ${t.iterationSeconds}%.2f s" +
          (if (spares > 0) s", up to $spares more in place of cycles the machine was away for)" else ")")
    }
  }

  /** Round `round` of table `table` starts with `cells` forks (`relay`: all at once, taking turns,
    * in groups of at most `Rounds.RelayMaxJvms`). Moves the status line only. */
  final case class RoundStarted(table: String, round: Int, cells: Int, relay: Boolean) extends EngineEvent

  /** A measuring JVM (one fork) or a relay group ended. Moves the status line only. */
  case object ForkEnded extends EngineEvent

  /** A table's rounds are done: its one line on the terminal (Progress draws it, with its index and
    * wall time), and this narrative line with why it stopped. A latency table's ratios are its hogs'
    * time per step (what its rounds stop on). */
  final case class TableFinished(table: String, summary: Rounds.TableSummary, latency: Boolean) extends OneLine {
    def line: String = f"$table: ${summary.rounds} rounds, ${summary.seconds}%.0f s, ${summary.stopped}" +
      (if (summary.worstRatioHalfWidth.isNaN) "" else f"; widest ratio ±${summary.worstRatioHalfWidth * 100}%.1f%%")
  }

  /** A cell is about to be measured (or, in rounds, recorded): `what` in full for the log, `short`
    * for the terminal. */
  final case class CellStarted(what: String, short: String) extends EngineEvent

  /** The cell started last is done: `outcome` is its score or why it has none; `measured`, whether
    * its seconds count toward the ETA; `ok` false, a failure the user always sees. */
  final case class CellFinished(seconds: Double, measured: Boolean, outcome: String, ok: Boolean = true) extends EngineEvent
}
