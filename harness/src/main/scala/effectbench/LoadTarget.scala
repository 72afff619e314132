package effectbench

/** One runtime's side of a latency window: how it starts a hog and submits a probe. Everything
  * else of the window — the schedule, the client thread, the clock, the recording — is LoadWindow's,
  * the same code for every runtime. */
trait LoadTarget {
  /** Starts one hog on the runtime; it runs chains until `w.stopped`, then calls `w.hogDone`. */
  def startHog(w: LoadWindow): Unit

  /** Submits event `k` to the runtime from the client thread: a fiber that calls `w.answer(k)`. */
  def submit(w: LoadWindow, k: Int): Unit

  /** Starts the window's `n` hogs: one `startHog` each, unless the runtime needs them started otherwise. */
  def startHogs(w: LoadWindow, n: Int): Unit = { var i = 0; while (i < n) { startHog(w); i += 1 } }

  /** Whether every hog must run at least one chain (in most windows: WindowProgram.checkWindows): a
    * runtime that yields on its own runs them all; a pool that runs a task to its end (plain threads,
    * virtual threads) runs as many as its threads. */
  def everyHogRuns: Boolean = true
}
