package effectbench

/** The same-work test of the scheduler family, shared by every runtime module: each module's suite runs its
  * counted implementations (every scheduler-family scenario object's `implsWith`). Every implementation runs once per set of its scenario's `testSets`
  * (the oracle tests' small sizes), with counting hooks; its forks, joins, yields, queue offers and
  * takes, counter updates, signals, awaits and allocations must equal the scenario's `expectedWork` — the work
  * docs/scenarios.md prescribes — so any two runtimes that pass, in any module, did the same work.
  *
  * How it counts (see effectbench.Work): implementations reach each primitive only through their
  * group's Ops helper, which runs the hook as a program step right before the primitive. What it
  * cannot see: work a runtime does inside a primitive (CE's and ZIO's auto-yields, a queue's
  * internal retries, a Future callback's batching) — that is the runtime's own cost, which is what
  * is measured; and a primitive called without its helper, which review of the scenario files
  * (side by side, one per scenario) has to catch. */
abstract class FiberWorkChecks extends munit.FunSuite {
  private def implsWith(w: Work): Vector[Impl[_ <: Live]] = Harness.registry.countedImpls(w)
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  private val lives = scala.collection.mutable.Map.empty[String, Live]
  override def afterAll(): Unit = lives.values.foreach(l =>
    try l.close()
    catch { case _: Throwable => () }
  )

  private val probe = implsWith(Work.off)
  private val fiberScenarios = Catalog.scenarios.filter(_.family == Family.Scheduler)

  test("every scheduler-family implementation of this module has a work count") {
    val scenarioIds = fiberScenarios.map(_.id).toSet
    val outside = probe.filterNot(i => scenarioIds.contains(i.scenario))
    assert(outside.isEmpty, s"not in the scheduler family: ${outside.map(_.key)}")
    assert(probe.nonEmpty, "this module has no scheduler-family implementation")
  }

  for {
    s <- fiberScenarios
    params <- s.testSets
    i <- probe.filter(_.scenario == s.id)
  } {
    test(s"${i.key} at $params does the work the catalog prescribes") {
      val w = Work.counter()
      val counted = implsWith(w).find(_.key == i.key).get
      val live = lives.getOrElseUpdate(i.runtime, i.setup.start(Settings.Levelled))
      val program = counted.prepare(live, params, Mode.Fork)
      // On a daemon thread with a time limit: a deadlocked program fails its test instead of hanging the suite.
      val task = new java.util.concurrent.FutureTask[String](() => program.summarize(program.run()))
      Threads.startDaemon("work-count-" + i.runtime)(task)
      val got =
        try task.get(2, java.util.concurrent.TimeUnit.MINUTES)
        catch {
          case _: java.util.concurrent.TimeoutException =>
            fail(s"${i.key} did not finish in 2 minutes (deadlock?); counted so far: ${w.count}")
        }
      assertEquals(got, s.oracle(i.variant, params), "wrong result")
      assertEquals(w.count, s.expectedWorkAt(params))
    }
  }
}
