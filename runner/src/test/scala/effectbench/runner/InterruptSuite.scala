package effectbench.runner

import effectbench.Outcome
import effectbench.store.RunStatus

import java.nio.file.{Files, Path, Paths}
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

/** Nothing measured is lost: kill -9 of the runner mid-cell, then --resume; Ctrl-C (SIGINT).
  * The second cell hangs under JMH (fault hang, after=1), so a cell is surely in flight when
  * the runner is killed. */
class InterruptSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 10.minutes

  /** The cells' time limit: the resumed run waits it out on the hanging cell, holding the JMH lock
    * the other runner test JVM waits for, so no longer than an ok smoke fork needs on a loaded machine. */
  private val timeout = 20L

  private def startTwoCells(out: Path): Cli.Running =
    Cli.start("run", "--test-only", "--scenario", "fault", "--variant", "ok,hang", "--param", "after=1",
      "--profile", "smoke", "--timeout", timeout.toString, "--out", out.toString)

  private val okKey = "fault/ok/baseline/after=1/fork"
  private val hangKey = "fault/hang/baseline/after=1/fork"

  /** Waits until the first cell is on disk and the hanging cell's measuring JVM is running (one
    * fork under the smoke profile: the runner launches it directly, JmhCell.direct). */
  private def awaitHangInFlight(out: Path, running: Cli.Running): Path = {
    assert(Cli.eventually(120)(Cli.runDirs(out).headOption.exists(d => Cli.cellRecords(d).nonEmpty)),
      s"the first cell was never recorded:\n${running.err}")
    val dir = Cli.runDirs(out).head
    // A JMH JVM (the first cell is recorded, so it is the hanging cell's), told by a flag before the
    // classpath: the command line the JDK reports may be cut short within a long classpath.
    def measuring = Cli.childrenOf(running.pid).filter(_.info().commandLine().orElse("").contains("-Djmh.ignoreLock=true"))
    assert(Cli.eventually(60)(measuring.nonEmpty), "the hanging cell's measuring JVM never started")
    dir
  }

  test("kill -9 of the runner loses only the cell in flight, its JVMs end, and --resume completes the run without duplicates or gaps") {
    val out = Cli.tempDir("kill9")
    val running = startTwoCells(out)
    val dir = awaitHangInFlight(out, running)
    val children = Cli.childrenOf(running.pid)
    new ProcessBuilder("kill", "-9", running.pid.toString).start().waitFor()
    running.await(30)
    // The orphaned verifier/JMH JVMs notice their runner is gone (harness Watchdog) and end.
    assert(Cli.eventually(30)(children.forall(!_.isAlive)), s"orphaned JVMs still running: ${children.filter(_.isAlive).map(_.pid)}")
    assertEquals(Cli.cellRecords(dir).map(_.cell), Vector(okKey), "only the finished cell is on disk")
    assertEquals(Cli.runMeta(dir).status, RunStatus.Running, "kill -9 runs no hook: run.json still says running")

    val resumed = Cli.start("run", "--resume", dir.toString)
    val r = resumed.await()
    assertEquals(r.exit, 1, r.all) // the hanging cell times out
    assert(r.err.contains("resuming: 1 cells already recorded, 1 to go"), r.err)
    assert(!r.hasStackTrace, r.all)
    val keys = Cli.cellRecords(dir).map(_.cell)
    assertEquals(keys, Vector(okKey, hangKey), "each planned cell exactly once, in plan order")
    val hang = Cli.cellRecords(dir).last
    assertEquals(hang.status, Outcome.TimedOut)
    val meta = Cli.runMeta(dir)
    assertEquals(meta.status, RunStatus.Complete)
    assertEquals(meta.profile.id, "smoke", "the resumed run keeps its profile")
    assertEquals(meta.timeoutSeconds, Some(timeout), "the resumed run keeps its time limit")
    assert(Cli.childrenOf(resumed.pid).isEmpty, "a JVM of the resumed run outlived it")
  }

  test("kill -9 of the runner in the middle of a relay round leaves no measuring JVM behind") {
    val out = Cli.tempDir("kill9-relay")
    // Two cells of one table at the quick profile: their JVMs live at once for a round of about 15 s.
    val running = Cli.start("run", "--scenario", "left-sum", "--runtime", "cats-effect,baseline", "--param", "executed-in=current-thread",
      "--mode", "fork", "--quick", "--rounds", "2", "--turns", "relay", "--out", out.toString)
    def relayJvms =
      Cli.childrenOf(running.pid).filter(_.info().commandLine().orElse("").contains(s"-D${effectbench.RelayProtocol.Property}="))
    assert(Cli.eventually(120)(relayJvms.size >= 2), s"no relay round in flight:\n${running.err}")
    val children = Cli.childrenOf(running.pid)
    new ProcessBuilder("kill", "-9", running.pid.toString).start().waitFor()
    running.await(30)
    assert(Cli.eventually(30)(children.forall(!_.isAlive)), s"orphaned JVMs still running: ${children.filter(_.isAlive).map(_.pid)}")
  }

  /** Whether this JVM was started with SIGINT ignored — as every process under a background job
    * of a non-interactive shell is (`cmd &` sets SIGINT and SIGQUIT to SIG_IGN), and children
    * inherit it. HotSpot then installs no handler for it (JVM_RegisterSignal returns without
    * installing one for an ignored shutdown signal), so Ctrl-C cannot reach the runner there. */
  private def sigintIgnored: Boolean =
    Files.readAllLines(Paths.get("/proc/self/status")).asScala.find(_.startsWith("SigIgn:"))
      .exists(l => (java.lang.Long.parseUnsignedLong(l.drop("SigIgn:".length).trim, 16) & (1L << (2 - 1))) != 0)

  test("Ctrl-C (SIGINT) kills the cell's JVMs, records nothing half-done, marks the run interrupted and says how to resume") {
    assume(!sigintIgnored, "SIGINT is ignored in this test's process (started as a background job?): Ctrl-C cannot be delivered here")
    val out = Cli.tempDir("sigint")
    val running = startTwoCells(out)
    val dir = awaitHangInFlight(out, running)
    val children = Cli.childrenOf(running.pid)
    new ProcessBuilder("kill", "-INT", running.pid.toString).start().waitFor()
    val r = running.await(60)
    // Killed by the runner's hook (SIGKILL); give the kernel a moment to reap them.
    assert(Cli.eventually(10)(children.forall(!_.isAlive)),
      s"JVMs still running after Ctrl-C: ${children.filter(_.isAlive).map(h => s"${h.pid} ${h.info.commandLine.orElse("")}".take(300))}")
    assertNotEquals(r.exit, 0)
    assert(!r.hasStackTrace, r.all)
    assert(r.err.contains("interrupted: 1 of 2 cells are recorded in"), r.err)
    assert(r.err.contains(s"./bench run --resume $dir"), r.err)
    assertEquals(Cli.cellRecords(dir).map(_.cell), Vector(okKey), "the killed cell is not recorded")
    assertEquals(Cli.runMeta(dir).status, RunStatus.Interrupted)
  }
}
