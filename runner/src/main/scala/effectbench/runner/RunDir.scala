package effectbench.runner

import effectbench.store.{CellRecord, FormatError, RunFiles, RunMeta}
import java.nio.channels.FileChannel
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, StandardOpenOption}

/** A run directory: run.json (metadata), cells.jsonl (one line per finished cell, appended and
  * forced to disk as each cell finishes), jmh/ (JMH's own JSON), logs/ and run.log (Progress). The directory is the
  * truth; the database is an index of it. */
final class RunDir(val dir: Path) {
  val runJson: Path = dir.resolve("run.json")
  val cellsFile: Path = dir.resolve("cells.jsonl")
  val jmhDir: Path = dir.resolve("jmh")
  val logDir: Path = dir.resolve("logs")
  /** What the run said, in full (Progress): the terminal shows a status line and a line per table. */
  val runLog: Path = dir.resolve("run.log")

  def create(): Unit = {
    Files.createDirectories(jmhDir)
    Files.createDirectories(logDir)
    if (!Files.exists(cellsFile)) Files.createFile(cellsFile)
  }

  /** Writes run.json atomically (temp file + rename), so a crash never leaves half of it. */
  def writeMeta(meta: RunMeta): Unit = {
    val tmp = dir.resolve("run.json.tmp")
    naming(runJson) {
      try {
        Files.write(tmp, RunFiles.metaJson(meta).getBytes(StandardCharsets.UTF_8))
        Files.move(tmp, runJson, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE)
      } finally Files.deleteIfExists(tmp)
    }
  }

  /** A full or failing disk is reported with the file it hit, in one line. */
  private def naming[A](file: Path)(body: => A): A =
    try body
    catch { case e: java.io.IOException => throw new java.io.IOException(s"cannot write $file: ${e.getMessage}", e) }

  /** Appends one finished cell and forces it to disk before the next cell starts. */
  def appendCell(record: CellRecord): Unit = synchronized {
    naming(cellsFile) {
      val ch = FileChannel.open(cellsFile, StandardOpenOption.APPEND, StandardOpenOption.CREATE, StandardOpenOption.WRITE)
      try {
        ch.write(java.nio.ByteBuffer.wrap((RunFiles.cellLine(record) + "\n").getBytes(StandardCharsets.UTF_8)))
        ch.force(true)
      } finally ch.close()
    }
  }

  /** Cells already finished, as (cell key, jvm label): what --resume skips. A torn last line
    * (the runner killed mid-write) is ignored; that cell runs again. */
  def finished: Set[(String, String)] =
    if (!Files.exists(cellsFile)) Set.empty
    else new String(Files.readAllBytes(cellsFile), StandardCharsets.UTF_8).split('\n').toVector
      .filter(_.trim.nonEmpty)
      .flatMap(l =>
        try Some(RunFiles.readCell(l, cellsFile.toString))
        catch { case _: FormatError => None }
      )
      .map(r => (r.cell, r.jvm)).toSet

  /** A torn last line would corrupt the next append; cut the file back to its last newline. */
  def repairTail(): Unit = if (Files.exists(cellsFile)) {
    val bytes = Files.readAllBytes(cellsFile)
    val end = bytes.lastIndexOf('\n'.toByte) + 1
    if (end != bytes.length) {
      val ch = FileChannel.open(cellsFile, StandardOpenOption.WRITE)
      try ch.truncate(end.toLong)
      finally ch.close()
    }
  }

  private var held: Option[(FileChannel, java.nio.channels.FileLock)] = None

  /** One runner per run directory: a second `--resume` of a directory being run (or a run and
    * its resume at once) would record cells twice. The OS drops the lock when the process dies,
    * even by kill -9, so a crashed run can always be resumed. */
  def lockOrFail(): Unit = if (held.isEmpty) {
    val lockFile = dir.resolve(".lock")
    val ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ)
    val lock =
      try ch.tryLock()
      catch { case _: java.nio.channels.OverlappingFileLockException => null }
    if (lock == null) {
      val owner =
        try new String(Files.readAllBytes(lockFile), StandardCharsets.UTF_8).trim
        catch { case _: Exception => "" }
      ch.close()
      UsageError(s"$dir is being run by another bench process${if (owner.nonEmpty) s" (pid $owner)" else ""}; wait for it to finish")
    }
    ch.truncate(0)
    ch.write(java.nio.ByteBuffer.wrap(ProcessHandle.current().pid().toString.getBytes(StandardCharsets.UTF_8)))
    held = Some((ch, lock))
  }

  def jmhFile(slug: String, jvm: Jvm): Path = jmhDir.resolve(s"${RunDir.safe(jvm.label)}--$slug.json")
  def logFile(name: String): Path = logDir.resolve(RunDir.safe(name) + ".log")
}

object RunDir {
  def safe(s: String): String = s.map(c => if (c.isLetterOrDigit || c == '-' || c == '.' || c == '_') c else '_')

  /** A new run directory name: time, then what was selected, unique even for concurrent runs. */
  def fresh(results: Path, scope: String): RunDir = {
    val stamp = java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
    Files.createDirectories(results)
    var n = 0
    var made: Path = null
    while (made == null) {
      val name = s"$stamp-${safe(scope).take(40)}" + (if (n == 0) "" else s"-$n")
      val candidate = results.resolve(name)
      try { Files.createDirectory(candidate); made = candidate }
      catch { case _: java.nio.file.FileAlreadyExistsException => n += 1 }
    }
    val rd = new RunDir(made)
    rd.create()
    rd
  }
}
