package effectbench.runner

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import java.nio.file.attribute.FileTime
import scala.jdk.CollectionConverters._

/** The extra builds of `--lib`: each (library, version) other than the build's own is its group's
  * module compiled against that version's jars (source compatibility is not binary compatibility,
  * and binary compatibility runs one way only), by an sbt project that build.sbt defines from
  * `target/bench/lib/builds.tsv` (project/LibBuilds.scala). Its classes stay in
  * `target/lib-builds/<id>`, its classpath and implementations in `target/bench/lib/<id>.*`; a
  * build is reused while no source of its group, of core or of the harness, and no file of a
  * `local:` version, is newer than its stamp, so a second run with the same versions starts
  * measuring without sbt. */
object LibBuild {
  /** A file-name-safe id of a version's build: readable, with a hash of what it builds so two
    * versions that read alike stay apart. Also the sbt project's id. */
  def id(lv: LibVersion): String = {
    val what = s"${lv.runtime}:${lv.version}:${if (lv.local) "local" else "registry"}"
    val safe = s"lib_${lv.runtime}_${if (lv.local) "local_" else ""}${lv.version}".map(c => if (c.isLetterOrDigit) c else '_')
    val hash = java.security.MessageDigest.getInstance("SHA-1").digest(what.getBytes(StandardCharsets.UTF_8)).take(3)
      .map(b => f"${b & 0xff}%02x").mkString
    s"${safe}_$hash"
  }

  def dir(root: Path): Path = root.resolve("target/bench/lib")
  def classpathFile(root: Path, id: String): Path = dir(root).resolve(s"$id.classpath")
  def implsFile(root: Path, id: String): Path = dir(root).resolve(s"$id.impls")
  def stampFile(root: Path, id: String): Path = dir(root).resolve(s"$id.stamp")
  def log(root: Path): Path = dir(root).resolve("build.log")

  /** The sources a version's build compiles, and the build definition. */
  def sources(root: Path, group: String): Vector[Path] =
    Vector("build.sbt", "project", "core/src/main", "harness/src/main", "harness/src/cats", s"runtimes/$group/src/main").map(root.resolve)

  private def files(p: Path): Vector[Path] =
    if (Files.isRegularFile(p)) Vector(p)
    else if (!Files.isDirectory(p)) Vector.empty
    else {
      val s = Files.walk(p)
      try s.iterator().asScala.filter(f => Files.isRegularFile(f) && !f.toString.contains("/target/")).toVector
      finally s.close()
    }

  /** The first file newer than `t` among the build's sources and a `local:` version's files. */
  def newerThan(root: Path, lv: LibVersion, t: FileTime): Option[Path] = {
    val local = if (!lv.local) Vector.empty
    else Libs.localRepoOf(lv).toVector.flatMap(r => lv.artifacts.map(a => r.versionDir(lv.axis.organization, a, lv.version)))
    (sources(root, lv.axis.group) ++ local).iterator.flatMap(files).find(f => Files.getLastModifiedTime(f).compareTo(t) > 0)
  }

  /** Why a version's build must be (re)made, or None when the one in target/ is current. */
  def stale(root: Path, lv: LibVersion): Option[String] = {
    val i = id(lv)
    val need = Vector(classpathFile(root, i), implsFile(root, i), stampFile(root, i))
    if (!need.forall(Files.isRegularFile(_))) Some("not built yet")
    else {
      val cp = new String(Files.readAllBytes(classpathFile(root, i)), StandardCharsets.UTF_8).trim
      // A jar gone (a local repository removed, a cache cleaned) makes the build stale; a class
      // directory of the build itself may never have been made (no test sources).
      cp.split(java.io.File.pathSeparatorChar).find(e => e.endsWith(".jar") && !Files.exists(java.nio.file.Paths.get(e))) match {
        case Some(gone) => Some(s"its classpath names $gone, which is gone")
        case None => newerThan(root, lv, Files.getLastModifiedTime(stampFile(root, i))).map(f => s"${root.relativize(f)} changed")
      }
    }
  }

  def isBuilt(root: Path)(lv: LibVersion): Boolean = lv.isBuildOwn || stale(root, lv).isEmpty

