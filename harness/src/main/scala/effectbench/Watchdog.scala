package effectbench

/** Ends a child JVM whose runner is gone. The runner passes its own pid as
  * `-Deffectbench.runnerPid`; a runner killed with `kill -9` runs no shutdown hook, so without
  * this its verifier and JMH JVMs (a hung cell's among them) would keep running as orphans. */
object Watchdog {
  val property = "effectbench.runnerPid"
  private var started = false

  def start(): Unit = synchronized {
    if (!started) {
      started = true
      val pid =
        try Option(System.getProperty(property)).map(_.trim.toLong)
        catch { case _: NumberFormatException => None }
      pid.foreach { p =>
        val handle = ProcessHandle.of(p)
        Threads.startDaemon("effectbench-watchdog")(new Runnable {
          def run(): Unit = {
            // The handle remembers the process's start time, so a recycled pid does not count as alive.
            while (handle.isPresent && handle.get.isAlive) Thread.sleep(500)
            System.err.println(s"effectbench: the runner (pid $p) is gone; ending this JVM")
            Runtime.getRuntime.halt(143)
          }
        })
      }
    }
  }
}

/** JMH's own main behind the watchdog: the runner launches this as the JMH host JVM. */
object JmhMain {
  def main(args: Array[String]): Unit = {
    Watchdog.start()
    org.openjdk.jmh.Main.main(args)
  }
}
