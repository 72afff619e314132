package effectbench.runner

import effectbench._
import java.nio.file.Paths

/** The split itself: by block, deterministic, balanced, and never a table in two shards. */
class ShardSplitSuite extends munit.FunSuite {
  private val jdk = Jvm(Paths.get("/x/bin/java"), Paths.get("/x"), "25.0.3", "Test")

  private def cell(scenario: String, variant: String, runtime: String, n: Int, jvm: Jvm = jdk, status: CellStatus = CellStatus.Ok) =
    PlannedCell(CellId(scenario, variant, runtime, Params.of("n" -> n.toString), Mode.Fork), jvm, status, "modern")

  /** 12 blocks of 3 runtimes, on two core counts. */
  private val plan: Vector[PlannedCell] = for {
    s <- Vector("a", "b", "c")
    n <- Vector(1, 10, 100, 1000)
    rt <- Vector("zio", "cats-effect", "baseline")
    cpus <- Vector(1, 2)
  } yield cell(s, "default", rt, n, jdk.copy(cpus = Some(cpus)))

  /** Seconds that vary by block, so the balance has something to do. */
  private def seconds(c: PlannedCell): Double = 1.0 + c.id.params.get("n").get.length * 3 + (if (c.id.scenario == "b") 5 else 0)

  test("every block is in exactly one shard, whole, with all its JVMs and core counts") {
    for (n <- 1 to 7) {
      val shards = Shard.split(Shard.units(plan, seconds), n)
      assertEquals(shards.size, n)
      val cells = shards.flatten.flatMap(_.cells)
      assertEquals(cells.sortBy(c => (c.id.key, c.jvm.label)), plan.sortBy(c => (c.id.key, c.jvm.label)),
        s"N=$n: the shards together are the plan")
      val tableOwner = shards.zipWithIndex.flatMap { case (us, i) => us.flatMap(_.cells).map(c => (c.id.group, c.jvm.label) -> i) }
      tableOwner.groupBy(_._1).foreach { case (t, owners) => assertEquals(owners.map(_._2).distinct.size, 1, s"N=$n: table $t is split") }
      val blockOwner = shards.zipWithIndex.flatMap { case (us, i) => us.flatMap(_.cells).map(c => c.id.group -> i) }
      blockOwner.groupBy(_._1).foreach { case (b, owners) =>
        assertEquals(owners.map(_._2).distinct.size, 1, s"N=$n: block $b spans shards")
      }
    }
  }

  test("the same plan and N give the same split, whatever order the plan came in") {
    val a = Shard.split(Shard.units(plan, seconds), 3).map(_.map(_.key))
    val b = Shard.split(Shard.units(plan, seconds), 3).map(_.map(_.key))
    assertEquals(a, b)
    // Order of the plan changes the order within a shard, never which shard a block is in.
    val shuffled = new scala.util.Random(7).shuffle(plan)
    val c = Shard.split(Shard.units(shuffled, seconds), 3).map(_.map(_.key).toSet)
    assertEquals(c, a.map(_.toSet))
    assertEquals(Shard.splitFingerprint(Shard.split(Shard.units(plan, seconds), 3)),
      Shard.splitFingerprint(Shard.split(Shard.units(plan, seconds), 3)))
  }

  test("shards are balanced by estimated seconds: the heaviest is within the largest block of the lightest") {
    val units = Shard.units(plan, seconds)
    for (n <- 2 to 5) {
      val loads = Shard.split(units, n).map(_.map(_.seconds).sum)
      val biggest = units.map(_.seconds).max
      assert(loads.max - loads.min <= biggest + 1e-9, s"N=$n: loads $loads differ by more than one block ($biggest)")
      assertEquals(loads.sum, units.map(_.seconds).sum, 1e-6)
    }
    // Equal blocks: equal counts.
    val equal = Shard.units(plan, _ => 1.0)
    assertEquals(Shard.split(equal, 4).map(_.size), Vector(3, 3, 3, 3))
  }

  test("cells that cannot run cost nothing; the plan fingerprint sees every cell, its JVM, the settings and the profile") {
    val withNa = plan :+ cell("d", "default", "zio", 1, status = CellStatus.NotApplicable("why"))
    assertEquals(Shard.units(withNa, seconds).last.seconds, 0.0)
    val fp = Shard.planFingerprint(plan, Settings.Levelled, Profiles.quick, testOnly = false)
    assertEquals(Shard.planFingerprint(plan, Settings.Levelled, Profiles.quick, testOnly = false), fp)
    assertNotEquals(Shard.planFingerprint(withNa, Settings.Levelled, Profiles.quick, testOnly = false), fp)
    assertNotEquals(Shard.planFingerprint(plan, Settings.Defaults, Profiles.quick, testOnly = false), fp)
    assertNotEquals(Shard.planFingerprint(plan, Settings.Levelled, Profiles.standard, testOnly = false), fp)
    assertNotEquals(Shard.planFingerprint(plan.map(c => c.copy(jvm = c.jvm.copy(cpus = Some(4)))), Settings.Levelled, Profiles.quick,
        testOnly = false), fp)
  }

  test("--cpus gives each JVM a label, flags and pinning of its own") {
    val one = jdk.copy(cpus = Some(1))
    assertEquals(one.label, "jdk-25.0.3 (Test), 1 cpu")
    assertEquals(jdk.copy(cpus = Some(2)).label, "jdk-25.0.3 (Test), 2 cpus")
    assert(one.extraFlags.contains("-XX:ActiveProcessorCount=1"), one.extraFlags.toString)
    assert(!jdk.extraFlags.exists(_.startsWith("-XX:ActiveProcessorCount")))
    assertEquals(jdk.launcher, Vector.empty)
    // The last cores: the first takes the device interrupts.
    if (Cpus.taskset.isDefined) assertEquals(one.launcher.drop(1), Vector("-c", Cpus.allowed.last.toString))
    assertEquals(Cpus.parseList("0-2,5"), Vector(0, 1, 2, 5))
  }
}
