package effectbench.runner

import effectbench.ImplLine
import effectbench.store.RunFiles
import effectbench.store.Codecs.given
import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters._

/** What the build produced for one classpath group: its JMH classpath and implementations. */
final case class Module(group: String, classpath: String, impls: Vector[ImplInfo])
final case class ImplInfo(scenario: String, variant: String, runtime: String, source: String, syntax: String)

/** Reads target/bench/, written by `sbt benchBuild` (the ./bench launcher runs it when sources change). */
final class Modules(val root: Path) {
  val dir: Path = root.resolve("target/bench")

  lazy val byGroup: Map[String, Module] =
    if (!Files.isDirectory(dir)) Map.empty
    else Files.list(dir).iterator().asScala.toVector
      .filter(_.getFileName.toString.endsWith(".classpath"))
      .map(_.getFileName.toString.stripSuffix(".classpath"))
      .filterNot(_ == "runner")
      .map(g => g -> load(g)).toMap

  private def load(group: String): Module = {
    val cp = new String(Files.readAllBytes(dir.resolve(s"$group.classpath"))).trim
    Module(group, cp, readImpls(dir.resolve(s"$group.impls")))
  }

  private def readImpls(implsFile: Path): Vector[ImplInfo] =
    if (!Files.isRegularFile(implsFile)) Vector.empty
    else Files.readAllLines(implsFile).asScala.toVector.filter(_.trim.nonEmpty).zipWithIndex.map { case (l, i) =>
      val j = RunFiles.decode[ImplLine](l, s"$implsFile line ${i + 1}")
      ImplInfo(j.scenario, j.variant, j.runtime, j.source, j.syntax)
    }

  private val libModules = new java.util.concurrent.ConcurrentHashMap[String, Module]()

  /** The module a cell runs on: its group's, or the extra build of its `--lib` version, read from
    * target/bench/lib once LibBuild has made it. */
  def of(cell: PlannedCell): Module = cell.build match {
    case None => byGroup(cell.group)
    case Some(id) =>
      Option(libModules.get(id)).getOrElse {
        val cp = LibBuild.classpathFile(root, id)
        if (!Files.isRegularFile(cp)) throw new IllegalStateException(s"the build $id of ${cell.id.key} is not made (LibBuild.ensure)")
        val m = Module(id, new String(Files.readAllBytes(cp)).trim, readImpls(LibBuild.implsFile(root, id)))
        libModules.put(id, m)
        m
      }
  }

  def impl(scenario: String, variant: String, runtime: String): Option[ImplInfo] =
    byGroup.values.iterator.flatMap(_.impls).find(i => i.scenario == scenario && i.variant == variant && i.runtime == runtime)
}
