package effectbench.runner

/** The machines a run would need for its precision, from the half-widths it reached. */
class ShardsSuite extends munit.FunSuite {
  private def t(seconds: Double, worst: Double) = Rounds.TableSummary(4, 20, seconds, "budget spent", worst)
  private val engine = Rounds.Engine(0.10, 4, 12, None, 0.95, 1L, precisionFirst = true)

  test("a half-width twice the target needs four times the machine time: four shards") {
    assertEquals(Shards.needed(Vector(t(100, 0.20)), 0.10), 4)
    // Tables within the target keep their time; the others grow with (w/p)².
    assertEquals(Shards.needed(Vector(t(100, 0.05), t(100, 0.20)), 0.10), 3) // (100 + 400) / 200 = 2.5
    assertEquals(Shards.needed(Vector(t(100, 0.08)), 0.10), 1)
  }

  test("a ratio on two forks is sized by the forks it needs, not by its half-width squared") {
    // A starving cell's hog ratio in a headline on the 2-core KVM guest: ±1,388% on 2 forks (t on 1 df
    // is 12.7), a spread of about 0.3 on the log scale: some 40 forks for ±10%, not (13.88/0.1)².
    val two = Rounds.TableSummary(4, 10, 40, "budget spent", 13.884, worstForks = 2)
    val n = Shards.needed(Vector(two), 0.10)
    assert(n >= 15 && n <= 30, n.toString)
    assert(Shards.needed(Vector(two.copy(worstForks = 0)), 0.10) > 10000, "without the forks: the old bound")
    // Many forks behind a ratio: close to (w/p)² on the log scale.
    val many = Shards.needed(Vector(two.copy(worstRatioHalfWidth = 0.20, worstForks = 20)), 0.10)
    assert(many >= 3 && many <= 4, many.toString)
  }

  test("the run says how many machines would reach the precision, or nothing when it was reached") {
    assertEquals(Shards.advice(Vector(t(100, 0.08)), engine), None)
    val a = Shards.advice(Vector(t(300, 0.05), t(300, 0.15)), engine).get
    assert(a.contains("2 machines") && a.contains("--shard K/2"), a)
    // The median table's factor: of 1 and (0.15 / 0.10)² = 2.25, their mean 1.625 (Describe.median), so 2 machines.
    assert(a.contains("half the tables' widest ratios within it: 2 machines"), a)
    // A table that stopped because its wide ratios were decided by more than the precision fell short of nothing.
    assertEquals(Shards.advice(Vector(t(300, 0.15).copy(stopped = "every ratio decided by more than the precision or within it")), engine),
      None)
  }
}
