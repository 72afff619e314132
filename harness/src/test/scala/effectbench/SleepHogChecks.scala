package effectbench

/** sleep-drift's hogs are hog-probe's, shared by every runtime module with latency cells: each
  * sleep-drift cell of the module runs one window at the tests' size beside the hog-probe cell of
  * the same runtime and budget, and must require every hog to run exactly when that one does; and
  * on a runtime whose budget is a setting (more than one budget variant), every budget that yields
  * (all but yield-off) requires it. The oracle's check (WindowProgram.checkWindows) then fails a
  * cell whose hogs sit idle in most windows. */
abstract class SleepHogChecks extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  private val lives = scala.collection.mutable.Map.empty[String, Live]
  override def afterAll(): Unit = lives.values.foreach(l =>
    try l.close()
    catch { case _: Throwable => () }
  )

  private def cellsOf(s: Scenario) = Harness.registry.impls.filter(_.scenario == s.id)
  private val sleeps = cellsOf(Catalog.sleepDrift)
  private val probes = cellsOf(Catalog.hogProbe)

  private def window(i: Impl[_ <: Live], s: Scenario): WindowResult = {
    val live = lives.getOrElseUpdate(i.runtime, i.setup.start(Settings.Levelled))
    i.prepare(live, s.testSets.head, Mode.Fork).run() match {
      case r: WindowResult => r
      case other => fail(s"${i.key}: not a window: $other")
    }
  }

  test("this module has sleep-drift cells") {
    assert(sleeps.nonEmpty)
  }

  for (i <- sleeps) {
    test(s"${i.key}: every hog must run exactly when hog-probe's cell of the same budget requires it") {
      val twin = probes.find(p => p.runtime == i.runtime && p.variant == i.variant)
      assert(twin.isDefined, s"no hog-probe cell ${i.variant}/${i.runtime}")
      val sleep = window(i, Catalog.sleepDrift)
      val probe = window(twin.get, Catalog.hogProbe)
      assertEquals(sleep.everyHogRuns, probe.everyHogRuns)
      val hasBudget = probes.count(_.runtime == i.runtime) > 1
      if (hasBudget) assertEquals(sleep.everyHogRuns, i.variant != LatencyModel.YieldOff, "a budget that yields runs every hog")
    }
  }
}
