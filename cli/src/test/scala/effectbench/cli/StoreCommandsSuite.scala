package effectbench.cli

import effectbench.runner._
import effectbench.store.{Index, RunData, RunFiles}
import effectbench.store.SyntheticRun
import java.nio.charset.StandardCharsets
import java.nio.file.Files

class StoreCommandsSuite extends munit.FunSuite {
  private val specs = SyntheticRun.cells200.filter(_.key.startsWith("scenario-0/"))

  private def quietly[A](f: => A): A = {
    val sink = new java.io.PrintStream(new java.io.ByteArrayOutputStream())
    Console.withOut(sink)(Console.withErr(sink)(f))
  }

  test("compare exits 0, and 1 with --fail-on-regression only when a cell regressed") {
    val results = Files.createTempDirectory("cli-cmp")
    val a = SyntheticRun.write(results.resolve("a"), "a", specs, seed = 1)
    val same = SyntheticRun.write(results.resolve("same"), "same", specs, seed = 2)
    val slower = SyntheticRun.write(results.resolve("slower"), "slower", specs, seed = 3, factor = _ => 1.2)
    assertEquals(quietly(Main.dispatch(Vector("compare", a.toString, slower.toString))), 0)
    assertEquals(quietly(Main.dispatch(Vector("compare", a.toString, slower.toString, "--fail-on-regression"))), 1)
    assertEquals(quietly(Main.dispatch(Vector("compare", a.toString, same.toString, "--fail-on-regression"))), 0)
    assertEquals(quietly(Main.dispatch(Vector("compare", slower.toString, a.toString, "--fail-on-regression", "--format", "markdown"))), 0)
    intercept[UsageError](Main.dispatch(Vector("compare", a.toString)))
    intercept[UsageError](Main.dispatch(Vector("compare", a.toString, same.toString, "--threshold", "x")))
  }

  test("numbers read alike whatever the machine's locale: bench on a de_DE JVM prints '.' decimals") {
    val results = Files.createTempDirectory("cli-locale")
    SyntheticRun.write(results.resolve("20261101-000000-quick-x"), "20261101-000000-quick-x", specs, seed = 1)
    // The real entry point in a JVM whose default locale writes 0.5 as "0,5" (f"..." follows it).
    val r = Cli.runWith(Vector("-Duser.language=de", "-Duser.country=DE"), "reindex", "--out", results.toString)
    assertEquals(r.exit, 0, r.all)
    assert("""in \d+\.\ds""".r.findFirstIn(r.out).isDefined, r.out)
  }

  test("reindex and history read the run directories of a results directory") {
    val results = Files.createTempDirectory("cli-hist")
    SyntheticRun.write(results.resolve("20261101-000000-quick-x"), "20261101-000000-quick-x", specs, seed = 1)
    SyntheticRun.write(results.resolve("20261102-000000-quick-x"), "20261102-000000-quick-x", specs, seed = 2)
    assertEquals(quietly(Main.dispatch(Vector("reindex", "--out", results.toString))), 0)
    assertEquals(new Index(results).counts(), (2, 40))
    val out = new java.io.ByteArrayOutputStream()
    val code = Console.withOut(new java.io.PrintStream(out, true, "UTF-8"))(
      Main.dispatch(Vector("history", "--out", results.toString, "--scenario", "scenario-0", "--runtime", "zio", "--param", "n=100",
          "--mode", "fork"))
    )
    assertEquals(code, 0)
    val text = out.toString("UTF-8")
    assert(text.contains("scenario-0/default/zio/n=100/fork"), text)
    assert(text.contains("20261101-000000-quick-x") && text.contains("20261102-000000-quick-x"), text)
    assert(text.contains("zio-1.0"), text) // the library version of each run
    assert("[▁▂▃▄▅▆▇█]{2}".r.findFirstIn(text).isDefined, s"a two-run sparkline: $text")
  }

  test("the index records a --lib cell's label and the version read back, and history prints the live version beside the label") {
    val results = Files.createTempDirectory("cli-hist-lib")
    val run = "20261103-000000-quick-lib"
    def key(label: String) = s"deep-bind/default/zio@$label/d=10/fork"
    val versions = Vector("2.1.26" -> "2.1.26", "2.1.26#2" -> "2.1.26", "local:2.2.0-x" -> "2.2.0+3-abc-SNAPSHOT")
    SyntheticRun.write(results.resolve(run), run,
      versions.map { case (label, live) => SyntheticRun.Spec(key(label), 100, readBack = Vector("library" -> live)) } :+
        SyntheticRun.Spec("deep-bind/default/baseline/d=10/fork", 50))
    val index = new Index(results)
    index.ensureFilled()
    val rows = index.history(Vector("deep-bind"), Vector.empty, Vector.empty, Vector.empty, Vector.empty)
    assertEquals(rows.map(r => (r.cell, r.lib, r.library)).sorted,
      (versions.map { case (label, live) => (key(label), label, live) } :+ (("deep-bind/default/baseline/d=10/fork", "", ""))).sorted)
    val out = new java.io.ByteArrayOutputStream()
    val code = Console.withOut(new java.io.PrintStream(out, true, "UTF-8"))(
      Main.dispatch(Vector("history", "--out", results.toString, "--scenario", "deep-bind", "--runtime", "zio"))
    )
    assertEquals(code, 0)
    val text = out.toString("UTF-8")
    assert(text.contains("zio version") && text.contains("live version"), text)
    val lines = text.linesIterator.filter(_.startsWith(run)).toVector
    assertEquals(lines.size, 3, text)
    versions.foreach { case (label, live) =>
      assert(lines.exists(l => l.split("\\s+").toVector.containsSlice(Vector(label, live))), s"$label then $live in a row: $text")
    }
  }

