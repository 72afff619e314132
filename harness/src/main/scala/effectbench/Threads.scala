package effectbench

import java.util.concurrent.ThreadFactory
import java.util.concurrent.atomic.AtomicInteger

/** The daemon threads this project starts itself (pools of plain-code runtimes, the verifier's and
  * the tests' program threads, the watchdog). Daemon, so that a hung program or a pool nobody
  * closed never keeps a JVM alive; named, so that the thread-leak test and a profile can tell
  * whose thread it is. Compiled into every group, so written for Scala 2.12 as well. */
object Threads {
  /** Daemon threads named `prefix-1`, `prefix-2`, ...: the prefix is the owner's thread-name signature. */
  def daemon(prefix: String): ThreadFactory = new ThreadFactory {
    private val n = new AtomicInteger()
    def newThread(r: Runnable): Thread = {
      val t = new Thread(r, s"$prefix-${n.incrementAndGet()}")
      t.setDaemon(true)
      t
    }
  }

  /** Starts `body` on a new daemon thread called `name`. */
  def startDaemon(name: String)(body: Runnable): Thread = {
    val t = new Thread(body, name)
    t.setDaemon(true)
    t.start()
    t
  }
}
