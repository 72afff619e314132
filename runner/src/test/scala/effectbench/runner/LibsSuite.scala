package effectbench.runner

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import java.nio.file.attribute.FileTime

/** `--lib` read and checked before anything is built: labels, the plan's cells, a version the
  * registry lacks (each module of it), a local version, and when a version's build is reused. */
class LibsSuite extends munit.FunSuite {
  private def write(p: Path, text: String = ""): Path = {
    Files.createDirectories(p.getParent)
    Files.write(p, text.getBytes(StandardCharsets.UTF_8))
  }

  /** A registry in Maven layout on disk with these (organisation, artifact, version) POMs. */
  private def registry(poms: (String, String, String)*): Path = {
    val dir = Files.createTempDirectory("registry")
    poms.foreach { case (org, a, v) => write(dir.resolve(s"${org.replace('.', '/')}/$a/$v/$a-$v.pom"), "<project/>") }
    poms.groupBy(p => (p._1, p._2)).foreach { case ((org, a), vs) =>
      write(dir.resolve(s"${org.replace('.', '/')}/$a/maven-metadata.xml"),
        vs.map(v => s"<version>${v._3}</version>").mkString("<metadata><versioning><versions>", "", "</versions></versioning></metadata>"))
    }
    dir
  }

  /** The versions of one runtime as asked, `local:` marking a locally published one (the command line's
    * `--lib` syntax is cli's, EngineFlagsSuite). */
  private def lib(runtime: String, versions: String*): Vector[LibVersion] =
    Libs.versions(versions.toVector.map(v => (runtime, v.stripPrefix("local:"), v.startsWith("local:"))))

  test("each version asked is a label of its own; the same version twice is two labels (an A/A control)") {
    val libs = lib("cats-effect", "3.5.7", "3.6.3") ++ lib("zio", "2.1.26", "2.1.26", "local:2.1.26")
    assertEquals(libs.map(l => (l.runtime, l.label)),
      Vector("cats-effect" -> "3.5.7", "cats-effect" -> "3.6.3", "zio" -> "2.1.26",
        "zio" -> "2.1.26#2", "zio" -> "local:2.1.26"))
    assertEquals(libs.map(_.local), Vector(false, false, false, false, true))
  }

  test("the build's own version runs on the group's module, any other on a build of its own, one per version") {
    val libs = lib("cats-effect", "3.5.7", "3.7.1", "3.5.7")
    val own = effectbench.BuildInfo.libraryAxis.find(_.runtime == "cats-effect").get.default
    assertEquals(own, "3.7.1")
    assertEquals(libs.map(_.isBuildOwn), Vector(false, true, false))
    assertEquals(libs(1).build, "modern")
    assertEquals(libs(0).build, libs(2).build, "an A/A pair shares one build")
    assertNotEquals(libs(0).build, LibBuild.id(lib("cats-effect", "local:3.5.7").head), "a local build is not the release's")
    assert(libs(0).build.matches("[A-Za-z0-9_]+"), libs(0).build)
  }

  test("the plan has one cell per version of the runtime, with distinct keys, and no other runtime unless asked") {
    val modules = new Modules(Cli.root)
    val (jvm, _) = Jvms.default
    val sel =
      Plan.selection(Plan.Asked(scenarios = Vector("deep-bind")), None, includeTestOnly = false, lib("zio", "2.1.26", "2.1.26", "2.1.24"))
    val cells = Plan.cells(sel, Vector(jvm), modules, None).filter(_.id.mode == effectbench.Mode.Fork)
    assertEquals(cells.map(_.id.runtimeKey), Vector("zio@2.1.26", "zio@2.1.26#2", "zio@2.1.24"))
    assertEquals(cells.map(_.id.key).distinct.size, 3)
    assertEquals(cells.map(_.module).take(2), Vector("modern", "modern"))
    assert(cells(2).build.exists(_.startsWith("lib_zio_2_1_24")), cells(2).toString)
    assertEquals(cells.map(_.id.group).distinct.size, 1, "every version is a row of the same table")
    // With --runtime, the others asked are measured beside the versions.
    val withBaseline =
      Plan.selection(Plan.Asked(scenarios = Vector("deep-bind"), runtimes = Vector("zio", "baseline")), None, false, lib("zio", "2.1.24"))
    assertEquals(Plan.cells(withBaseline, Vector(jvm), modules, None).filter(_.id.mode == effectbench.Mode.Fork).map(_.id.runtimeKey),
      Vector("zio@2.1.24", "baseline"))
  }