  test("sparkline scales between the smallest and largest value") {
    assertEquals(StoreCommands.sparkline(Vector(Some(1.0), Some(2.0), None, Some(3.0))), "▁▅·█")
    assertEquals(StoreCommands.sparkline(Vector(Some(5.0), Some(5.0))), "▄▄")
  }

  test("Hooks.onCellRecorded indexes the cell and snapshots its source into the run directory") {
    val results = Files.createTempDirectory("cli-hook")
    val rd = RunDir.fresh(results, "quick-hook")
    val src = "runtimes/modern/src/main/scala/effectbench/modern/DeepBind.scala#zio"
    val spec = SyntheticRun.Spec("deep-bind/default/zio/d=10/fork", 1.0, source = src)
    SyntheticRun.write(rd.dir, rd.dir.getFileName.toString, Vector(spec))
    val record = RunFiles.readCell(new String(Files.readAllBytes(rd.cellsFile), StandardCharsets.UTF_8).trim, rd.cellsFile.toString)
    Hooks.onCellRecorded(rd, record)
    assertEquals(new Index(results).counts(), (1, 1))
    assert(Files.isRegularFile(rd.dir.resolve("sources/runtimes/modern/src/main/scala/effectbench/modern/DeepBind.scala")))
    val data = RunData.load(rd.dir)
    val code = effectbench.store.Sources.load(rd.dir, None, src)
    assert(code.exists(_.text.startsWith("def zio(")), code.toString)
  }

  /** Twelve runs of one table, zio's time 15% higher from the seventh run on. */
  private def stepped(): java.nio.file.Path = {
    val results = Files.createTempDirectory("cli-changes")
    val step = Vector("cats-effect" -> 30.0, "zio" -> 40.0, "baseline" -> 20.0).map { case (rt, b) =>
      SyntheticRun.Spec(s"deep-bind/default/$rt/d=1000/fork", b)
    }
    for (i <- 0 until 12) {
      val id = f"202611${10 + i}%02d-000000-quick-x"
      SyntheticRun.write(results.resolve(id), id, step, factor = k => if (i >= 6 && k.contains("/zio/")) 1.15 else 1.0, seed = i + 1L,
        forks = 4, noise = 0.01)
    }
    results
  }

  private def output(argv: Vector[String]): (Int, String) = {
    val out = new java.io.ByteArrayOutputStream()
    val code = Console.withOut(new java.io.PrintStream(out, true, "UTF-8"))(
      Console.withErr(new java.io.PrintStream(new java.io.ByteArrayOutputStream()))(
        Main.dispatch(argv)
      )
    )
    (code, out.toString("UTF-8"))
  }

  test("history --changes names the run at which a cell's ratio to the baseline stepped, and only that cell") {
    val results = stepped()
    val (code, text) = output(Vector("history", "--out", results.toString, "--changes", "--alpha", "0.01", "--min-change", "5%"))
    assertEquals(code, 0)
    assert(text.contains("deep-bind/default/zio/d=1000/fork vs baseline"), text)
    assert(text.contains("20261116-000000-quick-x") && "\\+1[4-6]\\.[0-9]%".r.findFirstIn(text).isDefined, text)
    assert(!text.contains("cats-effect/d=1000/fork vs baseline"), text)
    assert(text.contains("1 changed"), text)
    // A larger minimum hides it.
    val (_, none) = output(Vector("history", "--out", results.toString, "--changes", "--min-change", "30%"))
    assert(none.contains("0 changed"), none)
  }

  test("history --changes and site: bad flags are usage errors") {
    val results = stepped()
    intercept[UsageError](Main.dispatch(Vector("history", "--out", results.toString, "--changes", "--alpha", "2")))
    intercept[UsageError](Main.dispatch(Vector("history", "--out", results.toString, "--changes", "--min-change", "much")))
    intercept[UsageError](Main.dispatch(Vector("history", "--out", results.toString, "--alpha", "0.05")))
    intercept[UsageError](Main.dispatch(Vector("site", "--results", results.resolve("nothing").toString)))
    intercept[UsageError](Main.dispatch(Vector("site", "--results", Files.createTempDirectory("empty").toString)))
  }

  test("site writes the front page, each run's tables and each cell's history into --out") {
    val results = stepped()
    val out = results.resolve("public")
    val (code, text) = output(Vector("site", "--results", results.toString, "--out", out.toString))
    assertEquals(code, 0, text)
    assert(Files.isRegularFile(out.resolve("index.html")) && Files.isRegularFile(out.resolve("assets/echarts.min.js")), text)
    val cell = out.resolve(effectbench.report.Site.cellPage("deep-bind/default/zio/d=1000/fork", SyntheticRun.jvm))
    assert(Files.isRegularFile(cell), s"no $cell")
    assert(new String(Files.readAllBytes(out.resolve("index.html")), StandardCharsets.UTF_8).contains("20261116-000000-quick-x"))
  }
}
