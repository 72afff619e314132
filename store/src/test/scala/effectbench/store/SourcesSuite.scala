package effectbench.store

import java.nio.file.Files

class SourcesSuite extends munit.FunSuite {
  private val text =
    """package x
      |
      |/** deep-bind: a chain of flatMaps.
      |  * Unfair if fused. */
      |object DeepBind {
      |  private val file = "a/B.scala"
      |
      |  /** The cats one. */
      |  def catsEffect(d: Int): IO[Int] = {
      |    def loop(i: Int): IO[Int] = IO.unit.flatMap(_ => if (i > d) IO.pure(i) else loop(i + 1))
      |    val s = "}" // a brace in a string
      |    loop(0)
      |  }
      |
      |  def zio(d: Int): Int = d + 1
      |
      |  def catsEffectOther(d: Int): Int =
      |    d +
      |      2
      |
      |  val impls = Vector()
      |}
      |""".stripMargin

  test("method extracts a braced body with its doc comment, ignoring braces in strings") {
    val m = Sources.method(text, "catsEffect").get
    assert(m.startsWith("/** The cats one. */\ndef catsEffect(d: Int)"), m)
    assert(m.endsWith("loop(0)\n}"), m)
    assert(!m.contains("zio"))
  }

  test("method extracts one-line and indented brace-less bodies, and not a longer name's prefix") {
    assertEquals(Sources.method(text, "zio"), Some("def zio(d: Int): Int = d + 1"))
    assertEquals(Sources.method(text, "catsEffectOther"), Some("def catsEffectOther(d: Int): Int =\n  d +\n    2"))
    assertEquals(Sources.method(text, "missing"), None)
  }

  test("headerComment is the scenario file's leading comment") {
    assertEquals(Sources.headerComment(text), Some("/** deep-bind: a chain of flatMaps.\n  * Unfair if fused. */"))
  }

  test("snapshot copies the file into the run directory once; load prefers the snapshot") {
    val repo = Files.createTempDirectory("repo")
    val run = Files.createTempDirectory("run")
    Files.createDirectories(repo.resolve("a"))
    Files.writeString(repo.resolve("a/B.scala"), text)
    assert(Sources.snapshot(repo, run, "a/B.scala#zio").isDefined)
    Files.writeString(repo.resolve("a/B.scala"), text.replace("d + 1", "d + 100"))
    Sources.snapshot(repo, run, "a/B.scala#zio")
    assertEquals(Sources.load(run, Some(repo), "a/B.scala#zio").map(_.text), Right("def zio(d: Int): Int = d + 1"))
    Files.delete(run.resolve("sources/a/B.scala"))
    val fromTree = Sources.load(run, Some(repo), "a/B.scala#zio")
    assertEquals(fromTree.map(_.text), Right("def zio(d: Int): Int = d + 100"))
    assert(fromTree.toOption.get.origin.startsWith("working tree"))
    assert(Sources.load(run, Some(repo), "../etc/passwd#x").isLeft, "paths leaving the repository are refused")
  }
}
