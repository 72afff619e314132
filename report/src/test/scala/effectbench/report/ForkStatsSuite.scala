package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.analysis.*
import effectbench.stats.{ForkStats, ForkSteady}
import effectbench.store.RunData
import java.nio.file.Files
import scala.util.Random

class ForkStatsSuite extends munit.FunSuite {
  test("t quantiles match the published table") {
    for (
      (conf, df, want) <-
        Seq((0.95, 1.0, 12.706), (0.95, 2.0, 4.303), (0.95, 4.0, 2.776), (0.95, 29.0, 2.045), (0.999, 5.0, 6.869), (0.99, 10.0, 3.169))
    )
      assertEqualsDouble(ForkStats.tQuantile(conf, df), want, 0.002, s"t($conf, $df)")
    // R: qt(0.975, c(1, 2, 4, 29)), qt(0.9995, 5), qt(0.995, 10), to R's printed seven digits.
    for (
      (conf, df, want) <- Seq((0.95, 1.0, 12.706205), (0.95, 2.0, 4.302653), (0.95, 4.0, 2.776445), (0.95, 29.0, 2.045230),
        (0.999, 5.0, 6.868827), (0.99, 10.0, 3.169273))
    )
      assertEqualsDouble(ForkStats.tQuantile(conf, df), want, 1e-6, s"t($conf, $df)")
    // Welch–Satterthwaite degrees of freedom are not whole: between its neighbours, and nothing without data.
    assert(ForkStats.tQuantile(0.95, 2.5) < ForkStats.tQuantile(0.95, 2) && ForkStats.tQuantile(0.95, 2.5) > ForkStats.tQuantile(0.95, 3))
    assert(ForkStats.tQuantile(0.95, 0).isNaN && ForkStats.tQuantile(0.95, Double.NaN).isNaN)
  }

  test("Mann–Kendall: a steady rise of six iterations (S = 15) has p = 2·(1 − Φ(14 / sqrt(6·5·17/18)))") {
    // z = 2.6301420, two-sided p = erfc(z / sqrt 2) = 0.0085349204 (computed independently).
    assertEqualsDouble(ForkStats.mannKendallP(Vector(1.0, 2, 3, 4, 5, 6)), 0.00853492041422708, 1e-12)
    assertEqualsDouble(ForkStats.mannKendallP(Vector(3.0, 3, 3, 3, 3, 3)), 1.0, 1e-12)
  }

  test("a cell's interval comes from its fork means: forks that disagree widen it, iterations do not narrow it") {
    // Three forks at ~79, ~79 and ~97 (the standard deep-bind shape), iterations tight inside each.
    val raw = Vector(Vector(79.0, 79.2, 78.8, 79.1, 78.9), Vector(78.5, 78.7, 78.6, 78.4, 78.8), Vector(97.0, 97.2, 96.8, 97.1, 96.9))
    val e = LaunchStates.estimate(raw)
    val means = raw.map(f => f.sum / f.size)
    val m = means.sum / 3
    val sd = math.sqrt(means.map(x => (x - m) * (x - m)).sum / 2)
    assertEqualsDouble(e.mean, m, 1e-9)
    assertEqualsDouble(e.halfWidth, 4.303 * sd / math.sqrt(3), 0.01)
    assert(e.relHalfWidth > 0.2, s"three forks this far apart cannot give a tight interval: ${e.relHalfWidth}")
    assertEquals(LaunchStates.estimate(Vector(Vector(1.0, 2.0, 3.0))).halfWidth.isNaN, true, "one fork has no interval")
  }

  test("warm-up is judged per fork: leading trending iterations are dropped, steady ones kept") {
    val zio = ForkStats.judgeWarmup(1, Vector(59.0, 25.8, 30.9))
    assertEquals(zio.dropped, 1)
    assertEquals(zio.steady, Vector(25.8, 30.9))
    val flat = ForkStats.judgeWarmup(1, Vector(100.0, 101, 99, 100.5, 99.5, 100, 100.2, 99.8))
    assertEquals(flat.dropped, 0)
    assert(flat.settled)
    val slow = ForkStats.judgeWarmup(1, Vector(300.0, 180, 120, 100, 101, 99, 100.5, 99.5, 100, 100.2))
    assert(slow.dropped >= 2 && slow.dropped <= 5, slow.toString)
    assert(slow.settled)
    assert(slow.steady.forall(_ < 125), slow.toString)
  }

