package effectbench

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files

/** docs/scenarios.md is the catalog rendered: the committed file must equal what `./bench spec`
  * writes from the sources now, and the rendering must say everything the catalog holds. */
class ScenarioDocSuite extends munit.FunSuite {
  private val file = RepoRoot.path.resolve(ScenarioDoc.path)

  test("the committed docs/scenarios.md equals the catalog rendered (regenerate with ./bench spec)") {
    assert(Files.isRegularFile(file), s"$file is missing: run ./bench spec")
    val committed = new String(Files.readAllBytes(file), UTF_8)
    val rendered = ScenarioDoc.render()
    if (committed != rendered) {
      val (a, b) = (committed.split("\n", -1).toVector, rendered.split("\n", -1).toVector)
      val at = a.zipAll(b, "<end of file>", "<end of file>").indexWhere { case (x, y) => x != y }
      fail(s"${ScenarioDoc.path} differs from the catalog at line ${at + 1}:\n  file:    ${a.lift(at).getOrElse("<end of file>")}\n" +
        s"  catalog: ${b.lift(at).getOrElse("<end of file>")}\nrun ./bench spec to regenerate it")
    }
  }

  test("every public scenario has its program and oracle in words, and each appears with every variant and parameter") {
    val doc = ScenarioDoc.render()
    Catalog.scenarios.foreach { s =>
      assert(s.program.trim.nonEmpty, s"${s.id}: no program text in the catalog")
      assert(s.oracleDoc.trim.nonEmpty, s"${s.id}: no oracle text in the catalog")
      assert(doc.contains(s"### `${s.id}` — ${s.title}"), s.id)
      (s.variants ++ s.params.map(_.name)).foreach(x => assert(doc.contains(s"`$x`"), s"${s.id}: $x"))
    }
    assert(!doc.contains("### `fault`"), "the test-only scenario is not part of the catalog's documentation")
  }

  test("every runtime and every declared n/a reason appears") {
    val doc = ScenarioDoc.render()
    Runtimes.all.foreach(r => assert(doc.contains(s"| `${r.id}` |"), r.id))
    for (s <- Catalog.scenarios; na <- s.allNotApplicable) assert(doc.contains(na.reason.replace("|", "\\|")), s"${s.id}: ${na.reason}")
  }
}
