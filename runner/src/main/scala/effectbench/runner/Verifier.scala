package effectbench.runner

import effectbench.{MeasuringJvm, Outcome, Settings, VerifyRecord}
import effectbench.store.{FormatError, RunFiles}
import effectbench.store.Codecs.given
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** What the oracle check said about one cell. */
final case class OracleVerdict(
    key: String, status: Outcome, expected: String, got: String, reason: String,
    readBack: Vector[(String, String)], millis: Double,
    /** The work counted inside the cell's programs (the scheduler family), empty where nothing counts it. */
    work: Vector[(String, Long)] = Vector.empty
) {
  def ok: Boolean = status.ok
}

/** Runs the oracles of a batch of cells of one group, runtime and JVM in a child JVM of that
  * module (VerifyMain), with the runtime's profile properties, so the settings read back are
  * those the measured cell will have.
  *
  * A cell can take that JVM down (System.exit, a hang past its time limit, a crash): the cell
  * in flight gets the reason, and the cells after it are checked in a fresh JVM. */
object Verifier {
  /** The verifier's JVM, configured as JMH's measuring fork is (MeasuringJvm). */
  def jvmCommand(jvm: Jvm, settings: Settings, runtime: String, classpath: String, main: String): Vector[String] =
    jvm.launcher ++ Vector(jvm.java.toString) ++ JmhCell.measuringFlags(jvm, settings, runtime) ++ Vector("-cp", classpath, main)

  /** Verifies `cells` in batches of one group, runtime and JVM (one child JVM each, logged in the
    * run directory); the verdicts by (cell key, JVM label). */
  def all(
      cells: Vector[PlannedCell], settings: Settings, modules: Modules, dir: RunDir, perCellTimeout: Long,
      events: EngineEvent.Sink
  ): Map[(String, String), OracleVerdict] = {
    val batches = cells.groupBy(c => (c.module, c.runtime, c.jvm.label)).toVector
    // Two verifier JVMs at a time: nothing is timed here, and a JVM's start leaves a core idle part of the time.
    val pool = java.util.concurrent.Executors.newFixedThreadPool(VerifierJvms)
    try {
      val pending = batches.map { case ((_, runtime, jvmLabel), batch) =>
        pool.submit(new java.util.concurrent.Callable[Vector[((String, String), OracleVerdict)]] {
          def call(): Vector[((String, String), OracleVerdict)] = {
            val lib = batch.head.build.fold("")(b => s" ($b)")
            events(EngineEvent.Note(s"verifying ${batch.size} cells of $runtime$lib on $jvmLabel ..."))
            val vs = run(batch, settings, modules, dir.logFile(s"verify-$runtime-${batch.head.build.fold("")(_ + "-")}$jvmLabel"),
              perCellTimeout)
            batch.map(c => (c.id.key, c.jvm.label) -> vs(c.id.key))
          }
        })
      }
      pending.flatMap { f =>
        try f.get()
        catch { case e: java.util.concurrent.ExecutionException => throw e.getCause }
      }.toMap
    } finally pool.shutdownNow()
  }

  /** Verifier JVMs run at once. */
  val VerifierJvms = 2

  def run(cells: Vector[PlannedCell], settings: Settings, modules: Modules, log: Path, perCellTimeout: Long): Map[String, OracleVerdict] = {
    val verdicts = scala.collection.mutable.LinkedHashMap.empty[String, OracleVerdict]
    var remaining = cells
    while (remaining.nonEmpty) {
      val (got, lastFatal, done) = batch(remaining, settings, modules, log, perCellTimeout)
      got.foreach(v => verdicts(v.key) = v)
      val missing = remaining.filterNot(c => verdicts.contains(c.id.key))
      remaining =
        if (missing.isEmpty) Vector.empty
        else if (lastFatal) missing // the JVM ended after saying why; the rest were not reached
        else {
          // The JVM died inside the first cell without a verdict, without a word: blame that cell.
          val c = missing.head
          val why =
            if (done.timedOut) s"timed out after ${perCellTimeout} s while verifying"
            else
              s"failed: the verifier JVM ended (exit code ${done.exit}) while checking this cell${telling(log).map(": " + _).getOrElse("")} (see logs/${log.getFileName})"
          verdicts(c.id.key) =
            OracleVerdict(c.id.key, if (done.timedOut) Outcome.TimedOut else Outcome.Failed, "", "", why, Vector.empty, 0)
          missing.tail
        }
    }
    verdicts.toMap
  }

  /** One verifier JVM over `cells`, in order: the verdicts it printed, whether the last one
    * ended the JVM (a timeout or System.exit), and how the process ended. */
  private def batch(
      cells: Vector[PlannedCell], settings: Settings, modules: Modules, log: Path,
      perCellTimeout: Long
  ): (Vector[OracleVerdict], Boolean, Finished) = {
    val head = cells.head
    val module = modules.of(head)
    val cmd = jvmCommand(head.jvm, settings, head.runtime, module.classpath, "effectbench.VerifyMain") ++
      Vector("--settings", settings.id, "--timeout", perCellTimeout.toString) ++ cells.map(_.id.key)
    val out = Vector.newBuilder[OracleVerdict]
    @volatile var lastFatal = false
    val done = Subprocess.run(cmd, log, perCellTimeout * cells.size + 60,
      line => {
        // VerifyMain prints its verdicts as JSON objects (Wire); anything else is the program's own output.
        if (line.startsWith("{\"cell\"")) {
          val r = RunFiles.decode[VerifyRecord](line, s"the verifier's output ($log)")
          val v = OracleVerdict(r.cell, r.status, r.expected, r.got, r.reason, r.readBack, r.millis.toDouble, r.work)
          out.synchronized { out += v }
          lastFatal = r.fatal
        }
      })
    (out.synchronized(out.result()), lastFatal, done)
  }

  /** The last error line of a verifier log (e.g. a JVM crash or an OutOfMemoryError). */
  private def telling(log: Path): Option[String] =
    if (!Files.isRegularFile(log)) None
    else new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split('\n').toVector.reverse
      .find(l => l.contains("Error") || l.contains("Exception")).map(_.trim.take(200))
}
