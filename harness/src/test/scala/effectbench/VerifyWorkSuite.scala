package effectbench

/** Guard of the verifier's work check: before a scheduler-family cell is timed, `verify` counts the work
  * its program does at the measured size and refuses the cell when it differs from
  * its scenario's expectedWork (the oracles of fork-many, ping-pong and yield-many are 0 whatever happened).
  * Checked through the verifier's own per-cell path, with this module's cells as they are and with
  * a registry whose counted programs do one fork too many. */
class VerifyWorkSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  private lazy val registry = Harness.registry
  /** One scheduler-family cell of this module at its test size (the smallest that is still its program). */
  private lazy val cell: Option[CellId] = registry.countedImpls(Work.off).headOption.map { i =>
    val s = i.scenarioDef
    CellId(s.id, i.variant, i.runtime, s.testSets.head, Mode.Fork)
  }

  /** The same module, each counted program doing one more fork than it should. */
  private lazy val oneForkTooMany: CellRegistry = new CellRegistry {
    def impls: Vector[Impl[_ <: Live]] = registry.impls
    override def countedImpls(w: Work): Vector[Impl[_ <: Live]] = registry.countedImpls(w).map { i =>
      new Impl[Live](i.scenarioDef, i.variant, i.setup.asInstanceOf[RuntimeSetup[Live]], i.syntax)((live: Live, p: Params, m: Mode) => {
        val program = i.prepare(live, p, m)
        Program.summarized { val r = program.run(); w.forked(); r }(r => program.summarize(r))
      }): Impl[_ <: Live]
    }
  }

  private val lives = scala.collection.mutable.LinkedHashMap.empty[String, Live]
  override def afterAll(): Unit = lives.values.foreach(l =>
    try l.close()
    catch { case _: Throwable => () }
  )

  private def verdict(key: String, reg: CellRegistry): VerifyRecord = VerifyMain.check(key, Settings.Levelled, 60, lives, reg)

  test("a scheduler-family cell whose work matches is ok, with its counted work recorded") {
    assume(cell.isDefined, "no scheduler-family cell in this module")
    val r = verdict(cell.get.key, registry)
    assertEquals(r.status, Outcome.Ok, r.reason)
    assert(r.work.nonEmpty, "no work recorded")
  }

  test("a scheduler-family cell whose counted work differs from the work its scenario prescribes is invalid before it is timed") {
    assume(cell.isDefined, "no scheduler-family cell in this module")
    val r = verdict(cell.get.key, oneForkTooMany)
    assertEquals(r.status, Outcome.Invalid, s"a wrong work count passed: ${r.reason}")
    assert(r.reason.contains("work counted"), r.reason)
  }
}
