package effectbench.store

import effectbench.Outcome

/** One line of cells.jsonl: a finished cell, appended as it finishes. */
final case class CellRecord(
    cell: String,
    jvm: String,
    jvmPath: String,
    group: String,
    status: Outcome,
    reason: String = "",
    expected: String = "",
    got: String = "",
    /** JMH's JSON for the cell, relative to the run directory. */
    jmh: Option[String] = None,
    readBack: Named[String] = Named.empty,
    /** The work counted inside the cell's programs (the scheduler family). */
    work: Named[Long] = Named.empty,
    source: String = "",
    syntax: String = "",
    seconds: Double = 0,
    finished: String,
    /** Under the rounds engine, the round each fork came from. */
    rounds: Vector[Int] = Vector.empty,
    /** Measured in relay rounds: each round's forks of the table took turns, one iteration a turn, so
      * its ratios pair them turn against turn. */
    relayed: Boolean = false,
    /** In a merged run, the shard and machine (fingerprint) that measured the cell. */
    shard: Option[Int] = None,
    machine: Option[String] = None,
    /** `bench profile`: flame graphs by event, relative to the run directory, and notes. */
    profiles: Named[String] = Named.empty,
    profileNotes: Vector[String] = Vector.empty,
    /** The library version the cell's classpath holds, read back from the live runtime (the jar's
      * manifest), for the runtimes that report one: a `--lib` cell's version as it ran. */
    library: Option[String] = None
)
