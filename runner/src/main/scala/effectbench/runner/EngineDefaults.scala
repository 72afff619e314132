package effectbench.runner

/** The rounds engine's defaults where a command line leaves them open (the CLI's engine flags, the
  * headline, the machine probe), and the engine's account of itself for the run's log and run.json. */
object EngineDefaults {
  /** The precision target of each profile: quick decides coarser ratios in less time. */
  def precision(profile: MeasureProfile): Double = if (profile.id == "quick" || profile.id == "smoke") 0.10 else 0.05
  val minRounds = 3
  val maxRounds = 12

  def describe(e: Rounds.Engine): String =
    (if (e.relay)
       f"relay rounds (a table's JVMs of a round live at once and take turns, one iteration a turn of about ${e.turnSeconds * 1000}%.0f ms, in an order shuffled every cycle; " +
         s"a multi-fiber table on every core the run may use (${Cpus.relayCount}), a single-fiber one (${Cpus.SingleFiber.map(_.id).toVector.sorted.mkString(", ")}) on one, " +
         s"every JVM out of its turn stopped whole, each with ${Relay.jvmFlags.mkString(" ")}; " +
         "a ratio is the Hodges–Lehmann centre of one cell's turns over the other's in the same cycles, its interval over the rounds, their spread drawn up towards that of the table's other relayed ratios when narrower (an empirical Bayes prior, three ratios or more); latency tables: one window a turn; "
     else "") +
      f"paired rounds (one fork per cell per round, shuffled, seed ${e.seed}; after the first ${e.minRounds} only the cells whose ratio is open, " +
      "with the fastest, twice while two ratios are open; under a budget, the open ratios it can still settle, nearest first, as many as fit; a cell with launch states until each state has " +
      s"${Rounds.MinStateForks} forks; from round ${Rounds.ShapeFromRound} the forks of a round share one length, from the cells' between- and within-fork variance); " + f"rounds ${e.minRounds}–${e.maxRounds}; " +
      (if (e.precisionFirst)
         f"stop when every ratio against the fastest is within ±${e.precision * 100}%.0f%% at ${e.confidence * 100}%.0f%%"
       else
         f"stop when every ratio against the fastest is decided by more than ±${e.precision * 100}%.0f%% (its interval outside [1/(1+P), 1+P]) or within ±${e.precision * 100}%.0f%% at ${e.confidence * 100}%.0f%%") +
      e.runBudget.map(rb => f", or when the table's share of the run's budget (${rb.totalSeconds}%.0f s, shared by the tables) is spent")
        .orElse(e.budgetSeconds.map(b => f", or after $b%.0f s per table")).getOrElse("") +
      (if (e.canary)
         (if (e.relay)
            f"; the machine read before each cycle of a relay round (the round trip of a cache line between two cores); a cycle with a reading on either side over ${MachineCanary.SlowFactor + 1}%.0f times its usual loses every cell's turn in it, a round left with fewer than half its cycles is set aside, in no estimate, and later rounds measure its cells again"
          else
            f"; the machine read before and after each fork (the round trip of a cache line between two cores); a fork with a reading over ${MachineCanary.SlowFactor + 1}%.0f times its usual is set aside, in no estimate, and later rounds measure its cell again")
       else "")

  /** The result wait of a run, as its log and run.json say it. */
  def waitText(w: effectbench.ResultWait.Strategy): String = "result wait: " + effectbench.ResultWait.describe(w)
}
