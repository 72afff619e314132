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
    RootLocale.set()
    Watchdog.start()
    org.openjdk.jmh.Main.main(args)
  }
}

/** Prints the JVM flags JMH gives a measuring JVM it forks, for the runner to give them to a
  * measuring JVM it launches itself (JMH `-f 0`), which JMH gives none: the compiler-blackhole
  * switches and the compile-command file. That file holds JMH's Blackhole hints (the mode detected
  * here, in the JVM that will measure) and the benchmark's own hints (`/META-INF/CompilerHints` of
  * this classpath): jmh-core 1.37 `runner/CompilerHints.java` (addCompilerHints, hintsFile), called
  * by `Runner.getForkedMainCommand`. JMH deletes that file when this JVM exits, so its lines are
  * printed too. Output: `flag <flag>` lines, then `hint <line>` lines. */
object ForkFlags {
  def main(args: Array[String]): Unit = {
    RootLocale.set()
    val command = new java.util.ArrayList[String]()
    org.openjdk.jmh.runner.CompilerHints.addCompilerHints(command)
    val fileFlag = "-XX:CompileCommandFile="
    val it = command.iterator()
    while (it.hasNext) {
      val flag = it.next()
      println("flag " + flag)
      if (flag.startsWith(fileFlag)) {
        val lines = java.nio.file.Files.readAllLines(java.nio.file.Paths.get(flag.substring(fileFlag.length))).iterator()
        while (lines.hasNext) println("hint " + lines.next())
      }
    }
  }
}
