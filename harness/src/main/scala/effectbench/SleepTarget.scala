package effectbench

/** sleep-drift's side of a runtime: its hogs are hog-probe's, started by that runtime's hog-probe
  * target and bound by its rule on idle hogs, and sleepers that schedule their own events
  * (LoadWindow.expect before each sleep of the runtime's timer, `answer` after it). */
trait SleepTarget {
  /** The runtime's hog-probe side for the same budget: it starts the hogs (its `startHogs`, one
    * starter for both scenarios) and says whether every hog must run (its `everyHogRuns`). */
  def hogs: LoadTarget
  /** Starts sleeper `s`: it sleeps one sleep after another until the window is over (at least
    * once, at most `w.slotsPerSleeper` times), each in event slot `s * w.slotsPerSleeper + i`, then
    * calls `w.sleeperDone()`. */
  def startSleeper(w: LoadWindow, s: Int): Unit

  final def startHogs(w: LoadWindow, n: Int): Unit = hogs.startHogs(w, n)
  final def everyHogRuns: Boolean = hogs.everyHogRuns
}
