package effectbench.report

import effectbench.ImplLine
import effectbench.store.RunFiles
import effectbench.store.Codecs.given
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}

/** The code a report shows is the code that runs: every implementation's `source` reference,
  * in every runtime module, resolves to a non-empty snippet through the extractor the reports
  * use. The references are read from `target/bench/<group>.impls`, which the build writes from
  * each module's live registry (ListImpls), so this walks exactly what `./bench list` and the
  * runner record. */
class SourceRefsSuite extends munit.FunSuite {
  /** The repository root: the nearest directory up from here with build.sbt and runtimes/. */
  lazy val root: Path = Iterator.iterate(Paths.get("").toAbsolutePath)(_.getParent).takeWhile(_ != null)
    .find(d => Files.isRegularFile(d.resolve("build.sbt")) && Files.isDirectory(d.resolve("runtimes")))
    .getOrElse(fail("no repository root (build.sbt with runtimes/) above the working directory"))

  private def groups: Vector[String] = {
    val it = Files.list(root.resolve("runtimes"))
    try it.toArray.toVector.map(_.asInstanceOf[Path]).filter(Files.isDirectory(_)).map(_.getFileName.toString).sorted
    finally it.close()
  }

  /** (cell, source) of every implementation of a group, as the build listed them; the test-only
    * fault scenario is left out (it is never listed or reported). */
  private def refs(group: String): Vector[(String, String)] = {
    val f = root.resolve("target/bench").resolve(s"$group.impls")
    if (!Files.isRegularFile(f)) fail(s"$f is missing: run ./bench build (./bench test does) before this suite")
    new String(Files.readAllBytes(f), StandardCharsets.UTF_8).split('\n').toVector.filter(_.trim.nonEmpty).map { l =>
      val j = RunFiles.decode[ImplLine](l, f.toString)
      (j.scenario, s"${j.scenario}/${j.variant}/${j.runtime}", j.source)
    }.filterNot { case (sc, _, _) => effectbench.Catalog.testOnly.exists(_.id == sc) }.map { case (_, cell, src) => (cell, src) }
  }

  /** The references that do not resolve to a non-empty snippet, each with why. */
  def unresolved(refs: Vector[(String, String)]): Vector[String] = {
    val noRun = root.resolve("target/no-such-run")
    refs.flatMap { case (cell, src) =>
      Sources.load(noRun, Some(root), src) match {
        case Right(code) if code.text.trim.nonEmpty && code.ref.method.nonEmpty => None
        case Right(_) => Some(s"$cell: '$src' names no method or object (or an empty one)")
        case Left(why) => Some(s"$cell: '$src': $why")
      }
    }
  }

  test("the walk fails on a broken reference") {
    val file = "runtimes/modern/src/main/scala/effectbench/modern/DeepBind.scala"
    assertEquals(unresolved(Vector("x" -> s"$file#noSuchMethod")).size, 1)
    assertEquals(unresolved(Vector("x" -> s"$file#NoSuchObject.catsEffect")).size, 1)
    assertEquals(unresolved(Vector("x" -> "runtimes/modern/NoSuchFile.scala#f")).size, 1)
    assertEquals(unresolved(Vector("x" -> file)).size, 1) // a whole file is not the code of a cell
  }

  test("the extractor finds objects, Owner.member paths and nested definitions") {
    val text =
      """object Ackermann {
        |  /** the doc */
        |  def trampolined(m: Int): Int = {
        |    def go(k: Int): Int = k + 1
        |    go(m)
        |  }
        |  val stackAware: Int => Int = m => m
        |}
        |object Other {
        |  def trampolined(m: Int): Int = 0
        |}
        |object Tagless {
        |  @annotation.tailrec def plain(k: Int): Int = if (k == 0) 0 else plain(k - 1)
        |}
        |object CatsEffect {
        |  def either: Int = Tagless.plain(3)
        |}
        |final case class Transformers(n: Int) {
        |  def run: Int = n
        |}
        |""".stripMargin
    assert(Sources.method(text, "Ackermann").exists(_.contains("def trampolined")))
    assertEquals(Sources.method(text, "Other.trampolined"), Some("def trampolined(m: Int): Int = 0"))
    assert(Sources.method(text, "Ackermann.trampolined").exists(t => t.contains("the doc") && t.contains("go(m)")))
    assertEquals(Sources.method(text, "go"), Some("def go(k: Int): Int = k + 1"))
    assertEquals(Sources.method(text, "Ackermann.stackAware"), Some("val stackAware: Int => Int = m => m"))
    assert(Sources.method(text, "Transformers").exists(_.contains("def run")))
    assertEquals(Sources.method(text, "Other.stackAware"), None)
    // Annotated on the def's line; and an owner path of the enclosing scope, written from inside CatsEffect.
    assertEquals(Sources.method(text, "plain"), Some("@annotation.tailrec def plain(k: Int): Int = if (k == 0) 0 else plain(k - 1)"))
    assertEquals(Sources.method(text, "CatsEffect.Tagless.plain"), Sources.method(text, "plain"))
    assertEquals(Sources.method(text, "CatsEffect.plain"), None)
  }

  for (g <- groups) test(s"every source reference of the $g module resolves to its code") {
    val rs = refs(g)
    assert(rs.nonEmpty, s"$g lists no implementation")
    val bad = unresolved(rs)
    assert(bad.isEmpty, s"${bad.size} of ${rs.size} references do not resolve:\n  ${bad.mkString("\n  ")}")
  }
}
