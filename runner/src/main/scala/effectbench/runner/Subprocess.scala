package effectbench.runner

import java.io.File
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import scala.jdk.CollectionConverters._

/** Outcome of a child process: its exit code, or that it was killed at its time limit. */
final case class Finished(exit: Int, timedOut: Boolean, seconds: Double)

/** Child processes with a time limit. A child that exceeds it is killed with all its
  * descendants (JMH's forked JVMs), so a deadlocked cell never hangs a run. */
object Subprocess {
  private val live = java.util.concurrent.ConcurrentHashMap.newKeySet[Process]()

  // Ctrl-C or kill of the runner: take the cell's JVMs down with it.
  Runtime.getRuntime.addShutdownHook(new Thread(() => live.asScala.foreach(killTree)))

  def killTree(p: Process): Unit = {
    p.toHandle.descendants().iterator().asScala.foreach(_.destroyForcibly())
    p.destroyForcibly()
  }

  /** Runs `cmd`, sending stdout and stderr to `log` (appended), and each stdout line to `onLine`. */
  def run(cmd: Seq[String], log: Path, timeoutSeconds: Long, onLine: String => Unit = _ => ()): Finished = {
    val started = System.nanoTime()
    val pb = new ProcessBuilder(cmd.asJava).redirectErrorStream(true)
    val p = pb.start()
    live.add(p)
    val writer = new java.io.PrintWriter(new java.io.FileWriter(log.toFile, true))
    val pump = new Thread(() => {
      val in = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream))
      try {
        var line = in.readLine()
        while (line != null) {
          writer.println(line); writer.flush()
          try onLine(line) catch { case _: Throwable => () }
          line = in.readLine()
        }
      } catch { case _: java.io.IOException => () }
    }, "subprocess-output")
    pump.setDaemon(true)
    pump.start()
    try {
      val done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS)
      if (!done) killTree(p)
      p.waitFor(10, TimeUnit.SECONDS)
      pump.join(5000)
      Finished(if (done) p.exitValue() else -1, !done, (System.nanoTime() - started) / 1e9)
    } finally {
      live.remove(p)
      writer.close()
    }
  }

  def classpathArgs(cp: String): Vector[String] = Vector("-cp", cp)
  val sep: String = File.pathSeparator
}
