package effectbench.report

import effectbench.analysis.LaunchStates
import effectbench.stats.{CellRatios, ForkStats}
import scala.util.Random

/** How the reports word a cell whose forks land in two launch states (the states themselves are
  * the stats module's, LaunchStatesSuite). */
class StatesTextSuite extends munit.FunSuite {
  private def forks(means: Seq[Double], seed: Long): Vector[Vector[Double]] = {
    val g = new Random(seed)
    means.toVector.map(m => Vector.fill(6)(m * (1 + 0.005 * g.nextGaussian())))
  }

  test("a two-state cell is worded per state: its score, each state's ratio, and a note that its mean describes neither") {
    val ref = LaunchStates.estimate(forks(Seq(1.0, 1.01, 0.99, 1.0, 1.02), 3), rounds = Vector(1, 2, 3, 4, 5))
    val two = LaunchStates.estimate(forks(Seq(2.0, 1.0, 2.02, 2.01, 1.01), 4), rounds = Vector(1, 2, 3, 4, 5))
    val rs = CellRatios.stateSlowdowns(two, ref, higherIsBetter = false)
    val text = CellStats.statesText(two, rs)
    assert(text.startsWith("state 1 (2 of 5 launches) tie"), text)
    assert(CellStats.statesScoreText(two).endsWith("(states)"))
    assert(CellStats.notes("future", two, "ms").exists(_.contains("lands in 2 launch states")))
  }

  test("a lone launch off the others is named in a note, not reported as a state") {
    val e = LaunchStates.estimate(forks(Seq(2.04, 2.05, 2.89, 2.03), 5))
    assert(!e.multiState)
    val note = CellStats.notes("cats-effect", e, "ns/op").find(_.contains("set apart"))
    assert(note.exists(n => n.startsWith("cats-effect: fork 3 2.8") && n.contains("1.42× the other launches")), note.toString)
    assert(CellStats.notes("cats-effect", LaunchStates.estimate(forks(Seq(2.04, 2.05, 2.06, 2.03), 5)), "ns/op").isEmpty)
  }

  test("launches of two runtimes off together in one round get a note that points at the machine") {
    val rounds = Vector(1, 2, 3, 4, 5)
    // fork-many in a headline on the 2-core KVM guest: rounds 3 and 4 slow for every runtime.
    val ce = LaunchStates.estimate(forks(Seq(0.70, 0.69, 1.86, 1.84, 0.74), 1), rounds = rounds)
    val zio = LaunchStates.estimate(forks(Seq(1.54, 1.50, 2.73, 2.77, 1.74), 2), rounds = rounds)
    val ns = CellStats.roundNotes(Vector("cats-effect" -> ce, "zio" -> zio))
    assertEquals(ns.size, 2, ns.toString)
    assert(ns.head.startsWith("round 3: launches of cats-effect, zio sat apart"), ns.head)
    // One runtime off alone is its own affair, as is a cell measured without rounds.
    assertEquals(CellStats.roundNotes(Vector("cats-effect" -> ce,
          "zio" -> LaunchStates.estimate(forks(Seq(1.5, 1.5, 1.52, 1.49, 1.51), 3), rounds = rounds))), Vector.empty)
    assertEquals(CellStats.roundNotes(Vector("cats-effect" -> LaunchStates.estimate(forks(Seq(0.70, 0.69, 1.86, 1.84, 0.74), 1)),
          "zio" -> LaunchStates.estimate(forks(Seq(1.54, 1.50, 2.73, 2.77, 1.74), 2)))), Vector.empty)
  }

  test("each launch state's note carries its own counters, read from the forks of that state") {
    import effectbench.Outcome
    import effectbench.store.{CellRecord, JmhMetric, JmhResult, Named, RunData, RunFiles}
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
    val e = LaunchStates.estimate(raw)
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
}
