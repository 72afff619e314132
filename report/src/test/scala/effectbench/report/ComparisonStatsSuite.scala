package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.analysis.*
import effectbench.stats.Stats
import effectbench.store.RunData

class ComparisonStatsSuite extends munit.FunSuite {
  private val specs = SyntheticRun.cells200.filter(_.key.startsWith("scenario-0/")) // 20 cells

  private def pair(factor: Double, seedB: Long = 2, allocFactor: Double = 1.0, unit: String = "us/op") = {
    val s = specs.map(_.copy(unit = unit))
    val root = SyntheticRun.tempDir("cmp")
    val a = SyntheticRun.write(root.resolve("a"), "a", s, seed = 1)
    val b = SyntheticRun.write(root.resolve("b"), "b", s, factor = _ => factor, allocFactor = _ => allocFactor, seed = seedB)
    RunComparison.compare(RunData.load(a), RunData.load(b), 0.05)
  }

  test("a run compared with itself gives only ~, ratio 1, no warnings") {
    val root = SyntheticRun.tempDir("self")
    val a = RunData.load(SyntheticRun.write(root.resolve("a"), "a", specs))
    val c = RunComparison.compare(a, a, 0.05)
    assertEquals(c.rows.size, specs.size)
    assertEquals(c.rows.map(_.verdict).distinct, Vector(Verdict.Same))
    c.rows.foreach(r => assertEqualsDouble(r.ratio, 1.0, 1e-12))
    assert(c.rows.forall(r => r.ciLow <= 1.0 && r.ciHigh >= 1.0), "every interval contains 1")
    assert(c.allocFlagged.isEmpty)
    assertEquals(c.warnings, Vector.empty)
  }

  test("two runs of the same true scores (fresh noise) give only ~") {
    val c = pair(1.0)
    assertEquals(c.rows.map(_.verdict).distinct, Vector(Verdict.Same))
  }

  test("a 20% slower time/op is flagged regressed on every cell, geomean near +20%") {
    val c = pair(1.2)
    assertEquals(c.regressed.size, specs.size, CompareReport.terminal(c))
    // p is over the forks' means (3 a side, apart): 2 / C(6, 3), not the tiny p of 15 iterations a side taken as independent.
    c.rows.foreach { r =>
      assert(r.ciLow > 1.05 && r.ciHigh < 1.35, s"${r.key}: [${r.ciLow}, ${r.ciHigh}]"); assertEqualsDouble(r.p, 0.1, 1e-9)
    }
    val (g, lo, hi) = c.geomean.get
    assert(math.abs(g - 1.2) < 0.03, s"geomean $g")
    assert(lo < g && g < hi)
  }

  test("a shift of the whole run is said, and the flagged cells that moved no further than it are marked, the others not") {
    val c = pair(1.2)
    val (g, lo, _) = c.shift.get
    assert(lo > 1 && g > 1.15, s"shift $g")
    assertEquals(c.withShift.size, c.regressed.size, "every cell moved with the run")
    assert(CompareReport.terminal(c).contains("the whole run moved: B slower than A by"), CompareReport.terminal(c))
    assert(CompareReport.terminal(c).contains("regressed*"))
    // One cell 50% slower, the rest 10%: the rest are marked, the one that moved further than the run is not.
    val s = specs
    val root = SyntheticRun.tempDir("shift")
    val a = SyntheticRun.write(root.resolve("a"), "a", s, seed = 1)
    val far = s.head.key
    val b = SyntheticRun.write(root.resolve("b"), "b", s, factor = k => if (k == far) 1.5 else 1.1, seed = 2)
    val m = RunComparison.compare(RunData.load(a), RunData.load(b), 0.05)
    assert(m.shift.isDefined, CompareReport.terminal(m))
    assert(m.regressed.exists(_.key == far), CompareReport.terminal(m))
    assert(!m.withShift.exists(_.key == far), "a cell 50% slower moved further than a run 10–12% slower")
    assert(m.withShift.nonEmpty, CompareReport.terminal(m))
    // No shift when the runs agree as a whole: nothing marked, no line.
    val same = pair(1.0)
    assert(same.shift.isEmpty && same.withShift.isEmpty)
    assert(!CompareReport.terminal(same).contains("the whole run moved"))
  }

  test("a table that moved as a whole marks its flagged cells; a cell that moved further than its table is not marked") {
    val root = SyntheticRun.tempDir("table-shift")
    val a = SyntheticRun.write(root.resolve("a"), "a", specs, seed = 1)
    val moved = "/n=100/fork"
    val far = specs.find(_.key.endsWith("/n=1000/sync")).get.key
    val b = SyntheticRun.write(root.resolve("b"), "b", specs,
      factor = k => if (k.endsWith(moved)) 1.2 else if (k == far) 1.5 else 1.0, seed = 2)
    val c = RunComparison.compare(RunData.load(a), RunData.load(b), 0.05)
    val text = CompareReport.terminal(c)
    val inTable = c.regressed.filter(_.key.endsWith(moved))
    assertEquals(inTable.size, 5, text)
    assert(inTable.forall(d => c.shiftedKeys((d.key, d.jvm))), text)
    assert(c.regressed.exists(_.key == far) && !c.shiftedKeys((far, c.rows.find(_.key == far).get.jvm)), text)
    assert(text.contains("the table scenario-0/default/n=100/fork") && text.contains("flagged cells of it moved no further"), text)
    // No table moved: nothing marked.
    assert(pair(1.0).tableShifts.isEmpty)
  }

