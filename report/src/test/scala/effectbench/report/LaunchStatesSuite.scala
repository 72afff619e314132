package effectbench.report

import scala.util.Random

/** Launch states: fork means split by a gap test, each state's own score and ratios, and the fork
  * length chosen from the variance components. Synthetic and recorded fork data, nothing timed. */
class LaunchStatesSuite extends munit.FunSuite {
  /** Forks whose iterations sit tightly (0.5%) around the given means. */
  private def forks(means: Seq[Double], seed: Long = 1): Vector[Vector[Double]] = {
    val g = new Random(seed)
    means.toVector.map(m => Vector.fill(6)(m * (1 + 0.005 * g.nextGaussian())))
  }

  test("ping-pong future's fork means by round (0.77, 0.37, 0.80, 0.76, 0.38 ms) are two launch states") {
    val e = ForkStats.estimate(forks(Seq(0.77, 0.37, 0.80, 0.76, 0.38)), rounds = Vector(1, 2, 3, 4, 5))
    assert(e.multiState, e.states.toString)
    assertEquals(e.states.map(_.forks), Vector(Vector(2, 5), Vector(1, 3, 4)))
    assertEqualsDouble(e.states(1).share, 0.6, 1e-9)
    // Each state's own estimate keeps its forks' rounds, for ratios paired by round.
    assertEquals(e.ofState(e.states(0)).rounds, Vector(2, 5))
    assert(math.abs(e.ofState(e.states(1)).mean - 0.7767) < 0.01)
  }

  test("states 1.5× apart are states when each is tight; a lone fork 3× off among four is a state") {
    assert(ForkStats.estimate(forks(Seq(3.27, 3.30, 5.07, 5.77, 3.28))).multiState, "ping-pong monix 3.3 vs 5.1–5.8 ms")
    val fm = ForkStats.estimate(forks(Seq(0.89, 0.90, 0.88, 2.93)))
    assertEquals(fm.states.map(_.forks), Vector(Vector(1, 2, 3), Vector(4)))
  }

  test("a cell that scatters widely is one state, and so is one whose forks agree") {
    // deep-bind cats-effect's fork means (µs): a spread, no gap.
    assert(!ForkStats.estimate(forks(Seq(68.0, 78, 72, 73, 99, 87))).multiState)
    // Neighbours up to 30% apart, but the groups on either side spread 7–8% each: a gap 3.4 times the
    // spread, not six, is not evidence of two states.
    assert(!ForkStats.estimate(forks(Seq(3.06, 4.05, 5.15, 6.34, 8.03))).multiState)
    assert(!ForkStats.estimate(forks(Seq(100.0, 108, 116, 150, 162, 175))).multiState)
    val g = new Random(5)
    var split = 0
    for (_ <- 1 to 200) {
      val e = ForkStats.estimate(forks(Seq.fill(6)(100 * math.exp(0.03 * g.nextGaussian())), g.nextLong()))
      if (e.multiState) split += 1
    }
    assertEquals(split, 0, "6 forks with 3% spread never split")
  }

  test("a two-state cell gets a score and ratios per state; others are compared with its most frequent state") {
    val ref = ForkStats.estimate(forks(Seq(1.0, 1.01, 0.99, 1.0, 1.02), 3), rounds = Vector(1, 2, 3, 4, 5))
    val two = ForkStats.estimate(forks(Seq(2.0, 1.0, 2.02, 2.01, 1.01), 4), rounds = Vector(1, 2, 3, 4, 5))
    val rs = CellStats.stateSlowdowns(two, ref, higherIsBetter = false)
    assertEquals(rs.size, 2)
    assert(rs(0).ratio.contains1, s"the fast state ties the reference: ${rs(0).ratio}")
    assert(rs(1).ratio.low > 1.9 && rs(1).ratio.high < 2.1, s"the slow state is 2×: ${rs(1).ratio}")
    assert(!rs.exists(_.ratio.bimodal), "a state's own ratio is not bimodal")
    val text = CellStats.statesText(two, rs)
    assert(text.startsWith("state 1 (2 of 5 launches) tie"), text)
    assert(CellStats.statesScoreText(two).endsWith("(states)"))
    // The reference of a two-state cell is its most frequent state (3 of 5 at ~2.0).
    assert(math.abs(CellStats.reference(two).mean - 2.01) < 0.02, CellStats.reference(two).toString)
    assert(CellStats.notes("future", two, "ms").exists(_.contains("lands in 2 launch states")))
  }

