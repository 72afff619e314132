package effectbench.runner

import effectbench.store.{ListedCell, RunFiles}
import effectbench.store.Codecs.given
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}
import scala.concurrent.duration._

/** `--lib` through the real runner: the plan of an A/A control, a version the registry lacks, an
  * A/A run recorded as two cells with the version read back, and a locally published version (a
  * copy of a served one under another version, in a repository of the test's own) built against
  * its own jars, verified, and reused by the next command. Nothing here is timed or compared. */
class LibCliSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 40.minutes

  test("list: an A/A control is two cells of the runtime, one per label, and no other runtime") {
    val r = Cli.run("list", "--scenario", "deep-bind", "--mode", "fork", "--lib", "zio=2.1.26,2.1.26", "--format", "json")
    assertEquals(r.exit, 0, r.all)
    val cells = upickle.default.read[Vector[ListedCell]](r.out)
    assertEquals(cells.map(c => (c.runtime, c.version)), Vector("zio" -> Some("2.1.26"), "zio" -> Some("2.1.26#2")))
    val table = Cli.run("list", "--scenario", "deep-bind", "--mode", "fork", "--lib", "zio=2.1.26,2.1.26")
    assert(table.out.contains("zio 2.1.26#2"), table.out)
  }

  test("a version the registry lacks fails before anything is measured: one line, exit 2") {
    val reg = Files.createTempDirectory("registry")
    val meta = reg.resolve("dev/zio/zio_3/maven-metadata.xml")
    Files.createDirectories(meta.getParent)
    Files.write(meta,
      "<metadata><versioning><versions><version>2.1.24</version><version>2.1.26</version></versions></versioning></metadata>"
        .getBytes(StandardCharsets.UTF_8))
    val out = Cli.tempDir("lib-missing")
    val r = Cli.runWith(Vector(s"-Deffectbench.registry=${reg.toUri}"), "run", "--scenario", "deep-bind", "--lib", "zio=2.1.20", "--out",
      out.toString)
    assertEquals(r.exit, 2, r.all)
    assertEquals(r.errLines, Vector("bench: --lib zio=2.1.20: the registry has no dev.zio:zio_3:2.1.20 (its index lists 2.1.24, 2.1.26)"))
    assertEquals(r.out.trim, "")
    assertEquals(Cli.runDirs(out), Vector.empty)
  }

  test("an A/A run records two cells of one version, each with the version its live runtime read back, and a version table") {
    val out = Cli.tempDir("lib-aa")
    val r = Cli.run("run", "--scenario", "deep-bind", "--mode", "fork", "--lib", "zio=2.1.26,2.1.26", "--profile", "smoke", "--rounds", "2",
      "--out", out.toString)
    assertEquals(r.exit, 0, r.all)
    val dir = Cli.runDirs(out).head
    val records = Cli.cellRecords(dir)
    assertEquals(records.map(_.cell).sorted,
      Vector("deep-bind/default/zio@2.1.26#2/d=100000/fork", "deep-bind/default/zio@2.1.26/d=100000/fork"))
    records.foreach(rec => assertEquals(rec.library, Some("2.1.26"), rec.toString))
    val meta = Cli.runMeta(dir)
    assertEquals(meta.libs.map(e => (e.runtime, e.label, e.version, e.source, e.build)),
      Vector(("zio", "2.1.26", "2.1.26", "registry", "modern"), ("zio", "2.1.26#2", "2.1.26", "registry", "modern")))
    assert(r.out.contains("zio across versions, deep-bind/default/d=100000/fork:"), r.out)
    assert(r.out.linesIterator.exists(l => l.startsWith("2.1.26#2 ") && l.contains("×")), r.out)
  }

  /** The jars and POMs of Cats Effect 3.7.1 (the build's own, so in the resolver's cache), copied
    * under another version into a Maven repository of this test: what `sbt publishM2` of a branch
    * would leave. */
  private def localCopy(version: String): Path = {
    val cp = new String(Files.readAllBytes(Cli.root.resolve("target/bench/modern.classpath")), StandardCharsets.UTF_8).trim
      .split(java.io.File.pathSeparatorChar).toVector.map(Paths.get(_))
    val repo = Files.createTempDirectory("local-repo")
    for (module <- Vector("cats-effect", "cats-effect-kernel", "cats-effect-std")) {
      val a = s"${module}_3"
      val jar = cp.find(_.getFileName.toString == s"$a-3.7.1.jar").getOrElse(fail(s"$a-3.7.1.jar is not on the modern classpath"))
      val pom = jar.resolveSibling(s"$a-3.7.1.pom")
      assert(Files.isRegularFile(pom), s"no POM beside $jar")
      val dir = repo.resolve(s"org/typelevel/$a/$version")
      Files.createDirectories(dir)
      Files.copy(jar, dir.resolve(s"$a-$version.jar"))
      val text =
        new String(Files.readAllBytes(pom), StandardCharsets.UTF_8).replace("<version>3.7.1</version>", s"<version>$version</version>")
      Files.write(dir.resolve(s"$a-$version.pom"), text.getBytes(StandardCharsets.UTF_8))
    }
    repo
  }

  test("a locally published version is built against its own jars, verified beside the release, and reused the next time") {
    // One version string for every test run, so target/lib-builds keeps one build of it: a fresh
    // copy's files are newer than the last build's stamp, so the first command builds again.
    val version = "3.7.1-localcopy"
    val repo = localCopy(version)
    val props = Vector(s"-Deffectbench.localRepos=$repo")
    val args = Vector("verify", "--scenario", "deep-bind", "--mode", "fork", "--lib", s"cats-effect=local:$version,3.7.1")
    val first = Cli.startWith(props, args).await(40 * 60)
    assertEquals(first.exit, 0, first.all)
    assert(first.err.contains(s"building cats-effect local:$version"), first.err)
    val lines = first.out.linesIterator.toVector
    // The local copy's jar says 3.7.1 in its manifest: the version read back is the jar's, not the request.
    assert(lines.exists(l => l.startsWith("ok") && l.contains(s"cats-effect@local:$version/") && l.endsWith("(live 3.7.1)")), first.out)
    assert(lines.exists(l => l.startsWith("ok") && l.contains("cats-effect@3.7.1/") && l.endsWith("(live 3.7.1)")), first.out)
    val lv = Libs.versions(Vector(("cats-effect", version, true))).head
    val cp = new String(Files.readAllBytes(LibBuild.classpathFile(Cli.root, LibBuild.id(lv))), StandardCharsets.UTF_8)
    assert(cp.contains(repo.resolve(s"org/typelevel/cats-effect_3/$version/cats-effect_3-$version.jar").toString), cp)
    assert(!cp.contains("cats-effect_3-3.7.1.jar"), s"the release's jar is on the local version's classpath: $cp")
    // The second command finds the build current: no sbt.
    val second = Cli.startWith(props, args).await(10 * 60)
    assertEquals(second.exit, 0, second.all)
    assert(!second.err.contains("building"), second.err)
    deleteTree(repo)
  }

  private def deleteTree(p: Path): Unit = {
    val s = Files.walk(p)
    try s.sorted(java.util.Comparator.reverseOrder[Path]()).forEach(f => Files.deleteIfExists(f))
    finally s.close()
  }
}
