package effectbench.cli

import effectbench.runner._
import java.nio.file.Files
import scala.concurrent.duration._

/** Bad input: every argument is checked before anything is measured; each mistake is one clear
  * line and exit 2. The table runs in this JVM through `Main.dispatch` (fast); a few rows also
  * run through the real launcher to prove the one line and the exit code. */
class BadInputSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 5.minutes

  private lazy val out = Cli.tempDir("bad-input")
  private lazy val notARun = Files.createTempDirectory("not-a-run")
  private lazy val aFile = Files.createTempFile("not-a-jvm", ".txt")

  /** argv -> what the one line must mention. */
  private def table: Vector[(Vector[String], String)] = {
    val o = Vector("--out", out.toString)
    Vector(
      Vector("frobnicate") -> "unknown command 'frobnicate'",
      Vector("run", "--frob") -> "unknown option for 'run' '--frob'",
      Vector("run", "--scenario") -> "--scenario needs a value",
      Vector("run", "--scenario", "--quick") -> "run: --scenario needs a value",
      Vector("run", "--quick=yes") -> "run: --quick takes no value",
      Vector("run", "--precision", "200%") ++ o -> "--precision must be a fraction in (0, 1), e.g. 5% or 0.05, got '200%'",
      Vector("run", "--fork", "3x0.5") ++ o -> "--fork takes warm-ups x seconds + iterations x seconds, e.g. 2x0.5+4x0.25, got '3x0.5'",
      Vector("run", "--fork", "3x0.5+0x0.25") ++ o -> "--fork takes warm-ups x seconds + iterations x seconds",
      Vector("merge", "shard-1", "--bogus", "--out", "x") -> "unknown option for 'merge' '--bogus'",
      Vector("compare", "a", "b", "c") -> "compare: unexpected argument 'c'",
      Vector("list", "--mode", "fork,both") -> "unknown mode 'both'",
      Vector("run", "--quick", "extra") -> "unexpected argument 'extra'",
      Vector("run", "--scenario", "deep-bnd") ++ o -> "unknown scenario 'deep-bnd' (did you mean 'deep-bind'?)",
      Vector("run", "--scenario", "fault") ++ o -> "unknown scenario 'fault'",
      Vector("run", "--runtime", "zioo") ++ o -> "unknown runtime 'zioo' (did you mean 'zio'?)",
      Vector("run", "--scenario", "deep-bind", "--variant", "nope") ++ o -> "unknown variant 'nope'",
      Vector("run", "--scenario", "deep-bind", "--param", "x=1") ++ o -> "unknown parameter for deep-bind 'x'",
      Vector("run", "--scenario", "deep-bind", "--param", "d") ++ o -> "--param takes name=value, got 'd'",
      Vector("run", "--scenario", "deep-bind", "--param", "d=ten") ++ o -> "--param d=ten: d must be a whole number",
      Vector("run", "--scenario", "deep-bind", "--param", "d=0") ++ o -> "--param d=0: d must be between 1 and 100000000",
      Vector("run", "--scenario", "deep-bind", "--param", "d=99999999999") ++ o -> "must be between 1 and 100000000",
      Vector("run", "--scenario", "business-flow", "--param", "failure=0.9:10") ++ o -> "--param failure=0.9:10: failure must be one of",
      Vector("run", "--scenario", "business-flow", "--param", "tf=2.5") ++ o -> "--param tf=2.5: tf must be a whole number",
      Vector("run", "--scenario", "deep-bind", "--mode", "both") ++ o -> "unknown mode 'both'",
      Vector("run", "--scenario", "deep-bind", "--sweep", "d") ++ o -> "unknown parameter to sweep 'd'",
      Vector("run", "--profile", "fast") ++ o -> "unknown profile 'fast'",
      Vector("run", "--quick", "--profile", "standard") ++ o -> "--quick and --profile disagree",
      Vector("run", "--settings", "tuned") ++ o -> "unknown settings 'tuned'",
      Vector("run", "--canary", "maybe") ++ o -> "--canary must be on or off, got 'maybe'",
      Vector("run", "--rounds", "0") ++ o -> "--rounds must be a whole number from 1 to 100, or MIN-MAX such as 4-30, got '0'",
      Vector("run", "--rounds", "9-4") ++ o -> "--rounds must be a whole number from 1 to 100, or MIN-MAX such as 4-30, got '9-4'",
      Vector("run", "--rounds", "4-") ++ o -> "got '4-'",
      Vector("run", "--rounds", "4-200") ++ o -> "got '4-200'",
      Vector("run", "--resume", notARun.toString, "--canary", "off") -> "drop --canary",
      Vector("machine", "--windows", "1") -> "--windows must be a whole number from 2 to 1000, got '1'",
      Vector("machine", "--window-ms", "fast") -> "--window-ms must be a whole number from 10 to 10000, got 'fast'",
      Vector("run", "--timeout", "0") ++ o -> "--timeout must be a positive number of seconds, got '0'",
      Vector("run", "--timeout", "soon") ++ o -> "--timeout must be a positive number of seconds, got 'soon'",
      Vector("run", "--jvm", "/no/such/jdk") ++ o -> "--jvm /no/such/jdk: no such file or directory",
      Vector("run", "--jvm", aFile.toString) ++ o -> "not a JVM",
      Vector("run", "--jvm", "/bin/true") ++ o -> "--jvm /bin/true: not a JVM",
      Vector("run", "--jvm", notARun.toString) ++ o -> "not a JVM (no executable bin/java)",
      Vector("run", "--scenario", "deep-bind", "--out",
        "/proc/effectbench-results") -> "--out /proc/effectbench-results: cannot create the results directory",
      Vector("run", "--scenario", "deep-bind", "--out", s"$aFile/results") -> "cannot create the results directory",
      Vector("run", "--resume", "/no/such/run") -> "--resume /no/such/run: no such run directory",
      Vector("run", "--resume", notARun.toString) -> "not a run directory (no run.json)",
      Vector("run", "--resume", notARun.toString, "--scenario", "deep-bind") -> "drop --scenario",
      Vector("report", "/no/such/run") -> "/no/such/run: no such run directory",
      Vector("report", notARun.toString) -> "not a run directory (no run.json)",
      // The flags are read before the run directory is opened.
      Vector("report", notARun.toString, "--format", "pdf") -> "unknown format 'pdf'; valid: terminal, markdown, html",
      Vector("list", "--format", "xml") -> "unknown format 'xml'",
      Vector("verify", "--runtime", "cats") -> "unknown runtime 'cats'",
      // history checks its selectors as run and list do, before it opens the index
      Vector("history", "--scenario", "nope") ++ o -> "unknown scenario 'nope'; valid: deep-bind",
      Vector("history", "--runtime", "zioo") ++ o -> "unknown runtime 'zioo' (did you mean 'zio'?)",
      Vector("history", "--scenario", "deep-bind", "--variant", "nope") ++ o -> "unknown variant 'nope'",
      // --lib is read before any version is looked up
      Vector("run", "--scenario", "deep-bind", "--lib", "zio") ++ o -> "--lib takes NAME=VERSION,VERSION...",
      Vector("run", "--scenario", "deep-bind", "--lib", "zioo=2.1.26") ++ o -> "unknown library for --lib 'zioo' (did you mean 'zio'?)",
      Vector("list", "--lib", "future=2.13.16") -> "unknown library for --lib 'future'",
      Vector("run", "--scenario", "deep-bind", "--lib", "zio=") ++ o -> "--lib zio: a version is missing",
      Vector("verify", "--lib", "cats-effect=local:") -> "--lib cats-effect: a version is missing after 'local:'",
      Vector("run", "--scenario", "deep-bind", "--lib", "zio=2.1/26") ++ o -> "a version is letters, digits and . _ + -",
      Vector("run", "--scenario", "deep-bind", "--runtime", "cats-effect", "--lib", "zio=2.1.26") ++ o ->
        "--lib zio: zio is not among --runtime cats-effect"
    )
  }

  test("every bad argument is a usage error with one line that names it, and nothing is measured") {
    val problems = table.flatMap { case (argv, want) =>
      try { val code = Main.dispatch(argv); Some(s"${argv.mkString(" ")}: no usage error (exit $code)") }
      catch {
        case e: UsageError =>
          val msg = e.getMessage
          if (msg.contains('\n')) Some(s"${argv.mkString(" ")}: more than one line: $msg")
          else if (!msg.contains(want)) Some(s"${argv.mkString(" ")}: '$msg' does not say '$want'")
          else None
        case e: Throwable => Some(s"${argv.mkString(" ")}: ${e.getClass.getName}: ${e.getMessage}")
      }
    }
    assert(problems.isEmpty, problems.mkString("\n"))
    assertEquals(Cli.runDirs(out), Vector.empty, "a run directory was made for bad input")
  }

  test("through the real launcher: one line on stderr, nothing on stdout, exit 2") {
    val rows = Vector(
      Vector("frobnicate"),
      Vector("run", "--scenario", "deep-bind", "--param", "d=-5", "--out", out.toString),
      Vector("run", "--jvm", aFile.toString, "--out", out.toString),
      Vector("run", "--resume", notARun.toString),
      Vector("run", "--scenario", "deep-bind", "--out", "/proc/effectbench-results")
    )
    rows.foreach { argv =>
      val r = Cli.run(argv: _*)
      assertEquals(r.exit, 2, s"${argv.mkString(" ")}: ${r.all}")
      assertEquals(r.errLines.size, 1, s"${argv.mkString(" ")}: ${r.err}")
      assert(r.errLines.head.startsWith("bench: "), r.err)
      assertEquals(r.out.trim, "", s"${argv.mkString(" ")}: ${r.out}")
    }
    assertEquals(Cli.runDirs(out), Vector.empty)
  }
}
