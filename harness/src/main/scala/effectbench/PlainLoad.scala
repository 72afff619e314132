package effectbench

/** The hogs and the probe target of a runtime that is a plain executor (baseline's fixed pool, a
  * virtual thread per task): a hog is one task that runs chains of opaque steps (deep-bind's floor
  * step) until the window's flag, and a probe is one task that answers. An executor thread has no
  * preemption, so the probes queued behind the hogs wait for them (the reference point). */
object PlainLoad {
  /** A chain of `i` opaque steps after `n`, returning the steps it made. */
  def step(i: Long, n: Long): Long = {
    var j = i
    var m = n
    while (j > 0) {
      org.openjdk.jmh.infra.Blackhole.consumeCPU(0)
      j -= 1
      m += 1
    }
    org.openjdk.jmh.infra.Blackhole.consumeCPU(0)
    m
  }

  def hog(w: LoadWindow): Unit = {
    var chains = 0L
    var steps = 0L
    while (!w.stopped) {
      steps += step(w.chain, 0)
      chains += 1
    }
    w.hogDone(chains, steps)
  }

  final class ExecutorTarget(executor: java.util.concurrent.Executor) extends LoadTarget {
    def startHog(w: LoadWindow): Unit = executor.execute(() => hog(w))
    def submit(w: LoadWindow, k: Int): Unit = executor.execute(() => w.answer(k))
    override def everyHogRuns: Boolean = false
  }
}
