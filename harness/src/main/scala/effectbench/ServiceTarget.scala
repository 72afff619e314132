package effectbench

/** service's side of a runtime: a fresh window's semaphore, and one request. */
trait ServiceTarget {
  /** Called on the client thread before the window's clock starts: the window's semaphore of
    * `permits` permits, made anew so no window inherits another's queue. */
  def startWindow(permits: Int): Unit

  /** Submits request `k` of `s` to the runtime from the client thread: a fiber that serves it,
    * calls `w.timedOut(k)` when its raced backend lost to the timeout, and `w.answer(k)` to respond. */
  def submit(w: LoadWindow, s: ServiceModel.Schedule, k: Int): Unit
}