  /** The repositories file of the sbt that builds `local:` versions: the project's own
    * (project/repositories: the Ivy `local` and Maven Central) with each local repository that
    * holds an asked version before Maven Central. */
  def repositories(root: Path, locals: Vector[Libs.LocalRepo]): String = {
    val ivyPattern = "[organisation]/[module]/(scala_[scalaVersion]/)(sbt_[sbtVersion]/)[revision]/[type]s/[artifact](-[classifier]).[ext]"
    val extra = locals.distinct.zipWithIndex.map { case (r, i) =>
      val url = r.dir.toUri.toString
      if (r.maven) s"  effectbench-local-$i: $url" else s"  effectbench-local-$i: $url, $ivyPattern, $ivyPattern"
    }
    (Vector("[repositories]", "  local") ++ extra ++ Vector("  maven-central")).mkString("", "\n", "\n")
  }

  /** The compiler's first error in sbt's `[error]` lines (prefix taken off) as `file:line:col: message`, the
    * file relative to `root`. Scala 3 puts the message below its `-- [E008] Not Found Error: file:line:col`
    * header, after the source line and its carets; Scala 2 writes `file:line:col: message` on one line. */
  def compileError(errors: Vector[String], root: Path): Option[String] = {
    val header = "^-- (?:\\[E\\d+\\] )?[^:]*: (.+\\.scala:\\d+:\\d+)\\s*$".r
    val at = errors.indexWhere(_.contains(".scala:"))
    if (at < 0) None
    else {
      def rel(file: String): String = {
        val p = java.nio.file.Paths.get(file)
        if (p.isAbsolute && p.startsWith(root)) root.relativize(p).toString else file
      }
      errors(at).trim match {
        case header(where) =>
          val message = errors.drop(at + 1).takeWhile(!_.startsWith("-- ")).map(_.trim).collect {
            case l if l.startsWith("|") && l.drop(1).trim.nonEmpty && !l.drop(1).trim.forall(_ == '^') => l.drop(1).trim
          }
          Some(rel(where) + message.headOption.fold("")(": " + _))
        case line =>
          val i = line.indexOf(".scala:")
          val start = line.lastIndexOf(' ', i) + 1
          Some(rel(line.substring(start, i + 6)) + line.substring(i + 6))
      }
    }
  }

