package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.store.RunData
import effectbench.{Claim, Settings}
import java.nio.charset.StandardCharsets
import java.nio.file.Files

/** The report's guards: a cell faster than its table's baseline floor is flagged in every format,
  * the profile is printed as the runtimes read it back (a value that differs from the claim is
  * flagged), and the work beside each score is the counted one, or the declared one, said so. */
class GuardsReportSuite extends munit.FunSuite {
  private val table = "deep-bind/default/%s/d=10000/fork"
  private def key(rt: String) = table.format(rt)

  /** A read-back that proves every levelled claim on a 2-cpu host (the synthetic run's). */
  private def proven(rt: String): Vector[(String, String)] = Settings.levelledClaims(rt, 2).map(c => c.key -> c.expected)

  private def run(zioScore: Double, ceReadBack: Vector[(String, String)] = proven("cats-effect")) = {
    val specs = Vector(
      SyntheticRun.Spec(key("baseline"), base = 20, readBack = proven("baseline")),
      SyntheticRun.Spec(key("cats-effect"), base = 60, readBack = ceReadBack),
      SyntheticRun.Spec(key("zio"), base = zioScore, readBack = proven("zio"))
    )
    RunData.load(SyntheticRun.write(Files.createTempDirectory("guards"), "guards-run", specs))
  }

  test("a cell faster than its table's baseline by more than the error is flagged in every format") {
    val r = run(zioScore = 2) // ten times under the plain-code baseline: its work is gone
    val g = ReportModel.groups(r).head
    assertEquals(ReportModel.floorFlags(g).map(_.runtime), Vector("zio"))
    val flag = ReportModel.FloorFlag
    assert(TerminalTable.render(r).contains(s"zio: $flag"), TerminalTable.render(r))
    assert(Markdown.render(r).contains(s"zio: $flag"), Markdown.render(r))
    val html = Html.render(r, None)
    assert(html.contains(Html.esc(s"zio: $flag")), "html has no floor flag")
    assert(html.contains("<tr class=\"floor\"><td>zio</td>"), "html does not mark the row")
  }

  test("the scheduler family is not held to the baseline: there it is the fixed-pool reference point, not a floor") {
    val fk = "fork-many/default/%s/f=10000/fork"
    val specs = Vector(SyntheticRun.Spec(fk.format("baseline"), base = 3000), SyntheticRun.Spec(fk.format("cats-effect"), base = 1500))
    val r = RunData.load(SyntheticRun.write(Files.createTempDirectory("guards"), "guards-s", specs))
    assertEquals(ReportModel.floorFlags(ReportModel.groups(r).head), Vector.empty)
    assert(!TerminalTable.render(r).contains(ReportModel.FloorFlag), TerminalTable.render(r))
  }

  test("under --cpus the claims are the JVM's own processors, not the host's") {
    val oneCpu = SyntheticRun.jvm + ", 1 cpu"
    def one(threads: String) = Vector(SyntheticRun.Spec(key("zio"), base = 20, jvm = oneCpu,
        readBack = proven("zio").map { case (k, v) => if (k == Claim.ComputeThreads) k -> threads else k -> v }))
    val pinned = RunData.load(SyntheticRun.write(Files.createTempDirectory("guards"), "guards-cpus", one("1")))
    assertEquals(ReportModel.readBackSummary(pinned).filter(_._2), Vector.empty)
    val wrong = RunData.load(SyntheticRun.write(Files.createTempDirectory("guards"), "guards-cpus2", one("2")))
    assert(ReportModel.readBackSummary(wrong).exists(_._1.contains("computeThreads 2 (≠ claimed 1)")),
      ReportModel.readBackSummary(wrong).toString)
  }

  test("cells at or above the baseline floor are not flagged, nor is a tie within the error") {
    val r = run(zioScore = 40)
    assertEquals(ReportModel.floorFlags(ReportModel.groups(r).head), Vector.empty)
    assert(!TerminalTable.render(r).contains(ReportModel.FloorFlag))
    // 19.9 against 20 with 2% noise: the intervals overlap, so nothing can be said.
    val tie = run(zioScore = 19.9)
    assertEquals(ReportModel.floorFlags(ReportModel.groups(tie).head), Vector.empty)
  }

