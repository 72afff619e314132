package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.analysis.Decision
import effectbench.stats.Format
import effectbench.store.RunData
import java.nio.file.Files

/** The report model's rows hold numbers and types: which row is the fastest and the baseline, the
  * ratios as estimates, each launch state's own ratio; the words come from RowText. */
class ReportRowsSuite extends munit.FunSuite {
  private def groups(name: String): Vector[Group] = {
    val specs = ReportTextGoldenSuite.runs.find(_._1 == name).get._2
    ReportModel.groups(RunData.load(SyntheticRun.write(Files.createTempDirectory("rows"), name, specs, forks = 5, iterations = 6)))
  }

  test("the fastest and the baseline rows are flagged, with no ratio to themselves; the others carry their ratio as an estimate") {
    val g = groups("floor").head
    val byRt = g.rows.map(r => r.runtime -> r).toMap
    val zio = byRt("zio")
    assert(zio.isFastest && !zio.isBaseline)
    assertEquals(zio.vsFastest, None)
    assertEquals(zio.slowdown, Some(1.0))
    val base = byRt("baseline")
    assert(base.isBaseline && base.hasBaseline && !base.isFastest)
    assertEquals(base.vsBaseline, None)
    assert(base.vsFastest.exists(r => r.ratio > 5 && Decision.of(r) == Decision.Decided), base.vsFastest.toString)
    val ce = byRt("cats-effect")
    assert(ce.vsBaseline.exists(r => math.abs(r.ratio - 3) < 0.2), ce.vsBaseline.toString)
    assertEquals(ce.slowdownLow, ce.vsFastest.map(_.low))
    assertEquals(RowText.vsBaseline(base), "1.00×")
    assertEquals(RowText.vsFastest(zio), "1.00×")
    assert(RowText.vsFastest(ce).startsWith(Format.ratio(ce.vsFastest.get.ratio)), RowText.vsFastest(ce))
    // Marks are types too: zio is the fastest and under the floor (the floor wins); cats-effect is decided.
    val marks = ReportModel.build(RunData.load(SyntheticRun.write(Files.createTempDirectory("rows"), "floor",
          ReportTextGoldenSuite.runs.find(_._1 == "floor").get._2, forks = 5, iterations = 6))).blocks.head.rows.map(v =>
      v.runtime -> v.mark
    ).toMap
    assertEquals(marks("zio"), RowMark.BelowFloor)
    assertEquals(marks("cats-effect"), RowMark.Plain)
  }

  test("a table without a baseline has no baseline ratios, said as —") {
    val g = groups("modes").find(_.params == "d=100").get
    assert(g.rows.forall(r => r.scored && !r.hasBaseline && r.vsBaseline.isEmpty), g.rows.toString)
    assertEquals(g.rows.map(RowText.vsBaseline).distinct, Vector("—"))
  }

  test("a cell with two launch states carries each state's ratio to the fastest and to the baseline") {
    val g = groups("states").find(_.params == "n=1000").get
    val future = g.rows.find(_.runtime == "future").get
    assert(future.multiState)
    assertEquals(future.statesVsFastest.map(_.state.forks), Vector(Vector(2, 5), Vector(1, 3, 4)))
    assertEquals(future.statesVsBaseline.size, 2)
    assert(future.statesVsBaseline.forall(_.ratio.ratio > 1), future.statesVsBaseline.toString)
    assert(g.rows.filterNot(_.multiState).forall(_.statesVsFastest.isEmpty))
    assert(RowText.vsFastest(future).startsWith("state 1 (2 of 5 launches)"), RowText.vsFastest(future))
    // The fastest and the baseline of its own table, in two states: ratios per state against itself.
    val own = groups("states").find(_.params == "n=10").get.rows.find(_.runtime == "baseline").get
    assert(own.multiState && own.isBaseline, own.toString)
    assertEquals(own.statesVsBaseline.size, 2)
  }

  test("each decision has its word (the rule: analysis's DecisionSuite)") {
    assertEquals(Decision.values.toVector.map(CellStats.decisionText), Vector("decided", "tie", "undecided", "bimodal"))
  }
}
