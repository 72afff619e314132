package effectbench

import java.nio.file.{Files, Path, Paths}

/** The runtime table is the one description of each runtime; what the build keeps apart from it
  * (sbt cannot read core's sources) must agree with it. */
class RuntimesSuite extends munit.FunSuite {
  /** Keys of `Versions.forRuntimes` that are not a runtime's. */
  private val buildOnly = Set("jmh")

  /** Whether every available runtime's version key is one the build records, and every recorded
    * key a runtime's: the differences, empty when they agree. */
  def versionMismatches(table: Vector[RuntimeInfo], recorded: Seq[String]): Vector[String] = {
    val keys = table.filter(_.unavailable.isEmpty).map(_.versionKey)
    keys.filterNot(recorded.contains).map(k => s"no version for '$k' in project/Versions.scala forRuntimes") ++
      recorded.filterNot(k => buildOnly(k) || keys.contains(k)).map(k => s"forRuntimes names '$k', which no runtime's versionKey is")
  }

  test("the build records a library version for every runtime of the table, and for nothing else") {
    assertEquals(versionMismatches(Runtimes.all, BuildInfo.libraryVersions.map(_._1)), Vector.empty)
  }

  test("the version check fails on a runtime the build does not know") {
    val extra = Runtimes.Zio.copy(id = "new-runtime", versionKey = "new-runtime")
    assertEquals(versionMismatches(Runtimes.all :+ extra, BuildInfo.libraryVersions.map(_._1)).size, 1)
    assertEquals(versionMismatches(Runtimes.all, BuildInfo.libraryVersions.map(_._1) :+ "gone").size, 1)
  }

  lazy val root: Path = Iterator.iterate(Paths.get("").toAbsolutePath)(_.getParent).takeWhile(_ != null)
    .find(d => Files.isRegularFile(d.resolve("build.sbt")) && Files.isDirectory(d.resolve("runtimes")))
    .getOrElse(fail("no repository root (build.sbt with runtimes/) above the working directory"))

  test("every group of the table is a module under runtimes/ that build.sbt lists, and every such module a group") {
    val groups = Runtimes.all.map(_.group).filterNot(_ == "none").distinct.sorted
    val dirs = {
      val it = Files.list(root.resolve("runtimes"))
      try it.toArray.toVector.map(_.asInstanceOf[Path]).filter(Files.isDirectory(_)).map(_.getFileName.toString).sorted
      finally it.close()
    }
    assertEquals(groups, dirs)
    val build = new String(Files.readAllBytes(root.resolve("build.sbt")), "UTF-8")
    groups.foreach(g => assert(build.contains("\"" + g + "\" -> " + g), s"build.sbt's groupModules lacks $g"))
  }

  test("Cats Effect's sync reason names no version: `--lib` measures others than the build's") {
    val reason = Runtimes.CatsEffect.syncNa.getOrElse(fail("Cats Effect has a sync reason"))
    assert("""\d+\.\d+""".r.findFirstIn(reason).isEmpty, reason)
    assert(!BuildInfo.libraryVersions.toMap.get("cats-effect").exists(reason.contains(_)), reason)
  }

  test("runtime ids are unique") {
    assertEquals(Runtimes.ids.distinct, Runtimes.ids)
  }

  test("a runtime's JVM properties and claims come from its row, by profile") {
    assertEquals(Settings.jvmProperties(Settings.Levelled, "cats-effect"), Runtimes.CatsEffect.levelledJvm)
    assert(Settings.jvmProperties(Settings.Levelled, "cats-effect").nonEmpty)
    assertEquals(Settings.jvmProperties(Settings.Defaults, "cats-effect"), Vector.empty)
    assertEquals(Settings.jvmProperties(Settings.Levelled, "no-such-runtime"), Vector.empty)
    Runtimes.all.filter(_.unavailable.isEmpty).foreach(r => assert(Settings.levelledClaims(r.id, 4).nonEmpty, s"${r.id} claims nothing"))
  }
}
