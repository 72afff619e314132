package effectbench.analysis

import java.nio.charset.StandardCharsets
import java.nio.file.Files

/** A relayed latency cell's windows against the machine canary, read from a round's turn log: which
  * windows were measured with the machine away. Nothing here is timed. */
class LatencyAwaySuite extends munit.FunSuite {
  // Cycles 1–2 warm-up (cycle 1 beside a start: not read), 3–6 measured; the usual reading is 60 ns.
  private val log =
    """cycle	cell	start	end	canary-ns
      |1	a	0.1	0.3	
      |2	a	0.3	0.5	61.0
      |2	b	0.5	0.7	61.0
      |3	b	0.7	0.9	59.0
      |3	a	0.9	1.1	59.0
      |4	a	1.1	1.3	300.0
      |4	b	1.3	1.5	300.0
      |5	b	1.5	1.7	62.0
      |5	a	1.7	1.9	62.0
      |6	a	1.9	2.1	60.0
      |6	b	2.1	2.3	60.0
      |""".stripMargin

  test("a window is away when the reading before its cycle or before the next cycle read is over twice the usual") {
    val f = Files.createTempFile("relay--t--round-1", ".tsv")
    Files.write(f, log.getBytes(StandardCharsets.UTF_8))
    val l = LatencyAway.readTurnLog(f)
    assertEquals(l.readings.get(1), None, "a cycle beside a start has no reading")
    // a's four measured windows are its last four turns: cycles 3, 4, 5, 6.
    assertEquals(LatencyAway.awayWindows(l, "a", 4, 60.0), Vector(true, true, false, false))
    assertEquals(LatencyAway.awayWindows(l, "b", 2, 60.0), Vector(false, false), "b's last two windows: cycles 5 and 6")
    assertEquals(LatencyAway.awayWindows(l, "a", 4, 200.0), Vector(false, false, false, false), "300 is not over twice 200")
  }

  test("the canary's rule: over twice the usual is away; no reading or no usual is not") {
    assert(CanaryRule.slow(121, 60))
    assert(!CanaryRule.slow(120, 60))
    assert(!CanaryRule.slow(Double.NaN, 60))
    assert(!CanaryRule.slow(500, Double.NaN))
  }
}
