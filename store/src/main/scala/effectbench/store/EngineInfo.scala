package effectbench.store

/** How the run measures: `rounds` when the paired-rounds engine runs it, else the profile's
  * fixed forks per cell; `confidence` is the level of the run's intervals either way. */
final case class EngineInfo(
    description: String, confidence: Double, rounds: Option[RoundsSettings] = None,
    /** How the measuring thread waited for results (`--wait`; absent in runs before it was recorded: park). */
    resultWait: Option[String] = None
)

/** The paired-rounds engine's settings, as `--resume` needs them to go on measuring alike. */
final case class RoundsSettings(
    precision: Double, minRounds: Int, maxRounds: Int, budgetSeconds: Option[Double] = None,
    confidence: Double, seed: Long, precisionFirst: Boolean = false,
    /** Whether the machine canary checked each fork (runs written before the canary existed: no). */
    canary: Boolean = false,
    /** Relay rounds: a table's JVMs of a round took turns (runs without the field: forks one after another). */
    relay: Boolean = false,
    /** A relay turn's length in seconds when measuring; one table per scenario, variant and mode (`--across-params`). */
    turnSeconds: Option[Double] = None,
    acrossParams: Boolean = false
)