  /** Builds every asked version whose build is not current, in one sbt; says what it does on
    * `note`. A version that does not resolve is a usage error; one that does not compile fails
    * the command (exit 1) with the compiler's first error. */
  def ensure(root: Path, libs: Vector[LibVersion], note: String => Unit, timeoutSeconds: Long = 3600): Unit = {
    val todo = libs.filterNot(_.isBuildOwn).distinctBy(_.build).flatMap(lv => stale(root, lv).map(lv -> _))
    if (todo.nonEmpty) {
      Files.createDirectories(dir(root))
      val ids = todo.map { case (lv, _) => id(lv) }
      Files.write(root.resolve("target/bench/lib/builds.tsv"),
        todo.map { case (lv, _) => s"${id(lv)}\t${lv.runtime}\t${lv.version}" }.mkString("", "\n", "\n").getBytes(StandardCharsets.UTF_8))
      val locals = todo.collect { case (lv, _) if lv.local => Libs.localRepoOf(lv) }.flatten
      val repoFile = dir(root).resolve("repositories")
      Files.write(repoFile, repositories(root, locals).getBytes(StandardCharsets.UTF_8))
      todo.foreach { case (lv, why) =>
        note(s"building ${lv.runtime} ${lv.asked} (${lv.axis.group} group against its own jars; $why): target/lib-builds/${id(lv)}")
      }
      val logFile = log(root)
      Files.deleteIfExists(logFile)
      val started = FileTime.fromMillis(System.currentTimeMillis())
      // No sbt server: this sbt may start while another one (a test run, a shell) holds this build.
      val opts = (sys.env.get("SBT_OPTS").toVector.filter(_.trim.nonEmpty) ++ Vector(s"-Dsbt.repository.config=$repoFile",
        "-Dsbt.server.autostart=false")).mkString(" ")
      val done = Subprocess.run(Vector(root.resolve("sbt").toString) ++ ids.map(i => s"$i/libBuild"), logFile, timeoutSeconds,
        env = Map("SBT_OPTS" -> opts), directory = Some(root))
      val lines = if (Files.isRegularFile(logFile)) new String(Files.readAllBytes(logFile), StandardCharsets.UTF_8).split('\n').toVector
      else Vector.empty
      val errors = lines.map(_.replaceAll("\u001b\\[[0-9;]*m", "")).filter(_.startsWith("[error]")).map(_.stripPrefix("[error]").trim)
        .filter(_.nonEmpty)
      val what = todo.map { case (lv, _) => s"${lv.runtime}=${lv.asked}" }.mkString(", ")
      if (done.timedOut)
        throw Refused.Lib(what, s"the build did not finish in $timeoutSeconds s (log: ${root.relativize(logFile)})", failure = true)
      if (done.exit != 0) {
        val unresolved = errors.find(e => e.contains("not found") || e.contains("Error downloading") || e.contains("unresolved"))
        unresolved match {
          case Some(e) => throw Refused.Lib(what, s"the build could not resolve it: ${e.take(200)} (log: ${root.relativize(logFile)})")
          case None =>
            val first = compileError(errors, root).orElse(errors.headOption).getOrElse(s"sbt exited with code ${done.exit}")
            throw Refused.Lib(what, s"the build failed: ${first.take(300)} (log: ${root.relativize(logFile)})", failure = true)
        }
      }
      todo.foreach { case (lv, _) =>
        val i = id(lv)
        if (!Files.isRegularFile(classpathFile(root, i)) || !Files.isRegularFile(implsFile(root, i)))
          throw Refused.Lib(s"${lv.runtime}=${lv.asked}", s"the build wrote no classpath (log: ${root.relativize(logFile)})",
            failure = true)
        // The stamp carries the build's start: a source edited while it ran makes the next run rebuild.
        val stamp = stampFile(root, i)
        Files.write(stamp, Array.emptyByteArray)
        Files.setLastModifiedTime(stamp, started)
      }
      note(f"built $what in ${done.seconds}%.0f s")
    }
  }
}

/** A command that cannot go on for a reason that is not bad input: one line, exit 1. */
final class CommandFailure(msg: String) extends RuntimeException(msg)

/** What every command with `--lib` does before its cells: the versions checked where they come
  * from (a missing one is a usage error), then, for a command that runs cells, each version's
  * build made or found current. */
object LibPrep {
  /** The versions that have a runnable cell. */
  def used(sel: Selection, cells: Vector[PlannedCell]): Vector[LibVersion] =
    sel.libs.filter(lv => cells.exists(c => c.status.runnable && c.runtime == lv.runtime && c.id.lib.contains(lv.label)))

  def apply(root: Path, sel: Selection, cells: Vector[PlannedCell], note: String => Unit, build: Boolean): Unit =
    if (sel.libs.nonEmpty) {
      Libs.check(sel.libs, LibBuild.isBuilt(root)).foreach(note)
      val versions = used(sel, cells)
      if (build) LibBuild.ensure(root, versions, note)
      else versions.filterNot(LibBuild.isBuilt(root)).distinctBy(_.build).foreach(lv =>
        note(s"${lv.runtime} ${lv.asked}: built against its own jars when run, verify or profile first needs it")
      )
    }

  /** run.json's record of the versions (LibEntry). */
  def entries(libs: Vector[LibVersion]): Vector[effectbench.store.LibEntry] = libs.map { lv =>
    val source = if (!lv.local) "registry" else Libs.localRepoOf(lv).map(_.dir.toString).getOrElse("local")
    effectbench.store.LibEntry(lv.runtime, lv.label, lv.version, source, lv.build)
  }

  /** The versions of a recorded run (run.json's `libs`), as `--resume` measures the rest. */
  def fromEntries(es: Vector[effectbench.store.LibEntry]): Vector[LibVersion] =
    es.map(e => LibVersion(e.runtime, e.label, e.version, local = e.source != "registry"))
}
