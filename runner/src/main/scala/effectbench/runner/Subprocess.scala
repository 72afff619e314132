package effectbench.runner

import java.nio.file.Path
import scala.jdk.CollectionConverters._

/** Outcome of a child process: its exit code, or that it was killed at its time limit. */
final case class Finished(exit: Int, timedOut: Boolean, seconds: Double)

/** Child processes with a time limit, started through os-lib (`os.proc(...).spawn`). A child that
  * exceeds its limit is killed with all its descendants (JMH's forked JVMs), so a deadlocked cell
  * never hangs a run.
  *
  * On Ctrl-C (or a plain kill) the shutdown hook marks the runner as stopping, then kills every
  * live child tree. Once stopping, no new child starts and no cell is recorded (see `recording`):
  * the cell the hook killed was not measured, and `--resume` runs it again. Children also get the
  * runner's pid (`-Deffectbench.runnerPid`, see harness Watchdog) and end themselves when the
  * runner dies without running its hooks (kill -9). */
object Subprocess {
  private val live = java.util.concurrent.ConcurrentHashMap.newKeySet[os.SubProcess]()
  private val lock = new Object
  @volatile private var stoppingNow = false

  /** The JVM flag that lets a child watch this runner. */
  def watchFlag: String = s"-Deffectbench.runnerPid=${ProcessHandle.current().pid()}"

  /** Stops starting children and kills the live ones. Idempotent; called by the shutdown hook. */
  def stopAll(): Unit = {
    lock.synchronized { stoppingNow = true }
    val procs = live.asScala.toVector.map(_.wrapped)
    val tree = procs.flatMap(p => p.toHandle +: p.toHandle.descendants().iterator().asScala.toVector)
    procs.foreach(killTree)
    // Wait (briefly) until they are gone, so that nothing of this run outlives it.
    val until = System.nanoTime() + 5000000000L
    tree.foreach(h => while (h.isAlive && System.nanoTime() < until) Thread.sleep(20))
  }

  // Ctrl-C or kill of the runner: take the cell's JVMs down with it.
  Runtime.getRuntime.addShutdownHook(new Thread(() => stopAll(), "effectbench-kill-children"))

  /** Runs `body` (recording a finished cell) only while not stopping, and keeps the hook from
    * starting in the middle of it: a cell is recorded whole, or not at all. */
  def recording(body: => Unit): Boolean = lock.synchronized {
    if (stoppingNow) false else { body; true }
  }

  /** The runner is shutting down: wait here for the JVM to end instead of starting more work. */
  private def parkForever(): Nothing = {
    while (true) Thread.sleep(60000)
    throw new IllegalStateException("unreachable")
  }

  /** Kills a child and every descendant. The descendants are listed before the parent dies: once
    * it is gone its children are re-parented and no longer its descendants. (os-lib's own
    * `SubProcess.destroy(recursive = true)` walks `children()` after destroying each parent
    * (os-lib 0.11.8, os/src/SubProcess.scala, `destroy`), which on Linux misses the JMH forks of a
    * killed host; so the tree is taken here.) */
  def killTree(p: Process): Unit = {
    val h = p.toHandle
    // Stop the parent first so it forks nothing new, then its descendants.
    val kids = h.descendants().iterator().asScala.toVector
    p.destroyForcibly()
    kids.foreach(_.destroyForcibly())
    h.descendants().iterator().asScala.foreach(_.destroyForcibly())
  }

  /** Runs `cmd` with `env` added to this process's environment, sending stdout and stderr to `log`
    * (appended), and each stdout line to `onLine`. With a `directory`, it runs there with nothing
    * on its standard input (a build tool that would otherwise wait for a command). */
  def run(
      cmd: Seq[String], log: Path, timeoutSeconds: Long, onLine: String => Unit = _ => (), env: Map[String, String] = Map.empty,
      directory: Option[Path] = None, onStart: Process => Unit = _ => ()
  ): Finished = {
    val started = System.nanoTime()
    val writer = new java.io.PrintWriter(new java.io.FileWriter(log.toFile, true))
    val lines = os.ProcessOutput.Readlines { line =>
      writer.println(line); writer.flush()
      try onLine(line)
      catch { case _: Throwable => () }
    }
    val p = lock.synchronized {
      if (stoppingNow) None
      else {
        // stderr joins stdout; this runner's own hook kills children (destroyOnExit = false: no hook per child).
        val sub = directory match {
          case Some(d) =>
            os.proc(cmd).spawn(cwd = os.Path(d.toAbsolutePath), env = env, stdin = os.Path("/dev/null"), stdout = lines,
              mergeErrIntoOut = true, destroyOnExit = false)
          case None => os.proc(cmd).spawn(env = env, stdout = lines, mergeErrIntoOut = true, destroyOnExit = false)
        }
        live.add(sub)
        onStart(sub.wrapped)
        Some(sub)
      }
    }.getOrElse { writer.close(); parkForever() }
    try {
      val done = p.waitFor(timeoutSeconds * 1000)
      if (!done) killTree(p.wrapped)
      p.waitFor(10 * 1000)
      // The line reader ends with the output; a grandchild that keeps the pipe open is not waited for.
      p.outputPumperThread.foreach(_.join(5000))
      if (stoppingNow) parkForever()
      Finished(if (done) p.exitCode() else -1, !done, (System.nanoTime() - started) / 1e9)
    } finally {
      live.remove(p)
      writer.close()
    }
  }

  /** Runs a short command in `dir` (stderr joined to stdout) and gives its trimmed output when it
    * exits 0 within `timeoutSeconds`. */
  def output(dir: Path, cmd: Seq[String], timeoutSeconds: Long = 60): Option[String] =
    try {
      val r = os.proc(cmd).call(cwd = os.Path(dir.toAbsolutePath), mergeErrIntoOut = true, check = false,
        timeout = timeoutSeconds * 1000)
      if (r.exitCode == 0) Some(r.out.text().trim) else None
    } catch { case _: Exception => None }
}
