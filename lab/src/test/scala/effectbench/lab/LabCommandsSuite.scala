package effectbench.lab

import effectbench.runner.UsageError
import java.io.ByteArrayOutputStream

/** `./bench lab`: its overview names each research command, each command's help lists every flag
  * it accepts, and bad input is a usage error, as `bench`'s commands. */
class LabCommandsSuite extends munit.FunSuite {
  private def stdout(argv: String*): (Int, String) = {
    val buf = new ByteArrayOutputStream()
    val code = Console.withOut(buf)(LabCommands.dispatch(argv.toVector))
    (code, buf.toString("UTF-8"))
  }

  /** One flag per command picked by hand, so that a help derived from nothing cannot pass. */
  private val picked = Map("engine-study" -> "--smoke", "states" -> "--launches")

  test("the overview names every research command, and the usage is ./bench lab's") {
    val (code, text) = stdout("--help")
    assertEquals(code, 0)
    assertEquals(LabCommands.all.map(LabCommands.name).toSet, picked.keySet)
    assert(text.startsWith("usage: bench lab COMMAND"), text)
    picked.keys.foreach(c => assert(s"(?m)^  \\Q$c\\E ".r.findFirstIn(text).isDefined, s"$c:\n$text"))
    assert(text.contains("./bench lab COMMAND --help"), text)
  }

  test("each research command's --help lists every flag it accepts") {
    LabCommands.all.foreach { m =>
      val c = LabCommands.name(m)
      val (code, help) = stdout(c, "--help")
      assertEquals(code, 0, c)
      assert(help.startsWith(s"usage: bench lab $c"), help)
      val missing = (LabCommands.flagsOf(m) :+ picked(c)).filterNot(f => s"(?m)^\\s+\\Q$f\\E( |$$)".r.findFirstIn(help).isDefined)
      assert(missing.isEmpty, s"$c --help does not list ${missing.mkString(", ")}:\n$help")
    }
  }

  test("bad input is a usage error before anything runs: an unknown command, an unknown flag, a bad value") {
    val unknown = intercept[UsageError](LabCommands.dispatch(Vector("run")))
    assert(unknown.getMessage.contains("engine-study"), unknown.getMessage)
    intercept[UsageError](LabCommands.dispatch(Vector("states", "--nope")))
    intercept[UsageError](LabCommands.dispatch(Vector("engine-study", "--precision")))
    val out = java.nio.file.Files.createTempDirectory("lab-bad-input").toString
    val bad = intercept[UsageError](LabCommands.dispatch(Vector("engine-study", "--precision", "lots", "--smoke", "--out", out)))
    assert(bad.getMessage.contains("--precision"), bad.getMessage)
  }
}
