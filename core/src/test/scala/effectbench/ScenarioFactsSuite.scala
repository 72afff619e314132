package effectbench

/** A scenario's facts are fields of its catalog entry: the scheduler family carries the work its programs must
  * do (counted by the tests and the verifier), the sizes its tests run and the unit the report
  * divides by; no other family claims counted work. */
class ScenarioFactsSuite extends munit.FunSuite {
  private val fiber = Catalog.scenarios.filter(_.family == Family.Scheduler)

  test("deep-bind's default chain takes several forced yields on every runtime with a budget under levelled") {
    val binds = Catalog.deepBind.defaults.long("d") + 1
    // The largest levelled slice in binds: Cats Effect's and ZIO's AutoYield, Monix's batch.
    val slices = Vector(Settings.AutoYield.toLong, Settings.MonixBatch.toLong)
    slices.foreach(b => assert(binds / b >= Catalog.DeepBindYields, s"$binds binds yield ${binds / b} times at $b binds per yield"))
  }

  test("every scheduler-family scenario carries its expected work and test sizes; no other scenario claims counted work") {
    assert(fiber.nonEmpty)
    fiber.foreach(s => assert(s.expectedWork.isDefined && s.testParams.nonEmpty, s"${s.id}: no expected work or test sizes"))
    (Catalog.scenarios ++ Catalog.testOnly).filterNot(_.family == Family.Scheduler)
      .foreach(s => assert(s.expectedWork.isEmpty, s"${s.id} is not in the scheduler family but claims counted work"))
  }

  test("a scheduler-family scenario declares the work it expects, its primary unit first") {
    val primary = Vector(
      Catalog.forkMany -> WorkUnit.Forks, Catalog.chainedFork -> WorkUnit.Forks, Catalog.pingPong -> WorkUnit.Forks,
      Catalog.yieldMany -> WorkUnit.Yields, Catalog.enqueueDequeue -> WorkUnit.Offers, Catalog.schedulerStress -> WorkUnit.Yields,
      Catalog.alloc -> WorkUnit.Yields, Catalog.forkJoin -> WorkUnit.Forks
    )
    assertEquals(primary.map(_._1.id).sorted, fiber.map(_.id).sorted)
    for ((s, unit) <- primary; p <- s.testSets :+ s.complete(Params.empty)) {
      assertEquals(DeclaredWork.primary(s, p).map(_._1), Some(unit.name), s"${s.id} at $p")
      assertEquals(s.work(p).toSet, DeclaredWork.of(s.expectedWorkAt(p)).toSet, s"${s.id} at $p")
    }
  }

  test("service has a cell on every runtime whose own timer sleep-drift measures, and on no other") {
    // Its backends are the runtime's timer sleeps: where sleep-drift runs, service's program can be
    // written too, and where it cannot, sleep-drift cannot either (a placeholder n/a fails here).
    def planned(s: Scenario, variant: String): Vector[String] = Runtimes.ids.filter(r => s.naReason(variant, r, Mode.Fork).isEmpty)
    val withTimer = planned(Catalog.sleepDrift, LatencyModel.Levelled)
    assert(withTimer.nonEmpty)
    assertEquals(planned(Catalog.service, "default"), withTimer)
  }

  test("expected work is asked of a scheduler-family scenario only") {
    intercept[IllegalArgumentException](Catalog.deepBind.expectedWorkAt(Params.empty))
  }
}
