package effectbench.store

import effectbench.Params
import effectbench.store.Codecs.given
import java.nio.file.{Files, Path}
import java.sql.{Connection, DriverManager, PreparedStatement, SQLException}
import scala.jdk.CollectionConverters._

/** One indexed cell of one run, as `history` reads it back. */
final case class HistoryRow(
    runId: String,
    started: String,
    status: String,
    gitRevision: String,
    gitDirty: Boolean,
    profile: String,
    settings: String,
    libraries: Named[String],
    cell: String,
    jvm: String,
    runtime: String,
    cellStatus: String,
    reason: String,
    score: Option[Double],
    error: Option[Double],
    unit: String,
    alloc: Option[Double],
    /** `--lib`: the version label of the cell (its key after `@`, e.g. `2.1.26#2`); empty for a
      * cell of the build's own version. */
    lib: String = "",
    /** The library version the cell's runtime read back from its jar (cells.jsonl's `library`);
      * empty for runtimes that report none, and in runs recorded before it was. */
    library: String = ""
)

/** The SQLite index of a results directory (`<results>/index.db`). The run directories are the
  * truth; the index is rebuilt from them by `reindex` and updated as each cell is recorded.
  * Several runs may write at once: WAL journal, immediate write transactions and a busy timeout;
  * a writer that has to wait says why on stderr. */
final class Index(val results: Path, log: String => Unit = s => Console.err.println(s)) {
  val dbFile: Path = results.resolve("index.db")

  /** How long one attempt waits for the write lock before saying so (then it keeps waiting). */
  var quietWaitMillis: Int = 3000
  var maxWaitMillis: Long = 10 * 60 * 1000L

  private def open(): Connection = {
    Class.forName("org.sqlite.JDBC")
    Files.createDirectories(results)
    val c = DriverManager.getConnection("jdbc:sqlite:" + dbFile.toAbsolutePath)
    val st = c.createStatement()
    try {
      st.execute(s"PRAGMA busy_timeout = $quietWaitMillis")
      retrying("switch the index to WAL")(st.execute("PRAGMA journal_mode = WAL"))
      st.execute("PRAGMA synchronous = NORMAL")
    } finally st.close()
    c
  }

  private def busy(e: SQLException): Boolean = {
    val m = Option(e.getMessage).getOrElse("")
    m.contains("SQLITE_BUSY") || m.contains("database is locked") || e.getErrorCode == 5
  }

  /** Runs `body`, retrying while another process holds the lock, telling the user after the first wait. */
  private def retrying[A](what: String)(body: => A): A = {
    val start = System.currentTimeMillis()
    var told = false
    var result: Option[A] = None
    while (result.isEmpty) {
      try result = Some(body)
      catch {
        case e: SQLException if busy(e) =>
          val waited = System.currentTimeMillis() - start
          if (waited > maxWaitMillis)
            throw new SQLException(s"$dbFile: still locked by another writer after ${waited / 1000}s; gave up trying to $what", e)
          if (!told) {
            log(
              s"bench: $dbFile is locked by another writer (another bench run or reindex on this results directory); waiting to $what ..."
            )
            told = true
          }
          Thread.sleep(50)
      }
    }
    if (told) log(s"bench: got the index lock after ${(System.currentTimeMillis() - start) / 1000.0}s")
    result.get
  }

  /** A write transaction (BEGIN IMMEDIATE takes the write lock up front, so it never deadlocks halfway). */
  def write[A](what: String)(body: Connection => A): A = {
    val c = open()
    try {
      createSchema(c)
      retrying(what) {
        val st = c.createStatement()
        try st.execute("BEGIN IMMEDIATE")
        finally st.close()
      }
      try {
        val r = body(c)
        retrying(what) {
          val st = c.createStatement();
          try st.execute("COMMIT")
          finally st.close()
        }
        r
      } catch {
        case e: Throwable =>
          try {
            val st = c.createStatement();
            try st.execute("ROLLBACK")
            finally st.close()
          } catch { case _: SQLException => () }
          throw e
      }
    } finally c.close()
  }

  def read[A](body: Connection => A): A = {
    val c = open()
    try { createSchema(c); body(c) }
    finally c.close()
  }

  /** Set when an index of an older layout was dropped: the caller refills it from the run directories. */
  @volatile private var dropped = false

  /** Bumped when the tables change; an index of another version is dropped and rebuilt.
    * 2: cells carry `lib` (the `--lib` label) and `library` (the version read back). */
  val SchemaVersion = 2