  test("a fork that keeps trending up to the ceiling is flagged, and the flag reaches the report notes") {
    val drift = ForkStats.judgeWarmup(2, Vector(20.0, 18, 16, 14, 12, 10, 8, 6))
    assertEquals(drift.dropped, 4) // the ceiling: half the fork
    assert(!drift.settled)
    val e = LaunchStates.estimate(Vector(Vector(10.0, 10, 10, 10, 10, 10, 10, 10), Vector(20.0, 18, 16, 14, 12, 10, 8, 6)))
    assertEquals(e.unsettled, Vector(2))
    assert(CellStats.notes("zio", e, "us/op").exists(_.contains("fork 2 never settled")))
  }

  test("modes: the measured cats-effect deep-bind iterations are bimodal, with shares and forks") {
    val one = ForkStats.modes(Vector(ForkSteady(1, Vector(1616.0, 1558, 1675, 1510, 1551, 82.5), 0, true)))
    assertEquals(one.size, 2)
    assertEqualsDouble(one(0).center, 82.5, 1e-9)
    assertEqualsDouble(one(0).share, 1.0 / 6, 1e-9)
    assertEqualsDouble(one(1).share, 5.0 / 6, 1e-9)
    // As two forks of three iterations (the quick profile).
    val two = LaunchStates.estimate(Vector(Vector(1616.0, 1558, 1675), Vector(1510.0, 1551, 82.5)))
    assert(two.bimodal, two.toString)
    assertEquals(two.modes.map(_.forks), Vector(Vector(2), Vector(1, 2)))
  }

  test("modes: measured monix and cps deep-bind forks in two states are bimodal; noisy unimodal data is not") {
    assert(LaunchStates.estimate(Vector(Vector(1792.0, 1855, 399), Vector(360.0, 137, 1672))).bimodal)
    val cps = LaunchStates.estimate(Vector(Vector(6665.0, 6579, 296), Vector(197.0, 183, 194)))
    assert(cps.bimodal, cps.toString)
    val rnd = new Random(7)
    val noisy = Vector.fill(5)(Vector.fill(10)(100 * (1 + 0.3 * rnd.nextGaussian().abs)))
    assertEquals(LaunchStates.estimate(noisy).modes.size, 1)
    // A lone iteration 10× off among 30 is an outlier, not a mode.
    val lone = Vector.fill(3)(Vector.fill(10)(100.0)).updated(1, Vector.fill(9)(100.0) :+ 1000.0)
    assertEquals(LaunchStates.estimate(lone).modes.size, 1)
    // A whole fork in the other state is a mode even when it is a small share.
    val fork = Vector.fill(7)(Vector.fill(3)(100.0)) :+ Vector.fill(3)(1000.0)
    assertEquals(LaunchStates.estimate(fork).modes.map(_.forks), Vector(Vector(1, 2, 3, 4, 5, 6, 7), Vector(8)))
  }

  test("a decided ratio is written plainly, a tie as a tie, a bimodal one as bimodal (the rule: analysis's DecisionSuite)") {
    // Five forks each, 1% apart: 1.3× is decided. Three forks 10% apart around one level: a tie.
    def forks(base: Double, spread: Double, n: Int) = Vector.tabulate(n)(f => Vector.fill(5)(base * (1 + spread * (f - (n - 1) / 2.0))))
    val r = ForkStats.ratio(LaunchStates.estimate(forks(100, 0.01, 5)), LaunchStates.estimate(forks(130, 0.01, 5)))
    assert(Decision.decided(r), r.toString)
    assertEquals(CellStats.ratioText(r).startsWith("tie"), false)
    val tie = ForkStats.ratio(LaunchStates.estimate(forks(100, 0.1, 3)), LaunchStates.estimate(forks(101, 0.1, 3).reverse))
    assert(Decision.tie(tie), tie.toString)
    assert(CellStats.ratioText(tie).startsWith("tie"), CellStats.ratioText(tie))
    val a = LaunchStates.estimate(Vector(Vector(1616.0, 1558, 1675), Vector(1510.0, 1551, 82.5), Vector(1600.0, 1590, 1610)))
    val b = LaunchStates.estimate(Vector(Vector(50.0, 51, 49), Vector(50.5, 49.5, 50), Vector(50.0, 50, 50)))
    assert(CellStats.ratioText(ForkStats.ratio(b, a)).endsWith("bimodal"), CellStats.ratioText(ForkStats.ratio(b, a)))
  }

