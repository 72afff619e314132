package effectbench

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters._

/** `./bench` rebuilds when a source is newer than its last build: the directories it looks in must
  * hold every module with sources, or a change there runs the old classes. */
class BenchScriptSuite extends munit.FunSuite {
  private val root = RepoRoot.path

  test("the bench script watches every top-level module that has sources") {
    val script = new String(Files.readAllBytes(root.resolve("bench")), UTF_8)
    val line = script.linesIterator.find(_.contains("find build.sbt")).getOrElse(fail("no find line in bench"))
    val watched = line.split("\\s+").toSet
    val s = Files.list(root)
    val modules =
      try s.iterator.asScala.filter(p => Files.isDirectory(p.resolve("src").resolve("main"))).map(_.getFileName.toString).toVector.sorted
      finally s.close()
    assert(modules.contains("runner") && modules.contains("analysis"), s"modules found: $modules")
    val missed = modules.filterNot(watched)
    assert(missed.isEmpty, s"bench does not watch ${missed.mkString(", ")} for changed sources: $line")
  }
}
