package effectbench.runner

import java.nio.file.{Files, Path, Paths}

/** The tree the runner works in: its root (where `./bench` lives), the groups' built classpaths,
  * the JVMs chosen, and the results directory with its run directories. */
object Workspace {
  def root: Path = Paths.get(sys.props.getOrElse("effectbench.root", ".")).toAbsolutePath.normalize()

  def modules: Modules = new Modules(root)

  /** The results directory when `--out` names none. */
  def results: Path = root.resolve("results")

  /** The JVMs `--jvm` names, or the default JVM with a note saying which it is. */
  def jvmsOf(paths: Seq[String]): (Vector[Jvm], Vector[String]) = paths.toVector match {
    case ps if ps.isEmpty =>
      val (j, note) = Jvms.default
      (Vector(j), note.toVector)
    case ps => (ps.map(p => Jvms.at(p).fold(err => UsageError(err), identity)).distinctBy(_.home), Vector.empty)
  }

  /** `--out`'s results directory (default: `results`), created and proven writable before anything is measured. */
  def resultsDir(outFlag: Option[String], default: => Path = results): Path = {
    val out = outFlag.map(Paths.get(_)).getOrElse(default).toAbsolutePath.normalize()
    try Files.createDirectories(out)
    catch {
      case e: Exception => UsageError(s"--out $out: cannot create the results directory (${e.getClass.getSimpleName}: ${e.getMessage})")
    }
    if (!Files.isWritable(out)) UsageError(s"--out $out: the results directory is not writable")
    val probe = out.resolve(s".write-probe-${ProcessHandle.current().pid()}")
    try Files.write(probe, Array.fill[Byte](4096)(0))
    catch { case e: Exception => UsageError(s"--out $out: cannot write there (${e.getMessage})") }
    finally Files.deleteIfExists(probe)
    out
  }

  /** The latest run directory under the results directory. */
  def latestRun(results: Path): Option[Path] =
    if (!Files.isDirectory(results)) None
    else {
      val it = Files.list(results)
      try it.toArray.toVector.map(_.asInstanceOf[Path]).filter(effectbench.store.RunData.isRunDir).sortBy(_.getFileName.toString).lastOption
      finally it.close()
    }
}