  private def createSchema(c: Connection): Unit = retrying("create the index tables") {
    val st = c.createStatement()
    try {
      val rs = st.executeQuery("PRAGMA user_version")
      val version =
        try { rs.next(); rs.getInt(1) }
        finally rs.close()
      if (version != SchemaVersion) {
        val had = {
          val t = st.executeQuery("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'cells'");
          try { t.next(); t.getInt(1) > 0 }
          finally t.close()
        }
        if (had) {
          log(s"bench: $dbFile has an older layout (version $version); rebuilding its tables (./bench reindex refills them)")
          st.execute("DROP TABLE IF EXISTS cells")
          st.execute("DROP TABLE IF EXISTS runs")
          dropped = true
        }
      }
      st.execute("""CREATE TABLE IF NOT EXISTS runs(
        id TEXT PRIMARY KEY, dir TEXT NOT NULL, started TEXT, finished TEXT, status TEXT,
        git_revision TEXT, git_dirty INTEGER, profile TEXT, settings TEXT, jvms TEXT, libraries TEXT,
        command_line TEXT)""")
      st.execute("""CREATE TABLE IF NOT EXISTS cells(
        run_id TEXT NOT NULL, cell TEXT NOT NULL, jvm TEXT NOT NULL,
        scenario TEXT, variant TEXT, runtime TEXT, params TEXT, mode TEXT,
        status TEXT, reason TEXT, score REAL, score_error REAL, unit TEXT, alloc REAL, alloc_error REAL,
        samples INTEGER, raw TEXT, source TEXT, syntax TEXT, finished TEXT, lib TEXT, library TEXT,
        PRIMARY KEY(run_id, cell, jvm))""")
      st.execute("CREATE INDEX IF NOT EXISTS cells_by_cell ON cells(cell, jvm)")
      st.execute("CREATE INDEX IF NOT EXISTS cells_by_scenario ON cells(scenario, runtime)")
      if (version != SchemaVersion) st.execute(s"PRAGMA user_version = $SchemaVersion")
    } finally st.close()
  }

  /** The run's row; without a readable run.json (`meta` None) only its id and directory are known. */
  private def upsertRun(c: Connection, dir: Path, meta: Option[RunMeta]): String = {
    val id = meta.map(_.id).filter(_.nonEmpty).getOrElse(dir.getFileName.toString)
    def text(f: RunMeta => String): String = meta.map(f).getOrElse("")
    val ps = c.prepareStatement("INSERT OR REPLACE INTO runs VALUES (?,?,?,?,?,?,?,?,?,?,?,?)")
    try {
      ps.setString(1, id)
      ps.setString(2, dir.toAbsolutePath.toString)
      ps.setString(3, text(_.started))
      ps.setString(4, text(_.finished.getOrElse("")))
      ps.setString(5, text(_.status.id))
      ps.setString(6, text(_.git.revision.getOrElse("")))
      ps.setInt(7, if (meta.flatMap(_.git.dirty).contains(true)) 1 else 0)
      ps.setString(8, text(_.profile.id))
      ps.setString(9, text(_.settings.id))
      ps.setString(10, upickle.default.write(meta.map(_.jvms).getOrElse(Vector.empty)))
      ps.setString(11, upickle.default.write(meta.map(_.libraries).getOrElse(Named.empty[String])))
      ps.setString(12, text(_.commandLine.mkString(" ")))
      ps.executeUpdate()
    } finally ps.close()
    id
  }

  private def insertCell(ps: PreparedStatement, runId: String, c: CellResult): Unit = {
    def optD(i: Int, d: Option[Double]): Unit = d.filterNot(_.isNaN) match {
      case Some(x) => ps.setDouble(i, x)
      case None => ps.setNull(i, java.sql.Types.REAL)
    }
    ps.setString(1, runId)
    ps.setString(2, c.key)
    ps.setString(3, c.jvm)
    ps.setString(4, c.scenario)
    ps.setString(5, c.id.map(_.variant).getOrElse(""))
    ps.setString(6, c.id.map(_.runtime).getOrElse(""))
    ps.setString(7, c.id.map(i => Params.encode(i.params)).getOrElse(""))
    ps.setString(8, c.id.map(_.mode.id).getOrElse(""))
    ps.setString(9, c.status.id)
    ps.setString(10, c.reason)
    optD(11, c.score.map(_.score))
    optD(12, c.score.map(_.error))
    ps.setString(13, c.score.map(_.unit).getOrElse(""))
    optD(14, c.alloc.map(_.score))
    optD(15, c.alloc.map(_.error))
    ps.setInt(16, c.raw.map(_.size).sum)
    ps.setString(17, upickle.default.write(c.raw))
    ps.setString(18, c.source)
    ps.setString(19, c.syntax)
    ps.setString(20, c.record.finished)
    ps.setString(21, c.id.flatMap(_.lib).getOrElse(""))
    ps.setString(22, c.liveLibrary.getOrElse(""))
    ps.executeUpdate()
  }

  private val insertCellSql = "INSERT OR REPLACE INTO cells VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"

  /** Indexes one recorded cell (and refreshes its run's row from run.json). */
  def indexCell(runDir: Path, record: CellRecord): Unit = {
    val meta =
      try Some(RunFiles.readMeta(runDir.resolve("run.json")))
      catch { case _: FormatError => None }
    val (cell, _) = RunData.cellOf(runDir, record)
    write(s"index ${cell.key}") { c =>
      val id = upsertRun(c, runDir, meta)
      val ps = c.prepareStatement(insertCellSql)
      try insertCell(ps, id, cell)
      finally ps.close()
    }
    if (dropped) { dropped = false; reindex() }
  }

