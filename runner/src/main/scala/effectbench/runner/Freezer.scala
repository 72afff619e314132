package effectbench.runner

import java.io.{BufferedReader, BufferedWriter, InputStreamReader, OutputStreamWriter}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}
import scala.jdk.CollectionConverters._

/** Stops and continues whole processes (SIGSTOP, SIGCONT) for relay rounds: a JVM waiting for its
  * turn is stopped whole — its compiler, its collector, its runtime's pools, hogs included — so that
  * nothing but the JVM in its turn and the referee runs, on every core the run may use.
  *
  * The signals are sent by a small bash process (the keeper) that this one starts and talks to over
  * its standard input and output, so a signal costs a line on a pipe, not a process start. The keeper
  * also outlives the runner: a stopped process cannot notice its referee going away, so when the
  * keeper's input closes without `quit` (the runner was killed, even with `kill -9`), it kills every
  * process it still keeps. SIGKILL ends a stopped process as it ends a running one.
  *
  * Its calls may come from several threads (the launchers keep, the referee stops and continues). */
final class Freezer private (proc: Process, in: BufferedWriter, out: BufferedReader) {
  private var kept = Set.empty[Long]

  private def say(line: String): Boolean = synchronized {
    try {
      in.write(line); in.write('\n'); in.flush()
      out.readLine() == "ok"
    } catch { case _: java.io.IOException => false }
  }

  /** From now on, `pid` is ended should the runner go away without closing this. */
  def keep(pid: Long): Boolean = { synchronized { kept += pid }; say(s"keep $pid") }

  /** `pid` has exited (or is ended otherwise): no longer the keeper's. */
  def forget(pid: Long): Unit = if (synchronized { val had = kept(pid); kept -= pid; had }) { say(s"forget $pid"); () }

  /** Stops `pid` and its descendants, and returns once every thread of each is stopped (or after
    * `Freezer.StopWaitMillis`: a process that exits meanwhile is not waited for). */
  def stop(pid: Long): Boolean = {
    val pids = tree(pid)
    val sent = say("stop " + pids.mkString(" "))
    val until = System.nanoTime() + Freezer.StopWaitMillis * 1000000L
    while (sent && !pids.forall(Freezer.stopped) && System.nanoTime() < until) Thread.sleep(0, 200000)
    sent
  }

  /** Continues `pid` and its descendants. */
  def continue(pid: Long): Boolean = say("cont " + tree(pid).mkString(" "))

  private def tree(pid: Long): Vector[Long] = Freezer.tree(pid)

  /** Continues whatever is still kept (a member that is stopped and still alive would otherwise stay so)
    * and ends the keeper without killing anything. */
  def close(): Unit = {
    val left = synchronized(kept)
    if (left.nonEmpty) say("cont " + left.mkString(" "))
    say("quit")
    try { in.close() }
    catch { case _: java.io.IOException => () }
    if (!proc.waitFor(2, java.util.concurrent.TimeUnit.SECONDS)) proc.destroyForcibly()
    ()
  }

  /** The keeper's pid (the tests end the runner's side of it as `kill -9` would). */
  def keeperPid: Long = proc.pid()
}

object Freezer {

  /** How long `stop` waits at most for every thread of a process to be seen stopped: a thread that
    * is runnable but off its core stops only once it is scheduled again, later on a loaded machine. */
  val StopWaitMillis = 2000L

  /** The keeper: `keep`/`forget` track pids; `stop`/`cont` signal them and answer `ok`; on `quit` it
    * ends; on end of input without `quit` (the runner is gone) it kills every pid it keeps. It ignores
    * SIGINT, SIGTERM and SIGHUP (a Ctrl-C reaches the whole process group, and the runner's own
    * shutdown hook ends its children). */
  private val Script =
    """trap '' INT TERM HUP
      |declare -A kept
      |while IFS=' ' read -r cmd rest; do
      |  case "$cmd" in
      |    keep) kept[$rest]=1 ;;
      |    forget) unset "kept[$rest]" ;;
      |    stop) kill -STOP $rest 2>/dev/null ;;
      |    cont) kill -CONT $rest 2>/dev/null ;;
      |    quit) echo ok; exit 0 ;;
      |  esac
      |  echo ok
      |done
      |for p in "${!kept[@]}"; do kill -KILL "$p" 2>/dev/null; done
      |""".stripMargin

  lazy val bash: Option[Path] = Vector("/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash").map(Paths.get(_)).find(Files.isExecutable(_))

  /** Whether processes can be stopped here: a bash to keep them and Linux's /proc to see them stopped. */
  /** `pid` and every descendant it has now (a JMH host JVM and its fork). */
  def tree(pid: Long): Vector[Long] =
    pid +: ProcessHandle.of(pid).map[Vector[Long]](h => h.descendants().iterator().asScala.map(_.pid()).toVector)
      .orElse(Vector.empty[Long])

  def available: Boolean = bash.isDefined && Files.isDirectory(Paths.get("/proc/self/task"))

  /** Starts a keeper; None where `available` is false or it does not start. */
  def start(): Option[Freezer] = bash.filter(_ => available).flatMap { b =>
    try {
      val p = new ProcessBuilder(b.toString, "-c", Script).redirectError(ProcessBuilder.Redirect.DISCARD).start()
      val f = new Freezer(p, new BufferedWriter(new OutputStreamWriter(p.getOutputStream, StandardCharsets.UTF_8)),
        new BufferedReader(new InputStreamReader(p.getInputStream, StandardCharsets.UTF_8)))
      // A first exchange: the keeper answers before anything relies on it.
      if (f.say("forget 0")) Some(f) else { p.destroyForcibly(); None }
    } catch { case _: java.io.IOException => None }
  }

  /** Whether every thread of `pid` is stopped (state T or t in /proc/PID/task/TID/stat), or the
    * process is gone. */
  def stopped(pid: Long): Boolean = {
    val tasks = Paths.get(s"/proc/$pid/task")
    try {
      val s = Files.list(tasks)
      try s.iterator().asScala.forall(t => stateOf(t.resolve("stat")).forall(c => c == 'T' || c == 't' || c == 'Z' || c == 'X'))
      finally s.close()
    } catch { case _: java.io.IOException => true }
  }

  /** The state letter of a /proc stat file (after the parenthesised name, which may hold spaces). */
  private def stateOf(stat: Path): Option[Char] =
    try {
      val s = new String(Files.readAllBytes(stat), StandardCharsets.US_ASCII)
      val i = s.lastIndexOf(')')
      if (i < 0 || i + 2 >= s.length) None else Some(s.charAt(i + 2))
    } catch { case _: java.io.IOException => None }
}
