package effectbench.monix

import effectbench.{LatencyModel, Settings, SliceProbe}

/** Monix's measured slice (SliceProbe) under each latency budget variant, and what its levelled
  * read-back says of it: Monix batches only in powers of two, so its levelled slice is levelled
  * only if the measured figure is within Settings.SliceTolerance of the profile's. */
class MonixSliceSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  private lazy val live = MonixSetup.start(Settings.Levelled)
  override def afterAll(): Unit = live.close()

  test("every latency budget variant of Monix is measured, and each reads its figure back") {
    val measured = LatencyModel.budgetVariants.map(v => v -> MonixSetup.bindsPerYield(live.modelOf(v), live.options))
    measured.foreach { case (v, s) => println(s"monix [$v] binds per yield: ${s.text}") }
    val m = measured.toMap
    assertEquals(m(LatencyModel.YieldOff).perYield, None)
    assertEquals(m(LatencyModel.Budget128).perYield.map(b => math.abs(b - 128) <= 128 * Settings.SliceTolerance), Some(true))
    val rb = live.readBack.toMap
    assertEquals(SliceProbe.parse(rb(SliceProbe.Key)), m(LatencyModel.Levelled).perYield, rb.toString)
  }

  test("the levelled read-back says whether Monix's slice is the levelled one, from the measured figure") {
    val rb = live.readBack.toMap
    val s = MonixSetup.bindsPerYield(live.scheduler.executionModel, live.options)
    assertEquals(rb(SliceProbe.LevelKey), SliceProbe.level(s, "monix"))
  }
}
