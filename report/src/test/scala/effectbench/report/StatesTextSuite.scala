package effectbench.report

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
    val ref = ForkStats.estimate(forks(Seq(1.0, 1.01, 0.99, 1.0, 1.02), 3), rounds = Vector(1, 2, 3, 4, 5))
    val two = ForkStats.estimate(forks(Seq(2.0, 1.0, 2.02, 2.01, 1.01), 4), rounds = Vector(1, 2, 3, 4, 5))
    val rs = CellRatios.stateSlowdowns(two, ref, higherIsBetter = false)
    val text = CellStats.statesText(two, rs)
    assert(text.startsWith("state 1 (2 of 5 launches) tie"), text)
    assert(CellStats.statesScoreText(two).endsWith("(states)"))
    assert(CellStats.notes("future", two, "ms").exists(_.contains("lands in 2 launch states")))
  }
}