  /** Rebuilds the index when it is empty or was just dropped for an older layout, but run directories exist. */
  def ensureFilled(): Unit = {
    val (runs, _) = counts()
    if (dropped || runs == 0) {
      dropped = false
      val (r, c) = reindex()
      if (r > 0) log(s"bench: indexed $r runs, $c cells from the run directories into $dbFile")
    }
  }

  /** Rebuilds the index from every run directory under the results directory; returns (runs, cells). */
  def reindex(): (Int, Int) = {
    val dirs =
      if (!Files.isDirectory(results)) Vector.empty
      else {
        val s = Files.list(results)
        try s.iterator().asScala.toVector.filter(RunData.isRunDir).sortBy(_.getFileName.toString)
        finally s.close()
      }
    // The run directories are read while holding the write lock, so a cell recorded meanwhile by a
    // running benchmark is either in what is read here or indexed by its own hook right after.
    write("rebuild the index") { c =>
      val runs = dirs.map(RunData.load)
      runs.flatMap(_.warnings).foreach(w => log(s"warning: $w"))
      val st = c.createStatement()
      try { st.execute("DELETE FROM cells"); st.execute("DELETE FROM runs") }
      finally st.close()
      val ps = c.prepareStatement(insertCellSql)
      try runs.foreach { r =>
          val id = upsertRun(c, r.dir, r.meta)
          r.cells.foreach(cell => insertCell(ps, id, cell))
        }
      finally ps.close()
      (runs.size, runs.map(_.cells.size).sum)
    }
  }

  def counts(): (Int, Int) = read { c =>
    val st = c.createStatement()
    try {
      def one(sql: String) = {
        val rs = st.executeQuery(sql);
        try { rs.next(); rs.getInt(1) }
        finally rs.close()
      }
      (one("SELECT count(*) FROM runs"), one("SELECT count(*) FROM cells"))
    } finally st.close()
  }

  /** The distinct values of one column of the indexed cells (scenario, runtime or variant). */
  def indexedNames(column: String): Vector[String] = {
    require(Set("scenario", "runtime", "variant")(column), s"not a name column: $column")
    read { c =>
      val st = c.createStatement()
      try {
        val rs = st.executeQuery(s"SELECT DISTINCT $column FROM cells ORDER BY $column")
        try Iterator.continually(rs).takeWhile(_.next()).map(_.getString(1)).toVector
        finally rs.close()
      } finally st.close()
    }
  }

  /** Every indexed cell matching the filters, oldest run first. Patterns may use `*`. */
  def history(
      scenarios: Vector[String], runtimes: Vector[String], variants: Vector[String], modes: Vector[String],
      params: Vector[(String, String)]
  ): Vector[HistoryRow] = read { c =>
    val clauses = Vector.newBuilder[String]
    val binds = Vector.newBuilder[String]
    def anyOf(col: String, pats: Vector[String]): Unit = if (pats.nonEmpty) {
      clauses += pats.map(_ => s"c.$col GLOB ?").mkString("(", " OR ", ")")
      binds ++= pats.map(p => p.replace("[", "[[]").replace("?", "[?]"))
    }
    anyOf("scenario", scenarios)
    anyOf("runtime", runtimes)
    anyOf("variant", variants)
    anyOf("mode", modes)
    val where = clauses.result()
    val sql = "SELECT r.id, r.started, r.status, r.git_revision, r.git_dirty, r.profile, r.settings, r.libraries, " +
      "c.cell, c.jvm, c.runtime, c.status, c.reason, c.score, c.score_error, c.unit, c.alloc, c.params, " +
      "c.lib, c.library " +
      "FROM cells c JOIN runs r ON r.id = c.run_id" + (if (where.isEmpty) "" else where.mkString(" WHERE ", " AND ", "")) +
      " ORDER BY c.cell, c.jvm, r.started, r.id"
    val ps = c.prepareStatement(sql)
    try {
      binds.result().zipWithIndex.foreach { case (b, i) => ps.setString(i + 1, b) }
      val rs = ps.executeQuery()
      val out = Vector.newBuilder[HistoryRow]
      def optD(i: Int) = { val d = rs.getDouble(i); if (rs.wasNull()) None else Some(d) }
      while (rs.next()) {
        val ps =
          try Some(Params.decode(Option(rs.getString(18)).getOrElse("")))
          catch { case _: IllegalArgumentException => None }
        if (params.forall { case (k, v) => ps.exists(_.get(k).contains(v)) })
          out += HistoryRow(rs.getString(1), rs.getString(2), rs.getString(3), Option(rs.getString(4)).getOrElse(""),
            rs.getInt(5) == 1, rs.getString(6), rs.getString(7),
            try upickle.default.read[Named[String]](Option(rs.getString(8)).getOrElse("{}"))
            catch { case _: Exception => Named.empty[String] },
            rs.getString(9), rs.getString(10), rs.getString(11), rs.getString(12), rs.getString(13),
            optD(14), optD(15), rs.getString(16), optD(17), Option(rs.getString(19)).getOrElse(""),
            Option(rs.getString(20)).getOrElse(""))
      }
      rs.close()
      out.result()
    } finally ps.close()
  }
}
