package effectbench.runner

import java.nio.file.{Files, Path, Paths}
import scala.jdk.CollectionConverters._

/** A JVM cells can run on. `feature` is the major version (17, 21, 25). With `cpus` (`run --cpus`)
  * it is that JVM limited to that many processors: a different environment, so its cells get a
  * label (and a table) of their own. */
final case class Jvm(
    java: Path, home: Path, version: String, vendor: String, cpus: Option[Int] = None,
    /** Flags a study adds to the measuring JVM (the lab's StatesStudy); not part of the label. */
    studyFlags: Vector[String] = Vector.empty,
    /** How the measuring thread waits for each result (`run --wait`); park unless asked. The JVM, a
      * separate process, is given it as a system property (`waitProperty`), read by ResultWait. */
    resultWait: effectbench.ResultWait.Strategy = effectbench.ResultWait.Park
) {
  def feature: Int = Jvms.featureOf(version)
  def label: String = s"jdk-$version" + (if (vendor.nonEmpty) s" ($vendor)" else "") + Cpus.labelSuffix(cpus)
  /** Flags every JVM of this version needs for JMH and the Scala runtime, and its processor count. */
  def extraFlags: Vector[String] =
    (if (feature >= 24) Vector("--sun-misc-unsafe-memory-access=allow") else Vector.empty) ++ Cpus.jvmFlags(cpus) ++ studyFlags
  /** The result wait as the measuring and verifying JVMs receive it: the one place it becomes a property. */
  def waitProperty: String = s"-D${effectbench.ResultWait.Property}=${resultWait.id}"
  /** What goes before `java` on the command line: pinning to `cpus` cores where taskset exists. */
  def launcher: Vector[String] = Cpus.launcher(cpus)
}

/** Finding JDKs at run time: --jvm, JAVA_HOME, the java on PATH, and the usual directories. */
object Jvms {
  def featureOf(version: String): Int = {
    val parts = version.split("[.+\\-_]").filter(_.nonEmpty)
    if (parts.isEmpty) 0
    else if (parts(0) == "1" && parts.length > 1) parts(1).toIntOption.getOrElse(0)
    else parts(0).toIntOption.getOrElse(0)
  }

  private def releaseInfo(home: Path): Option[(String, String)] = {
    val release = home.resolve("release")
    if (!Files.isRegularFile(release)) None
    else {
      val props = Files.readAllLines(release).asScala.flatMap { l =>
        l.indexOf('=') match {
          case -1 => None
          case at => Some(l.substring(0, at).trim -> l.substring(at + 1).trim.stripPrefix("\"").stripSuffix("\""))
        }
      }.toMap
      props.get("JAVA_VERSION").map(v => (v, props.getOrElse("IMPLEMENTOR", "")))
    }
  }

  /** The JVM at a path: a JDK home, or a java executable (links followed); Left: why it is none. */
  def at(path: String): Either[String, Jvm] = {
    val p = Paths.get(path).toAbsolutePath
    if (!Files.exists(p)) Left("no such file or directory")
    else {
      val (java, home) =
        if (Files.isDirectory(p)) (p.resolve("bin/java"), p)
        else {
          val real = p.toRealPath()
          (real, real.getParent.getParent)
        }
      if (!Files.isExecutable(java)) Left("not a JVM (no executable bin/java)")
      else releaseInfo(home) match {
        case Some((v, vendor)) => Right(Jvm(java, home, v, vendor))
        case None => probe(java, home).toRight("not a JVM (it does not answer 'java -version')")
      }
    }
  }

  /** Ask the executable itself; the answer is on stderr, e.g. `openjdk version "17.0.15"`. */
  private def probe(java: Path, home: Path): Option[Jvm] = {
    // Output goes to a file, not a pipe: a program that never ends must not block the reading.
    val out = Files.createTempFile("effectbench-probe", ".txt")
    try {
      val p = os.proc(java.toString, "-version").spawn(stdout = os.Path(out.toAbsolutePath), mergeErrIntoOut = true, destroyOnExit = false)
      if (!p.waitFor(20 * 1000)) { p.wrapped.destroyForcibly(); None }
      else "version \"([^\"]+)\"".r.findFirstMatchIn(new String(Files.readAllBytes(out))).map(m => Jvm(java, home, m.group(1), ""))
    } catch { case _: Exception => None }
    finally Files.deleteIfExists(out)
  }

  /** The JVM running this process. */
  def current: Jvm = {
    val home = Paths.get(System.getProperty("java.home"))
    Jvm(home.resolve("bin/java"), home, System.getProperty("java.version"), System.getProperty("java.vendor", ""))
  }

  /** Every JDK installed in the usual places, newest first. */
  def installed: Vector[Jvm] = {
    val dirs = Vector("/usr/lib/jvm", "/usr/local/lib/jvm", "/opt/java", "/opt/jdk").map(Paths.get(_)).filter(Files.isDirectory(_))
    val homes = dirs.flatMap(d => Files.list(d).iterator().asScala.toVector).filter(h => Files.isExecutable(h.resolve("bin/java")))
    homes.flatMap(h => releaseInfo(h).map { case (v, vendor) => Jvm(h.resolve("bin/java"), h.toRealPath(), v, vendor) })
      .distinctBy(_.home).sortBy(j => -j.feature)
  }

  /** The default JVM for a run: JAVA_HOME (or the running one) when it is 21+, so every runtime
    * incl. ox and loom runs on one JVM; otherwise the newest installed 21+; otherwise the
    * current one (and the JDK 21+ cells are skipped with that reason). */
  def default: (Jvm, Option[String]) = {
    val fromEnv = sys.env.get("JAVA_HOME").flatMap(h => at(h).toOption)
    val base = fromEnv.getOrElse(current)
    if (base.feature >= 21) (base, None)
    else installed.find(_.feature >= 21) match {
      case Some(j) =>
        (j, Some(s"using ${j.label} at ${j.home} so that every runtime (ox and loom need JDK 21+) runs on one JVM; pass --jvm to choose"))
      case None => (base, None)
    }
  }
}