  test("each launch state's note carries its own counters, read from the forks of that state") {
    import effectbench.Outcome
    import effectbench.store.{CellRecord, JmhMetric, JmhResult, Named, RunFiles}
    val dir = java.nio.file.Files.createTempDirectory("state-counters")
    java.nio.file.Files.createDirectories(dir.resolve("jmh"))
    // ping-pong future's shape: forks 2 and 4 fast with few voluntary switches, 1 and 3 slow with many.
    val raw = forks(Seq(0.77, 0.37, 0.78, 0.38), 6)
    def perFork(vs: Double*) = JmhMetric(vs.sum / vs.size, Double.NaN, "#/op", vs.toVector.map(v => Vector(v, v)))
    val jmh = Vector(JmhResult("effectbench.Bench.run", "avgt", primaryMetric = JmhMetric(0.5, 0.1, "ms/op", raw),
        secondaryMetrics = Named.of(Vector("proc.cs.voluntary.norm" -> perFork(17.0, 5.0, 16.5, 5.2),
            "proc.cs.involuntary.norm" -> perFork(0.1, 0.01, 0.1, 0.01), "proc.jit.ms" -> perFork(4, 2, 6, 2),
            "gc.count" -> perFork(0, 0, 1, 0)))))
    java.nio.file.Files.write(dir.resolve("jmh/c.json"), RunFiles.jmhJson(jmh).getBytes("UTF-8"))
    val rec = CellRecord("ping-pong/default/future/n=1/fork", "j", "/j", "modern", Outcome.Ok, jmh = Some("jmh/c.json"), finished = "now")
    val (cell, _) = RunData.cellOf(dir, rec)
    val e = ForkStats.estimate(raw)
    assertEquals(e.states.map(_.forks), Vector(Vector(2, 4), Vector(1, 3)))
    val note = CellStats.notes("future", e, "ms", fs => Counters.ofForks(dir, cell, fs)).head
    // JIT is summed over a fork's two iterations (2 × 2 ms), switches averaged.
    assert(note.contains("(forks 2,4; cs/op v/i 5.100/0.0100, GCs 0, JIT 4 ms)"), note)
    assert(note.contains("(forks 1,3; cs/op v/i 16.75/0.1000, GCs 1, JIT 10 ms)"), note)
    // A file that keeps a counter for only some forks (combined before per-fork counters were kept)
    // gives no per-state counters rather than another state's.
    val partial = jmh.map(j =>
      j.copy(secondaryMetrics = Named.of(j.secondaryMetrics.entries.map { case (k, m) =>
        k -> m.copy(rawData = m.rawData.take(1))
      }))
    )
    java.nio.file.Files.write(dir.resolve("jmh/c.json"), RunFiles.jmhJson(partial).getBytes("UTF-8"))
    assert(Counters.ofForks(dir, cell, Vector(1, 3)).isEmpty)
  }

  test("fork length: launch-dominated cells get short forks, iteration-dominated long ones, warm-up follows the judge") {
    val g = new Random(9)
    // Launches 10% apart, iterations 0.5%: the fewest iterations.
    val launchy = forks(Seq.fill(5)(100 * (1 + 0.1 * g.nextGaussian())), 2).zipWithIndex.map { case (xs, i) =>
      ForkSteady(i + 1, xs, 0, true)
    }
    val (s1, why1) = ForkShape.next(launchy, ForkShape.Shape(2, 6), 1.0, 0.5, 0.25)
    assertEquals(s1, ForkShape.Shape(2, ForkShape.MinIterations), why1)
    // Launches agree, iterations scatter 10%: the most iterations.
    val itery = Vector.tabulate(5)(i => ForkSteady(i + 1, Vector(90.0, 110, 90, 110, 90, 110), 0, true))
    val c = ForkShape.components(itery).get
    assert(c.within > 0.005 && c.between == 0, c.toString)
    assertEquals(ForkShape.next(itery, ForkShape.Shape(2, 6), 1.0, 0.5, 0.25)._1.iterations, ForkShape.MaxIterations)
    // Two leading iterations still trending in a fork: one more 0.5 s warm-up; a fork that never settled doubles it.
    val warming = launchy.updated(0, launchy(0).copy(dropped = 2))
    assertEquals(ForkShape.next(warming, ForkShape.Shape(2, 6), 1.0, 0.5, 0.25)._1.warmups, 3)
    val unsettled = launchy.updated(0, launchy(0).copy(settled = false))
    assertEquals(ForkShape.next(unsettled, ForkShape.Shape(2, 6), 1.0, 0.5, 0.25)._1.warmups, 4)
    // Kalibera & Jones' optimum: sqrt(c_fork/c_it · T2/T1).
    assertEquals(ForkShape.optimalIterations(ForkShape.Components(0.0001, 0.0004, 6), 2.0, 0.25), 6) // sqrt(8·4) = 5.66
  }
}
