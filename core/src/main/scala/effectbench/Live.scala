package effectbench

/** A runtime started under a settings profile, ready to run programs. Each runtime writes one
  * (its profiles, entry modes and run-to-completion live there, not in every scenario). */
trait Live {
  /** The settings read back from the live runtime, not just those requested. */
  def readBack: Vector[(String, String)]
  def close(): Unit
}
