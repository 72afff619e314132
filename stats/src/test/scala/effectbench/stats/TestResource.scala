package effectbench.stats

/** A text resource of the stats tests (recorded fork data). */
object TestResource {
  def text(path: String): String = {
    val in = getClass.getResourceAsStream(path)
    assert(in != null, s"$path is a test resource")
    try new String(in.readAllBytes(), "UTF-8")
    finally in.close()
  }
}

/** The tests' launch-state rule where states play no part: every fork in one state. Which forks make
  * a state is analysis's rule (LaunchStates), tested there. */
object OneState {
  val rule: ForkStats.StateRule = fs => Vector(LaunchState(Describe.mean(fs.map(_.mean)), fs.map(_.fork), 1.0))
}
