package effectbench.store

import effectbench.ImplLine
import effectbench.store.RunFiles
import effectbench.store.Codecs.given
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}

/** The code a report shows is the code that runs: every implementation's `source` reference,
  * in every runtime module, is the compiler-captured line of the expression that builds it, and
  * resolves through the extractor the reports use to that expression (and the definitions it
  * calls). The references are read from `target/bench/<group>.impls`, which the build writes from
  * each module's live registry (ListImpls), so this walks exactly what `./bench list` and the
  * runner record. */
class SourceRefsSuite extends munit.FunSuite {
  // A module's walk parses every source of the module: a minute on a busy 2-core machine.
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

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

  /** The references that do not resolve to the expression building the cell, each with why: the
    * code shown must start with `new Impl(` or with the call of a helper whose body (shown after
    * it) builds one. */
  def unresolved(refs: Vector[(String, String)]): Vector[String] = {
    val noRun = root.resolve("target/no-such-run")
    val call = "^[A-Za-z_][\\w$]*\\(.*".r
    refs.flatMap { case (cell, src) =>
      Sources.load(noRun, Some(root), src) match {
        case Right(code)
            if code.ref.line > 0 && code.text.contains("new Impl(") &&
              (code.text.startsWith("new Impl(") || call.pattern.matcher(code.text.linesIterator.next()).matches()) => None
        case Right(code) if code.ref.line == 0 => Some(s"$cell: '$src' is not a compiler-captured line reference")
        case Right(code) => Some(s"$cell: '$src' shows no expression building the cell:\n${code.text.linesIterator.take(3).mkString("\n")}")
        case Left(why) => Some(s"$cell: '$src': $why")
      }
    }
  }

  test("the walk fails on a broken reference") {
    val file = "runtimes/modern/src/main/scala/effectbench/modern/DeepBind.scala"
    val text = new String(Files.readAllBytes(root.resolve(file)), StandardCharsets.UTF_8).split("\n", -1).toVector
    val at = text.indexWhere(_.contains("new Impl(")) + 1
    assert(at > 0, s"$file builds no Impl")
    assertEquals(unresolved(Vector("x" -> s"$file#L$at")), Vector.empty)
    assertEquals(unresolved(Vector("x" -> s"$file#L${at + 1}")).size, 1) // the body of a cell, not where it is built
    assertEquals(unresolved(Vector("x" -> s"$file#L1")).size, 1)
    assertEquals(unresolved(Vector("x" -> s"$file#L99999")).size, 1)
    assertEquals(unresolved(Vector("x" -> s"$file#catsEffect")).size, 1) // a hand-typed reference
    assertEquals(unresolved(Vector("x" -> "runtimes/modern/NoSuchFile.scala#L3")).size, 1)
    assertEquals(unresolved(Vector("x" -> file)).size, 1) // a whole file is not the code of a cell
  }

  test("the code at a line is the expression there and the same-file definitions it names") {
    val text =
      """object DeepBind {
        |  def catsEffect(d: Int): Int = d + 1
        |  object Zio {
        |    def either(k: Int): Int = k
        |  }
        |  private def helper(v: String)(op: Int => Int) =
        |    new Impl(v)((rt, p) => op(1))
        |  val impls = Vector(
        |    new Impl("a", "run")((rt, p, mode) => {
        |      val d = p.int("d"); Program(rt.run(catsEffect(d), mode))
        |    }),
        |    helper("b catsEffect")(k =>
        |      Zio.either(k))
        |  )
        |}
        |""".stripMargin
    assertEquals(Sources.atLine(text, 9),
      Some(
        """new Impl("a", "run")((rt, p, mode) => {
        |  val d = p.int("d"); Program(rt.run(catsEffect(d), mode))
        |})
        |
        |def catsEffect(d: Int): Int = d + 1""".stripMargin
      ))
    assertEquals(Sources.atLine(text, 12),
      Some(
        """helper("b catsEffect")(k =>
        |  Zio.either(k))
        |
        |private def helper(v: String)(op: Int => Int) =
        |  new Impl(v)((rt, p) => op(1))
        |
        |def either(k: Int): Int = k""".stripMargin
      ))
    // Scala 3 names the last line of the expression, Scala 2 its first: both find it.
    assertEquals(Sources.atLine(text, 11), Sources.atLine(text, 9))
    assertEquals(Sources.atLine(text, 13), Sources.atLine(text, 12))
    assertEquals(Sources.atLine(text, 16), None) // blank
    assertEquals(Sources.atLine(text, 40), None)
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

  test("a definition whose signature is split over lines (as scalafmt writes it) is shown whole") {
    val text =
      """object Flow {
        |  private def ox(variant: String)(op: Int => Unit)(
        |      implicit file: sourcecode.File
        |  ) =
        |    new Impl(variant)((rt, p) => {
        |      op(1)
        |    })
        |}
        |""".stripMargin
    assert(Sources.method(text, "ox").exists(d => d.contains("new Impl(variant)") && d.trim.endsWith("})")), Sources.method(text, "ox"))
  }

  for (g <- groups) test(s"every source reference of the $g module resolves to its code") {
    val rs = refs(g)
    assert(rs.nonEmpty, s"$g lists no implementation")
    val bad = unresolved(rs)
    assert(bad.isEmpty, s"${bad.size} of ${rs.size} references do not resolve:\n  ${bad.mkString("\n  ")}")
    // A helper that builds cells must pass its caller's file and line on, or every cell it builds
    // would show the helper alone.
    val shared = rs.groupBy(_._2).collect { case (src, cells) if cells.size > 1 => s"$src: ${cells.map(_._1).mkString(", ")}" }
    assert(shared.isEmpty, s"cells that share one source line:\n  ${shared.mkString("\n  ")}")
  }

  test("an object of a file beside the cell's is shown from there, and snapshotted with it") {
    val repo = Files.createTempDirectory("eb-src")
    val run = Files.createTempDirectory("eb-run")
    Files.createDirectories(repo.resolve("r/p"))
    Files.write(repo.resolve("r/p/Seq.scala"),
      "object Seq {\n  val impls = Vector(\n    new Impl(1)((rt, p) =>\n      Floor.program(rt, p))\n  )\n}\n".getBytes(
        StandardCharsets.UTF_8
      ))
    Files.write(repo.resolve("r/p/Tasks.scala"),
      "object Floor {\n  def program(a: Int, b: Int): Int = a + b\n}\n".getBytes(StandardCharsets.UTF_8))
    val want = "new Impl(1)((rt, p) =>\n  Floor.program(rt, p))\n\ndef program(a: Int, b: Int): Int = a + b"
    assertEquals(Sources.load(run, Some(repo), "r/p/Seq.scala#L4").map(_.text), Right(want))
    Sources.snapshot(repo, run, "r/p/Seq.scala#L4")
    assert(Files.isRegularFile(run.resolve("sources/r/p/Tasks.scala")), "the file beside was not snapshotted")
    Files.delete(repo.resolve("r/p/Tasks.scala"))
    assertEquals(Sources.load(run, None, "r/p/Seq.scala#L4").map(_.text), Right(want))
  }
}
