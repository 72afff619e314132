package effectbench

import java.nio.file.{Files, Path, Paths}

/** The repository's root directory, for tests that read its files: `-Deffectbench.root` when given
  * (as the launcher sets it), else the nearest directory upwards from the working directory that
  * holds `build.sbt` and `core/` (sbt runs core's tests in the root). */
object RepoRoot {
  lazy val path: Path = sys.props.get("effectbench.root").map(Paths.get(_).toAbsolutePath.normalize()).getOrElse {
    val start = Paths.get("").toAbsolutePath.normalize()
    Iterator.iterate(start)(_.getParent).takeWhile(_ != null)
      .find(d => Files.isRegularFile(d.resolve("build.sbt")) && Files.isDirectory(d.resolve("core")))
      .getOrElse(throw new IllegalStateException(s"no repository root (build.sbt and core/) at or above $start"))
  }
}
