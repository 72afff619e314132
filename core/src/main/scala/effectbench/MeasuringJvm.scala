package effectbench

/** How every JVM that runs a cell's program is configured — one definition for JMH's measuring
  * forks, the verifier and the read-back test, so a cell verified is a cell that can be measured
  * and its read-back is the measured runtime's: a verifier with a smaller heap than the measuring
  * JVM failed cells that would have run (scheduler-stress on ox and loom at F = 1,000,000 died of
  * OutOfMemoryError in 1 GiB), and one with a larger heap would pass cells the measurement loses. */
object MeasuringJvm {
  /** The heap of every cell, the same for every runtime so GC pressure is comparable. 2 GiB holds
    * the largest program of the catalog (scheduler-stress on ox and loom: a million virtual
    * threads alive at once), checked with `./bench verify --scenario scheduler-stress`. */
  val heapSize = "2g"
  val heap: Vector[String] = Vector(s"-Xms$heapSize", s"-Xmx$heapSize")

  /** Heap fixed at its size from the start (no resizing inside a measurement), and a 4 MiB thread
    * stack: the verifier always ran cells with it, so the measuring JVM must too (a cell that
    * needed it would pass verify and overflow under JMH). */
  val flags: Vector[String] = heap :+ "-Xss4m"
}
