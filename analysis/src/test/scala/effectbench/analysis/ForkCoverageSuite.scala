package effectbench.analysis

import effectbench.stats.{CellEstimate, ForkStats, LaunchState, RatioEstimate}
import scala.util.Random

/** The coverage of the ratio intervals the engine prints, proven on recorded fork data (no timing):
  * each cell's launches, recorded by `bench states` alone on a 2-core machine, are resampled into
  * two cells of `Forks` forks each, paired by round as the engine pairs them.
  *  - A/A: both from the same cell (each side's forks distinct launches, the sides independent): the printed ratio must be a tie (its interval holds 1) in at
  *    least 95% of draws;
  *  - A/B: B's iterations scaled by a known factor: the interval must hold the factor in at least
  *    95% of draws.
  * What is printed is checked: the whole-cell ratio when both have one launch state, else each
  * state's own ratio against the other cell's matching state (the nearer in mean).
  *
  * The data (`recorded-forks.json`): `bench states --changes none --launches 20`, alone on the
  * 2-core KVM guest, JDK 25, forks of 2 × 0.5 s warm-up and
  * 4 × 0.25 s: deep-bind cats-effect and zio, fork-many cats-effect, ping-pong future, loom and
  * monix, 20 launches each, with between-launch spreads of 8–21% (short forks: the widest test of
  * the intervals) and one ping-pong future launch 2.3× its cell's median. */
class ForkCoverageSuite extends munit.FunSuite {
  final case class Recorded(cell: String, change: String, unit: String, forks: Vector[Vector[Double]])

  private lazy val recorded: Vector[Recorded] = {
    val in = getClass.getResourceAsStream("/effectbench/analysis/recorded-forks.json")
    assert(in != null, "recorded-forks.json is a test resource")
    val text =
      try new String(in.readAllBytes(), "UTF-8")
      finally in.close()
    ujson.read(text).arr.toVector.map { o =>
      Recorded(o("cell").str, o("change").str, o("unit").str, o("forks").arr.toVector.map(_.arr.toVector.map(_.num)))
    }.filter(_.change == "none")
  }

  val Draws = 2000
  val Factor = 1.25

  /** The ratio intervals a report prints for B against A, each with the forks behind its two sides. */
  private def printed(a: CellEstimate, b: CellEstimate): Vector[(RatioEstimate, Vector[Int], Vector[Int])] =
    if (!a.multiState && !b.multiState)
      Vector(ForkStats.ratio(a, b)).filterNot(_.bimodal).map(r => (r, a.forks.map(_.fork), b.forks.map(_.fork)))
    else
      for {
        sa <- a.states
        sb = b.states.minBy(s => math.abs(math.log(s.mean / sa.mean)))
        r = ForkStats.ratio(a.ofState(sa), b.ofState(sb)) if r.known
      } yield (r, sa.forks, sb.forks)

  /** What a printed ratio should cover: the factor times the ratio of the recorded cell's own means
    * for the launches behind each side. Whole cells, or matching states, give the factor itself; a
    * state of one side printed against a different state of the other (a rare state drawn on one side
    * only) gives that the two states' true ratio, which its interval must hold. The true state of a
    * launch is the one the whole recording (20 launches) puts it in. */
  private def truth(data: Recorded, launchesA: Vector[Int], launchesB: Vector[Int], factor: Double): Double = {
    val all = LaunchStates.estimate(data.forks)
    val stateOf: Map[Int, LaunchState] = all.states.flatMap(s => s.forks.map(f => (f - 1) -> s)).toMap
    // A drawn state's truth is the true state of most of its launches.
    def of(launches: Vector[Int]): Double = launches.groupBy(stateOf).maxBy(_._2.size)._1.mean
    factor * of(launchesB) / of(launchesA)
  }

  /** Coverage of the truth by the printed intervals over `Draws` resamples of `forks` per side. */
  private def coverage(data: Recorded, forks: Int, factor: Double, seed: Long): (Double, Int) = {
    val g = new Random(seed)
    val rounds = (1 to forks).toVector
    // Each side's forks are distinct launches (a launch drawn twice would be two identical forks, which
    // no run has, and would make a spurious tight cluster); the two sides are drawn independently.
    def draw() = g.shuffle(data.forks.indices.toVector).take(forks)
    var covered = 0
    var total = 0
    for (_ <- 1 to Draws) {
      val (ia, ib) = (draw(), draw())
      val a = LaunchStates.estimate(ia.map(data.forks), rounds = rounds)
      val b = LaunchStates.estimate(ib.map(i => data.forks(i).map(_ * factor)), rounds = rounds)
      printed(a, b).foreach { case (r, fa, fb) =>
        val t = truth(data, fa.map(f => ia(f - 1)), fb.map(f => ib(f - 1)), factor)
        total += 1
        if (r.low <= t && t <= r.high) covered += 1
      }
    }
    (covered.toDouble / math.max(1, total), total)
  }

  test("the recorded data holds single-state and two-state cells, 20 launches or more each") {
    assert(recorded.size >= 4, recorded.map(_.cell).toString)
    assert(recorded.forall(_.forks.size >= 20), recorded.map(r => r.cell -> r.forks.size).toString)
  }

  for (forks <- Seq(4, 6))
    test(s"A/A: two draws of $forks forks of one recorded cell tie in at least 95% of draws") {
      recorded.zipWithIndex.foreach { case (r, i) =>
        val (c, n) = coverage(r, forks, 1.0, 11L * i + forks)
        assert(n > Draws / 2, s"${r.cell}: only $n printed ratios")
        assert(c >= 0.95, f"${r.cell}: A/A ties in ${c * 100}%.1f%% of $n ratios")
      }
    }

  for (forks <- Seq(4, 6))
    test(s"A/B: an injected ${Factor}× is inside the interval in at least 95% of draws ($forks forks a side)") {
      recorded.zipWithIndex.foreach { case (r, i) =>
        val (c, n) = coverage(r, forks, Factor, 17L * i + forks)
        assert(c >= 0.95, f"${r.cell}: ${Factor}× covered in ${c * 100}%.1f%% of $n ratios")
      }
    }
}
