package effectbench.scala213

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

  /** The size of a pool, when it is a ThreadPoolExecutor. */
  def describe(pool: java.util.concurrent.Executor): String = pool match {
    case t: java.util.concurrent.ThreadPoolExecutor => s"${t.getClass.getSimpleName} of ${t.getMaximumPoolSize} threads"
    case other => other.getClass.getName
  }
}
