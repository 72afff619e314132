package effectbench.cli

import effectbench.runner._
import java.io.ByteArrayOutputStream

/** The fault scenario exists for these tests only: `list` and plain selections never show it. */
class TestOnlySuite extends munit.FunSuite {
  private def selected(argv: String*)(testOnly: Boolean): Vector[String] =
    Plan.selection(Flags.read[Selectors](argv).asked, None, testOnly).scenarios.map(_.id)

  private def listOutput(argv: String*): String = {
    val buf = new ByteArrayOutputStream()
    Console.withOut(buf)(Main.dispatch(("list" +: argv).toVector))
    buf.toString("UTF-8")
  }

  test("plain selections and globs leave the test-only scenario out") {
    assert(!selected()(false).contains("fault"))
    assert(!selected("--scenario", "f*")(false).contains("fault"))
    assert(selected()(false).nonEmpty)
  }

  test("--test-only brings it in") {
    assert(selected()(true).contains("fault"))
    assertEquals(selected("--scenario", "fault")(true), Vector("fault"))
  }

  test("list shows no fault cell unless --test-only is given") {
    assert(!listOutput().linesIterator.exists(_.startsWith("fault ")), listOutput())
    assert(listOutput("--test-only", "--scenario", "fault").linesIterator.count(
      _.startsWith("fault ")
    ) == 2 * effectbench.Faults.kinds.size)
  }
}