  test("a 20% faster time/op is improved") {
    val c = pair(1 / 1.2)
    assertEquals(c.improved.size, specs.size, CompareReport.terminal(c))
  }

  test("throughput: higher is better, so a 20% higher score is improved and a 20% lower one regressed") {
    assertEquals(pair(1.2, unit = "ops/s").improved.size, specs.size)
    assertEquals(pair(1 / 1.2, unit = "ops/s").regressed.size, specs.size)
    val g = pair(1.2, unit = "ops/s").geomean.get._1
    assert(g < 0.9, s"geomean as cost ratio should be < 1 for faster throughput, got $g")
  }

  test("a 1% shift is ~ (inside the 5% threshold)") {
    val c = pair(1.01)
    assertEquals(c.rows.map(_.verdict).distinct, Vector(Verdict.Same), CompareReport.terminal(c))
  }

  test("bytes/op: a 2% change is flagged, 0.5% is not") {
    assertEquals(pair(1.0, allocFactor = 1.02).allocFlagged.size, specs.size)
    assertEquals(pair(1.0, allocFactor = 1.005).allocFlagged.size, 0)
  }

  test("the bootstrap is reproducible (fixed seed)") {
    val root = SyntheticRun.tempDir("seed")
    val a = RunData.load(SyntheticRun.write(root.resolve("a"), "a", specs, seed = 1))
    val b = RunData.load(SyntheticRun.write(root.resolve("b"), "b", specs, factor = _ => 1.1, seed = 2))
    val c1 = RunComparison.compare(a, b, 0.05)
    val c2 = RunComparison.compare(a, b, 0.05)
    assertEquals(c1.rows.map(r => (r.ciLow, r.ciHigh)), c2.rows.map(r => (r.ciLow, r.ciHigh)))
  }

  test("differing cell sets and too few samples are warned about") {
    val root = SyntheticRun.tempDir("warn")
    val a = RunData.load(SyntheticRun.write(root.resolve("a"), "a", specs))
    val b = RunData.load(SyntheticRun.write(root.resolve("b"), "b", specs.drop(2), forks = 1, iterations = 3))
    val c = RunComparison.compare(a, b, 0.05)
    assertEquals(c.rows.size, specs.size - 2)
    assert(CompareNotes.texts(c).exists(_.startsWith("2 cells only in A")), CompareNotes.texts(c).mkString("\n"))
    assert(CompareNotes.texts(c).exists(_.contains("too few samples")), CompareNotes.texts(c).mkString("\n"))
    assertEquals(c.rows.map(_.verdict).distinct, Vector(Verdict.Same))
  }

  test("Mann–Whitney: exact p for complete separation of 5 vs 5 is 2/252; identical samples give 1") {
    val a = Array(1.0, 2, 3, 4, 5)
    val b = Array(6.0, 7, 8, 9, 10)
    assertEqualsDouble(Stats.mannWhitneyP(a, b), 2.0 / 252, 1e-12)
    assertEqualsDouble(Stats.mannWhitneyP(a, a.clone()), 1.0, 1e-9)
    // Large samples with ties use the normal approximation: a clear shift is tiny, none is large.
    val x = Array.tabulate(200)(i => (i % 20).toDouble)
    assert(Stats.mannWhitneyP(x, x.map(_ + 5)) < 1e-6)
    assert(Stats.mannWhitneyP(x, x.clone()) > 0.9)
  }

  test("Mann–Whitney agrees with R's wilcox.test: exact without ties under 50 values, else normal with tie and continuity corrections") {
    // R's ?wilcox.test example (Hollander & Wolfe): wilcox.test(x, y, alternative = "g") prints
    // W = 35, p-value = 0.1272 (exact); the two-sided p is twice that, 0.2544122544 by enumeration.
    val x = Array(0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46)
    val y = Array(1.15, 0.88, 0.90, 0.74, 1.21)
    assertEqualsDouble(Stats.mannWhitneyP(x, y), 0.2544122544122544, 1e-12)
    // With ties R falls back to the normal approximation (src/library/stats/R/wilcox.test.R:
    // z = W - nx·ny/2 - sign·0.5 over the tie-corrected sigma): wilcox.test(c(1,2,2,3,4), c(3,4,5,5,6))
    // gives W = 2, p-value = 0.03445.
    assertEqualsDouble(Stats.mannWhitneyP(Array(1.0, 2, 2, 3, 4), Array(3.0, 4, 5, 5, 6)), 0.03445363703947131, 1e-9)
    // 200 against 200 (no exact test at that size): the same formula, erfc computed independently.
    val big = Array.tabulate(200)(i => (i % 20).toDouble)
    assertEqualsDouble(Stats.mannWhitneyP(big, big.map(_ + 5)), 3.5772087774649985e-14, 1e-18)
    assert(Stats.mannWhitneyP(Array.empty, y).isNaN, "an empty sample has no p-value")
    assertEqualsDouble(Stats.mannWhitneyP(x :+ Double.NaN, y), 0.2544122544122544, 1e-12)
  }
}
