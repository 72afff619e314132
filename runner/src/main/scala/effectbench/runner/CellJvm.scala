package effectbench.runner

/** How the JVM that runs a cell's program is configured — one definition for the verifier's JVM
  * and JMH's measuring forks, so a cell verified is a cell that can be measured: a verifier with
  * a smaller heap than the measuring JVM failed cells that would have run (scheduler-stress on ox
  * and loom at F = 1,000,000 died of OutOfMemoryError in 1 GiB), and one with a larger heap would
  * pass cells that the measurement then loses. */
object CellJvm {
  /** The heap of every cell, the same for every runtime so GC pressure is comparable. 2 GiB holds
    * the largest program of the catalog (scheduler-stress on ox and loom: a million virtual
    * threads alive at once), checked with `./bench verify --scenario scheduler-stress`. */
  val heap = "2g"

  /** Heap fixed at its size from the start (no resizing inside a measurement), and a 4 MiB thread
    * stack: the verifier always ran cells with it, so the measuring JVM must too (a cell that
    * needed it would pass verify and overflow under JMH). */
  val flags: Vector[String] = Vector(s"-Xms$heap", s"-Xmx$heap", "-Xss4m")
}