  test("every format prints the profile's claims as read back, and flags a read-back value that differs") {
    val ok = run(zioScore = 40)
    val t = TerminalTable.render(ok)
    assert(t.contains("cats-effect: tracing off, enhancedExceptions off, autoYieldBudget 20480, computeThreads 2"), t)
    assert(t.contains("zio: autoYieldBudget 10240, computeThreads 2, fiberRoots off"), t)
    assert(!t.contains("differs from the profile"), t)
    val wrong = run(zioScore = 40,
      ceReadBack = proven("cats-effect").map {
        case (Claim.AutoYield, _) => Claim.AutoYield -> "1024"
        case kv => kv
      }.filterNot(_._1 == Claim.Tracing))
    val line = "cats-effect: autoYieldBudget 1024 (≠ claimed 20480)"
    for (
      (name, text) <-
        Vector("terminal" -> TerminalTable.render(wrong), "markdown" -> Markdown.render(wrong), "html" -> Html.render(wrong, None))
    ) {
      assert(text.contains("tracing not read back (claimed off)"), s"$name:\n$text")
      assert(text.contains(if (name == "html") Html.esc("autoYieldBudget 1024 (≠ claimed 20480)")
          else "autoYieldBudget 1024 (≠ claimed 20480)"), s"$name:\n$text")
      assert(text.contains("differs from the profile"), s"$name:\n$text")
    }
    // Under each table too, not only in the header.
    assert(TerminalTable.render(wrong).contains("! read back cats-effect:"), TerminalTable.render(wrong))
    assert(line.nonEmpty)
  }

  test("the measured binds per yield stand beside each budget, and a slice the profile does not level is flagged") {
    val measured = proven("cats-effect") ++ Vector(Claim.BindsPerYield -> "10240 (every slice)", Claim.SliceLevelled -> "yes")
    val t = TerminalTable.render(run(zioScore = 40, ceReadBack = measured))
    assert(t.contains("autoYieldBudget 20480, bindsPerYield 10240 (every slice), computeThreads 2"), t)
    assert(!t.contains("differs from the profile"), t)
    val half = proven("cats-effect") ++ Vector(Claim.BindsPerYield -> "5120 (every slice)",
      Claim.SliceLevelled -> "no: yields every 5120 binds, 50% from the levelled 10240")
    val w = TerminalTable.render(run(zioScore = 40, ceReadBack = half))
    assert(w.contains("bindsPerYield 5120 (every slice), computeThreads 2, sliceLevelled no: yields every 5120 binds"), w)
    assert(w.contains("differs from the profile"), w)
  }

  test("the HTML shows counted work beside the score, else the declared work, labelled") {
    val fk = "fork-join/default/%s/f=10000/fork"
    val specs = Vector(
      SyntheticRun.Spec(fk.format("zio"), base = 3000, work = Vector("forks" -> 10000L, "joins" -> 10000L)),
      SyntheticRun.Spec(fk.format("baseline"), base = 2000),
      SyntheticRun.Spec(key("zio"), base = 60)
    )
    val r = RunData.load(SyntheticRun.write(Files.createTempDirectory("work"), "work-run", specs))
    val html = Html.render(r, None)
    assert(html.contains("<th>work per operation · "), "no work column")
    assert(html.contains("counted: forks 10,000, joins 10,000"), "no counted work")
    assert(html.contains("declared: forks 10,000, joins 10,000"), "the baseline's declared work is missing")
    assert(html.contains("declared: binds 10,001"), "deep-bind's declared work is missing")
  }

  test("a cells.jsonl written before work was counted still loads, showing the declared work") {
    val dir = SyntheticRun.write(Files.createTempDirectory("old"), "old-run", Vector(SyntheticRun.Spec(key("zio"), base = 60)))
    val f = dir.resolve("cells.jsonl")
    val old = new String(Files.readAllBytes(f), StandardCharsets.UTF_8).replace("\"work\":{},", "")
    assert(!old.contains("\"work\""), old)
    Files.write(f, old.getBytes(StandardCharsets.UTF_8))
    val r = RunData.load(dir)
    assertEquals(r.warnings, Vector.empty[String])
    assertEquals(r.cells.map(_.countedWork), Vector(Vector.empty[(String, Long)]))
    assertEquals(RowText.work(ReportModel.work(r.cells.head)), "declared: binds 10,001")
  }
}
