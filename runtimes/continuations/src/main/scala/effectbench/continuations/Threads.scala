package effectbench.continuations

import java.util.concurrent.ThreadFactory
import java.util.concurrent.atomic.AtomicInteger

object Threads {
  /** Daemon threads named after their runtime, so a leak test can tell whose pool a thread is. */
  def daemon(prefix: String): ThreadFactory = new ThreadFactory {
    private val n = new AtomicInteger()
    def newThread(r: Runnable): Thread = {
      val t = new Thread(r, s"$prefix-${n.incrementAndGet()}")
      t.setDaemon(true)
      t
    }
  }
}
