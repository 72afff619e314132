package effectbench.store

import effectbench.ImplLine
import effectbench.store.Codecs.given
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}

/** Every implementation's source reference, as the build listed them (`target/bench/<group>.impls`,
  * written by each module's live registry through ListImpls): what `./bench list` shows and the
  * runner records. */
final class ImplRefs {
  /** The repository root: the nearest directory up from here with build.sbt and runtimes/. */
  lazy val root: Path = Iterator.iterate(Paths.get("").toAbsolutePath)(_.getParent).takeWhile(_ != null)
    .find(d => Files.isRegularFile(d.resolve("build.sbt")) && Files.isDirectory(d.resolve("runtimes")))
    .getOrElse(throw new IllegalStateException("no repository root (build.sbt with runtimes/) above the working directory"))

  def groups: Vector[String] = {
    val it = Files.list(root.resolve("runtimes"))
    try it.toArray.toVector.map(_.asInstanceOf[Path]).filter(Files.isDirectory(_)).map(_.getFileName.toString).sorted
    finally it.close()
  }

  /** (cell, source) of every implementation of a group; the test-only fault scenario is left out
    * (it is never listed or reported). */
  def refs(group: String): Vector[(String, String)] = {
    val f = root.resolve("target/bench").resolve(s"$group.impls")
    if (!Files.isRegularFile(f)) throw new IllegalStateException(s"$f is missing: run ./bench build (./bench test does) first")
    new String(Files.readAllBytes(f), StandardCharsets.UTF_8).split('\n').toVector.filter(_.trim.nonEmpty).map { l =>
      val j = RunFiles.decode[ImplLine](l, f.toString)
      (j.scenario, s"${j.scenario}/${j.variant}/${j.runtime}", j.source)
    }.filterNot { case (sc, _, _) => effectbench.Catalog.testOnly.exists(_.id == sc) }.map { case (_, cell, src) => (cell, src) }
  }
}
