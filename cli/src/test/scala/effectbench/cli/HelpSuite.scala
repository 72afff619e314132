package effectbench.cli

import effectbench.runner._
import java.io.ByteArrayOutputStream

/** The help is generated from the declarations: every command is in the overview, and every
  * command's help lists every flag it accepts. */
class HelpSuite extends munit.FunSuite {
  private def stdout(argv: String*): (Int, String) = {
    val buf = new ByteArrayOutputStream()
    val code = Console.withOut(buf)(Main.dispatch(argv.toVector))
    (code, buf.toString("UTF-8"))
  }

  /** One flag per command picked by hand, so that a help derived from nothing cannot pass. */
  private val picked: Map[String, String] = Map(
    "run" -> "--resume", "merge" -> "--partial", "list" -> "--format", "profile" -> "--event", "verify" -> "--floor",
    "report" -> "--confidence", "reindex" -> "--out", "history" -> "--min-change", "site" -> "--results",
    "compare" -> "--fail-on-regression", "machine" -> "--window-ms", "spec" -> "--check", "test" -> "./bench test"
  )

  private def flagAt(help: String, flag: String): Boolean = s"(?m)^\\s+\\Q$flag\\E( |$$)".r.findFirstIn(help).isDefined

  test("the overview names every command, each with a flag picked by hand") {
    val (code, text) = stdout("--help")
    assertEquals(code, 0)
    assertEquals(Commands.all.map(Commands.name).toSet, picked.keySet, "a command without a hand-picked flag here")
    picked.keys.foreach(c => assert(s"(?m)^  \\Q$c\\E ".r.findFirstIn(text).isDefined, s"$c is not in the overview:\n$text"))
    for (alias <- Seq(Vector.empty[String], Vector("help"), Vector("-h"))) assertEquals(stdout(alias*), (0, text))
  }

  test("the research commands are the lab's: not bench's commands, named once at the foot of the overview") {
    val (_, text) = stdout("--help")
    for (c <- Seq("engine-study", "states")) {
      assert(!Commands.all.map(Commands.name).contains(c), c)
      assert(s"(?m)^  \\Q$c\\E ".r.findFirstIn(text).isEmpty, s"$c is in the overview:\n$text")
    }
    assert(text.contains("./bench lab --help"), text)
    intercept[UsageError](Main.dispatch(Vector("engine-study", "--smoke")))
  }

  test("each command's --help lists every flag the command accepts") {
    Commands.all.foreach { m =>
      val c = Commands.name(m)
      val (code, help) = stdout(c, "--help")
      assertEquals(code, 0, c)
      assert(help.startsWith(s"usage: bench $c"), help)
      val missing = Commands.flagsOf(m).filterNot(flagAt(help, _))
      assert(missing.isEmpty, s"$c --help does not list ${missing.mkString(", ")}:\n$help")
      val pick = picked(c)
      assert(if (pick.startsWith("--")) Commands.flagsOf(m).contains(pick) && flagAt(help, pick) else help.contains(pick),
        s"$c: $pick\n$help")
    }
  }

  test("the flags a resumed run refuses are run's flags, and each is found when given") {
    val run = Commands.flagsOf(Commands.find("run"))
    assert(Main.fixedByTheRun.subsetOf(run.toSet), Main.fixedByTheRun.diff(run.toSet).toString)
    val values = Map("--mode" -> "fork", "--profile" -> "quick", "--settings" -> "levelled")
    val all = Main.fixedByTheRun.toVector.sorted.flatMap(f => if (f == "--quick") Vector(f) else Vector(f, values.getOrElse(f, "x")))
    assertEquals(Flags.givenFlags(Flags.read[RunFlags](all)).filter(Main.fixedByTheRun).sorted, Main.fixedByTheRun.toVector.sorted)
  }

  test("--lib is a flag of run, list, verify and profile, and its help says how to name a local build") {
    val withLib = Commands.all.filter(m => Commands.flagsOf(m).contains("--lib")).map(Commands.name).toSet
    assertEquals(withLib, Set("run", "list", "verify", "profile"))
    withLib.foreach { c =>
      val (_, help) = stdout(c, "--help")
      assert(flagAt(help, "--lib") && help.contains("local:V"), s"$c:\n$help")
    }
  }

  test("an unknown flag is one line naming it, for every command") {
    Commands.all.map(Commands.name).foreach { c =>
      val e = intercept[UsageError](Main.dispatch(Vector(c, "--no-such-flag")))
      assert(e.getMessage.contains("'--no-such-flag'") && !e.getMessage.contains('\n'), s"$c: ${e.getMessage}")
    }
  }

  test("through the real launcher: help exits 0 on stdout, an unknown flag exits 2 with one line") {
    val overview = Cli.run("--help")
    assertEquals(overview.exit, 0, overview.all)
    assert(overview.out.contains("compare") && overview.err.trim.isEmpty, overview.all)
    val run = Cli.run("run", "--help")
    assertEquals(run.exit, 0, run.all)
    assert(flagAt(run.out, "--precision"), run.out)
    val bad = Cli.run("history", "--frob")
    assertEquals(bad.exit, 2, bad.all)
    assertEquals(bad.errLines, Vector(bad.errLines.head))
    assert(bad.errLines.head.startsWith("bench: unknown option for 'history' '--frob'"), bad.err)
    assertEquals(bad.out.trim, "")
  }
}
