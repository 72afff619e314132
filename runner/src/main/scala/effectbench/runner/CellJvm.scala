package effectbench.runner

import effectbench.Scenario

/** How the JVM that runs a cell's program is configured — one definition for the verifier's JVM
  * and JMH's measuring forks, so a cell verified is a cell that can be measured: a verifier with
  * a smaller heap than the measuring JVM failed cells that would have run, and one with a larger
  * heap would pass cells that the measurement then loses. */
object CellJvm {
  /** The heap of every cell of a scenario: the same for every runtime, so GC pressure is
    * comparable; a scenario whose largest runtime needs more declares its own (Scenario.heap), and
    * reports state it in the table header. */
  val defaultHeap = "2g"
  def heap(scenario: Scenario): String = scenario.heap.getOrElse(defaultHeap)

  /** Heap fixed at its size from the start (no resizing inside a measurement), and a 4 MiB thread
    * stack: the verifier always ran cells with it, so the measuring JVM must too (a cell that
    * needed it would pass verify and overflow under JMH). */
  def flags(scenario: Scenario): Vector[String] = {
    val h = heap(scenario)
    Vector(s"-Xms$h", s"-Xmx$h", "-Xss4m")
  }
}