  test("a version the registry lacks is a usage error naming the module and the versions it has") {
    val reg =
      registry(("dev.zio", "zio_3", "2.1.24"), ("dev.zio", "zio-stacktracer_3", "2.1.24"), ("dev.zio", "zio-internal-macros_3", "2.1.24"),
        ("dev.zio", "zio_3", "2.1.26"))
    val url = reg.toUri.toString
    val e = intercept[Refused.Lib](Libs.check(lib("zio", "2.1.20"), _ => false, registry = url))
    assertEquals(e.what, "zio=2.1.20")
    assert(e.why.startsWith("the registry has no dev.zio:zio_3:2.1.20 (its index lists 2.1.24, 2.1.26)"), e.why)
    assertEquals(Libs.check(lib("zio", "2.1.24"), _ => false, registry = url), Vector.empty)
    // Every module released with the library is checked, not only its main jar.
    val partial = registry(("dev.zio", "zio_3", "2.1.25"), ("dev.zio", "zio-stacktracer_3", "2.1.25"))
    val e2 = intercept[Refused.Lib](Libs.check(lib("zio", "2.1.25"), _ => false, registry = partial.toUri.toString))
    assert(e2.getMessage.contains("no dev.zio:zio-internal-macros_3:2.1.25"), e2.getMessage)
    // A version built before, and the build's own, are not looked up again.
    assertEquals(Libs.check(lib("zio", "2.1.20"), _ => true, registry = url), Vector.empty)
    assertEquals(Libs.check(lib("zio", "2.1.26"), _ => false, registry = partial.toUri.toString), Vector.empty)
  }

  test("a local version is found in a Maven or an Ivy repository with all its modules, else a usage error") {
    val maven = Files.createTempDirectory("m2")
    Seq("cats-effect_3", "cats-effect-kernel_3", "cats-effect-std_3").foreach(a =>
      write(maven.resolve(s"org/typelevel/$a/3.9.0-SNAPSHOT/$a-3.9.0-SNAPSHOT.pom"), "<project/>")
    )
    val ivy = Files.createTempDirectory("ivy-local")
    Seq("cats-effect_3", "cats-effect-kernel_3").foreach(a => write(ivy.resolve(s"org.typelevel/$a/3.9.1/ivys/ivy.xml"), "<ivy-module/>"))
    val lv = lib("cats-effect", "local:3.9.0-SNAPSHOT").head
    assertEquals(Libs.localRepoOf(lv, Vector(ivy, maven)), Some(Libs.LocalRepo(maven, maven = true)))
    assertEquals(Libs.check(Vector(lv), _ => false, repos = Vector(ivy, maven)), Vector.empty)
    val e = intercept[Refused.Lib](Libs.check(lib("cats-effect", "local:3.9.1"), _ => false, repos = Vector(maven, ivy)))
    assert(e.getMessage.contains("no local repository has org.typelevel:cats-effect-std_3:3.9.1"), e.getMessage)
    write(ivy.resolve("org.typelevel/cats-effect-std_3/3.9.1/ivys/ivy.xml"), "<ivy-module/>")
    assertEquals(Libs.localRepoOf(lib("cats-effect", "local:3.9.1").head, Vector(maven, ivy)),
      Some(Libs.LocalRepo(ivy, maven = false)))
    // The build of a local version resolves it from that repository, before Maven Central.
    val repos = LibBuild.repositories(Cli.root, Vector(Libs.LocalRepo(maven, maven = true)))
    val lines = repos.split('\n').toVector.map(_.trim)
    assertEquals(lines.head, "[repositories]")
    assert(lines.indexWhere(_.contains(maven.toUri.toString)) < lines.indexOf("maven-central"), repos)
  }

