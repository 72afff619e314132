package effectbench.runner

import effectbench.{Outcome, Settings}
import effectbench.store.{CellRecord, Named}
import java.nio.file.Path

/** The outline `run` and `profile` share once their cells are planned: verify every cell's oracle
  * (a cell that fails it is never measured), measure the verified cells one batch at a time, and
  * record each cell as soon as it is done. What measuring is belongs to the command: JMH, a cell
  * whole or a table in rounds, for `run`; JMH under a profiler for `profile`. */
object CellRoutine {

  /** What measuring one cell gave: JMH's outcome and what the command adds to the cell's record. */
  final case class Measured(
      status: Outcome, reason: String, jmh: Option[Path], seconds: Double,
      /** The wrong result the measuring JVM found (status invalid); else the verifier's result stands. */
      got: Option[String] = None,
      /** The round of each fork (rounds engine), empty when the cell was measured whole. */
      rounds: Vector[Int] = Vector.empty,
      /** Profiler output by kind (`profile`). */
      profiles: Vector[(String, Path)] = Vector.empty,
      /** Measured in relay rounds (its forks took turns with the table's other cells). */
      relayed: Boolean = false,
      /** Said under the cell's progress line and kept in its record. */
      notes: Vector[String] = Vector.empty
  )

  object Measured {
    def of(o: JmhCell.Outcome, rounds: Vector[Int] = Vector.empty, relayed: Boolean = false): Measured =
      Measured(o.status, o.reason, o.jmhFile, o.seconds, o.got, rounds, relayed = relayed)
  }

  /** How a command measures: `batch` gets each batch's verified cells at once (the rounds engine
    * measures a table there) and gives how to measure each of them; `okText` is the progress line
    * of a cell that produced a score. */
  trait Measure {
    def batch(verified: Vector[PlannedCell]): PlannedCell => Measured
    def okText(record: CellRecord, m: Measured): String
  }

  /** Verifies, measures and records `batches` (in order, cells in order inside each) into `dir`:
    * each record is appended whole, and `recorded` then sees it (snapshot its source, index it),
    * or neither happens — after Ctrl-C the killed cell is not a result. `manyJvms`: progress lines
    * name each cell's JVM. */
  def apply(
      dir: RunDir, batches: Vector[Vector[PlannedCell]], settings: Settings, modules: Modules, timeout: Long,
      progress: Progress, manyJvms: Boolean, measure: Measure, recorded: CellRecord => Unit
  ): Unit = {
    val cells = batches.flatten
    progress.nameTables(batches)
    // Oracles first, per (group, runtime, JVM) in child JVMs: a cell that fails is never timed.
    progress(EngineEvent.Phase(s"verifying the oracles of ${cells.size} cells"))
    val verdicts = Verifier.all(cells, settings, modules, dir, math.min(timeout, 120L), progress)
    val bad = verdicts.values.count(!_.ok)
    if (bad > 0) progress(EngineEvent.Warning(s"$bad cells failed their oracle and will not be timed"))
    batches.foreach { batch =>
      val verified = batch.filter(c => verdicts((c.id.key, c.jvm.label)).ok)
      val measureCell = if (verified.isEmpty) (_: PlannedCell) => sys.error("no verified cell") else measure.batch(verified)
      batch.foreach { cell =>
        val v = verdicts((cell.id.key, cell.jvm.label))
        val on = if (manyJvms) s" on ${cell.jvm.label}" else ""
        progress(EngineEvent.CellStarted(cell.id.key + on, progress.cellName(cell) + on))
        val m = if (v.ok) measureCell(cell) else Measured(v.status, v.reason, None, 0.0)
        val rec = record(dir, cell, v, m, modules)
        Subprocess.recording {
          dir.appendCell(rec)
          recorded(rec)
        }
        m.notes.foreach(n => progress(EngineEvent.Note(s"          $n")))
        progress(EngineEvent.CellFinished(m.seconds, v.ok && m.status != Outcome.NotMeasured,
            if (m.status.ok) measure.okText(rec, m) else failureText(m.status, m.reason), ok = !m.status.failure))
      }
    }
  }

  /** A cell's progress line when it produced no score: its reason, under its status unless the
    * reason already starts with it ("timed out after ..." for timed-out). */
  def failureText(status: Outcome, reason: String): String =
    if (reason.nonEmpty && reason.startsWith(status.id.takeWhile(_ != '-'))) reason
    else if (reason.isEmpty) status.id
    else s"${status.id}: $reason"

  /** The cells.jsonl record of one cell: what the verifier said, what measuring gave, where the
    * program's source is. */
  def record(dir: RunDir, cell: PlannedCell, v: OracleVerdict, m: Measured, modules: Modules): CellRecord = {
    val info = modules.impl(cell.id.scenario, cell.id.variant, cell.runtime)
    CellRecord(
      cell = cell.id.key,
      jvm = cell.jvm.label,
      jvmPath = cell.jvm.java.toString,
      group = cell.group,
      status = m.status,
      reason = m.reason,
      expected = v.expected,
      got = m.got.getOrElse(v.got),
      jmh = m.jmh.map(p => dir.dir.relativize(p).toString),
      profiles = Named.of(m.profiles.map { case (k, f) => k -> dir.dir.relativize(f).toString }),
      profileNotes = m.notes,
      readBack = Named.of(v.readBack),
      work = Named.of(v.work),
      source = info.map(_.source).getOrElse(""),
      syntax = info.map(_.syntax).getOrElse(""),
      seconds = math.rint(m.seconds * 10) / 10,
      finished = java.time.Instant.now().toString,
      rounds = m.rounds,
      relayed = m.relayed,
      library = v.readBack.collectFirst { case (effectbench.LibraryVersion.ReadBackKey, lv) => lv }
    )
  }
}
