package effectbench.runner

import java.nio.file.{Files, Path, Paths}

/** The tree the runner works in: its root (where `./bench` lives), the groups' built classpaths,
  * the JVMs chosen, and the results directory with its run directories. */
object Workspace {
  def root: Path = Paths.get(sys.props.getOrElse("effectbench.root", ".")).toAbsolutePath.normalize()

  def modules: Modules = new Modules(root)

  /** The results directory when the command names none. */
  def results: Path = root.resolve("results")

  /** The latest run directory under the results directory. */
  def latestRun(results: Path): Option[Path] =
    if (!Files.isDirectory(results)) None
    else {
      val it = Files.list(results)
      try it.toArray.toVector.map(_.asInstanceOf[Path]).filter(effectbench.store.RunData.isRunDir).sortBy(_.getFileName.toString).lastOption
      finally it.close()
    }
}