  test("a version's build is reused until one of its sources, or its classpath, changes") {
    val root = Files.createTempDirectory("lib-build-root")
    val source = write(root.resolve("runtimes/modern/src/main/scala/effectbench/modern/DeepBind.scala"), "object DeepBind")
    write(root.resolve("build.sbt"), "")
    val lv = lib("zio", "2.1.24").head
    val id = LibBuild.id(lv)
    assertEquals(LibBuild.stale(root, lv), Some("not built yet"))
    val jar = write(root.resolve("jars/zio_3-2.1.24.jar"), "")
    // A class directory the build never made (no test sources) is no reason to rebuild.
    write(LibBuild.classpathFile(root, id),
      Vector(jar.toString, root.resolve("target/lib-builds/x/test-classes").toString)
        .mkString(java.io.File.pathSeparator))
    write(LibBuild.implsFile(root, id), "")
    val stamp = write(LibBuild.stampFile(root, id), "")
    val old = FileTime.fromMillis(System.currentTimeMillis() - 60000)
    Files.setLastModifiedTime(source, old)
    Files.setLastModifiedTime(root.resolve("build.sbt"), old)
    Files.setLastModifiedTime(stamp, FileTime.fromMillis(System.currentTimeMillis() - 30000))
    assertEquals(LibBuild.stale(root, lv), None)
    assert(LibBuild.isBuilt(root)(lv))
    Files.setLastModifiedTime(source, FileTime.fromMillis(System.currentTimeMillis()))
    assertEquals(LibBuild.stale(root, lv), Some("runtimes/modern/src/main/scala/effectbench/modern/DeepBind.scala changed"))
    Files.setLastModifiedTime(source, old)
    // A source of another group is not this build's.
    write(root.resolve("runtimes/monix/src/main/scala/M.scala"), "object M")
    assertEquals(LibBuild.stale(root, lv), None)
    Files.delete(jar)
    assert(LibBuild.stale(root, lv).exists(_.contains("which is gone")), LibBuild.stale(root, lv).toString)
  }
  test("a version whose build does not compile is named by the compiler's first error: file, line and message") {
    val root = java.nio.file.Paths.get("/work/bench")
    // sbt's [error] lines of Scala 3 (zio 2.0.22 against the modern group, which then called ZIO 2.1's Runtime.disableFlags).
    val scala3 = Vector(
      "-- [E008] Not Found Error: /work/bench/runtimes/modern/src/main/scala/effectbench/modern/ZioSetup.scala:15:22 ",
      "15 |          zio.Runtime.disableFlags(RuntimeFlag.FiberRoots)", "|          ^^^^^^^^^^^^^^^^^^^^^^^^",
      "|value disableFlags is not a member of object zio.Runtime, but could be made available as an extension method.", "|",
      "-- [E008] Not Found Error: /work/bench/runtimes/modern/src/main/scala/effectbench/modern/ZioSetup.scala:84:44 ",
      "|value disableFlags is not a member of object zio.Runtime", "three errors found"
    )
    assertEquals(LibBuild.compileError(scala3, root),
      Some("runtimes/modern/src/main/scala/effectbench/modern/ZioSetup.scala:15:22: value disableFlags is not a member of object " +
        "zio.Runtime, but could be made available as an extension method."))
    val scala2 = Vector("/elsewhere/Foo.scala:3:7: not found: value bar", "one error found")
    assertEquals(LibBuild.compileError(scala2, root), Some("/elsewhere/Foo.scala:3:7: not found: value bar"))
    assertEquals(LibBuild.compileError(Vector("(compile) Compilation failed"), root), None)
  }
}