  test("every report format shows fork-level scores, ratio intervals, modes with shares and forks, and unsettled forks") {
    val dir = Files.createTempDirectory("modes")
    val specs = Vector(
      SyntheticRun.Spec("deep-bind/default/cats-effect/d=10000/fork", 0,
        raw = Some(Vector(Vector(1616.0, 1558, 1675), Vector(1510.0, 1551, 82.5)))),
      SyntheticRun.Spec("deep-bind/default/zio/d=10000/fork", 0, raw = Some(Vector(Vector(900.0, 905, 895), Vector(910.0, 900, 905)))),
      SyntheticRun.Spec("deep-bind/default/future/d=10000/fork", 0,
        raw = Some(Vector(Vector(3000.0, 2000, 1500, 1100, 1000, 900), Vector(1000.0, 1010, 990, 1000, 1005, 995))))
    )
    val run = RunData.load(SyntheticRun.write(dir, "modes-run", specs))
    val g = ReportModel.groups(run).head
    val ce = g.rows.find(_.runtime == "cats-effect").get
    assert(RowText.vsFastest(ce).contains("bimodal"), RowText.vsFastest(ce))
    assert(!ce.tie || ce.vsFastest.exists(r => !Decision.decided(r)))
    val t = TerminalTable.render(run)
    val md = Markdown.render(run)
    val html = Html.render(run, None)
    for ((name, text) <- Seq("terminal" -> t, "markdown" -> md, "html" -> html)) {
      assert(text.contains("cats-effect is bimodal"), s"$name:\n$text")
      assert(text.contains("20% of iterations, fork 2"), s"$name:\n$text")
      assert(text.contains("future: fork 1 never settled"), s"$name:\n$text")
      assert(text.contains("95% t-interval"), s"$name")
      assert(text.contains("bimodal"), s"$name")
    }
    // zio is the fastest; its precision column states the forks behind it.
    assert(t.linesIterator.exists(l => l.startsWith("zio") && l.contains("(2 forks)")), t)
    assert(ReportModel.groups(run, 0.99).head.rows.head.estimate.get.confidence == 0.99)
  }
}

class ForkCompareSuite extends munit.FunSuite {
  test("compare: two runs of one build whose forks differ by ~10% flag nothing (forks, not iterations, are the samples)") {
    val specs = SyntheticRun.cells200.filter(_.key.startsWith("scenario-1/"))
    val root = SyntheticRun.tempDir("forkcmp")
    // noise 0.2: forks offset by ~10% of each other, iterations by ~20%: noisier than measured here.
    val a = RunData.load(SyntheticRun.write(root.resolve("a"), "a", specs, seed = 11, noise = 0.2))
    val b = RunData.load(SyntheticRun.write(root.resolve("b"), "b", specs, seed = 12, noise = 0.2))
    val c = RunComparison.compare(a, b, 0.05)
    assertEquals(c.regressed.size + c.improved.size, 0, CompareReport.terminal(c))
    // Forks that disagree (±15%) while iterations agree (±1%): the shape that made the iteration-level
    // comparison raise false alarms on two runs of one build.
    def forky(seed: Long) = {
      val rnd = new Random(seed)
      specs.map(sp =>
        sp.copy(raw = Some(Vector.fill(3) {
          val off = 1 + 0.15 * rnd.nextGaussian(); Vector.fill(5)(sp.base * off * (1 + 0.01 * rnd.nextGaussian()))
        }))
      )
    }
    val fa = RunData.load(SyntheticRun.write(root.resolve("fa"), "fa", forky(21)))
    val fb = RunData.load(SyntheticRun.write(root.resolve("fb"), "fb", forky(22)))
    val fc = RunComparison.compare(fa, fb, 0.05)
    assert(fc.regressed.size + fc.improved.size <= 1, CompareReport.terminal(fc))
    // And a true 30% slowdown at half that noise (forks ~5% apart) is found on at least half the cells:
    // three forks a side leave the fork-level interval wide (t with ~4 df), which is the honest price.
    val a2 = RunData.load(SyntheticRun.write(root.resolve("a2"), "a2", specs, seed = 14, noise = 0.1))
    val slow = RunData.load(SyntheticRun.write(root.resolve("s"), "s", specs, seed = 13, noise = 0.1, factor = _ => 1.3))
    val found = RunComparison.compare(a2, slow, 0.05).regressed.size
    assert(found >= specs.size / 2, s"$found of ${specs.size}")
  }
}
