package effectbench.modern

import cats.effect.unsafe.IORuntimeConfig
import effectbench.{LatencyModel, Settings, SliceProbe}

/** The levelled profile means the same binds between two forced yields on every runtime: each
  * runtime's slice is measured (SliceProbe, a count of its own yields) and two runtimes' figures
  * under levelled may be at most Settings.SliceTolerance apart. */
class SliceSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  private def ceConfig(budget: Int) = IORuntimeConfig(math.min(512, budget), budget, false, 16)

  private lazy val ceLive = CatsEffectSetup.start(Settings.Levelled)
  private lazy val zioLive = ZioSetup.start(Settings.Levelled)
  override def afterAll(): Unit = ceLive.close()

  test("the disagreement check names two runtimes more than the tolerance apart, and only those") {
    assertEquals(SliceProbe.disagreements(Vector("a" -> Some(10240L), "b" -> Some(10000L)), 0.05), Vector.empty[String])
    assertEquals(SliceProbe.disagreements(Vector("a" -> Some(10240L), "b" -> Some(5120L)), 0.05),
      Vector("a yields every 10240 binds, b every 5120: 50.0% apart"))
    assertEquals(SliceProbe.disagreements(Vector("a" -> Some(10240L), "b" -> None), 0.05),
      Vector("a yields every 10240 binds, b every never"))
  }

  test("a slice is the median of the whole slices between yields inside the chain") {
    val s = SliceProbe.sliceOf(Vector(100L, 200L, 300L, 401L), 500L)
    assertEquals(s.slices, Vector(100L, 100L, 101L))
    assertEquals(s.perYield, Some(100L))
    assertEquals(SliceProbe.sliceOf(Vector(100L), 500L).perYield, None)
  }

  test("Cats Effect and ZIO under levelled yield after the same binds, within the tolerance") {
    val ce = ceLive.runtime.config
    assertEquals(ce.autoYieldThreshold, Settings.CatsEffectAutoYield)
    val measured = Vector(
      "cats-effect" -> CatsEffectSetup.bindsPerYield(ce),
      "zio" -> ZioSetup.bindsPerYield(zioLive.runtime)
    )
    measured.foreach { case (rt, s) => println(s"$rt [levelled] binds per yield: ${s.text}") }
    val bad = SliceProbe.disagreements(measured.map { case (rt, s) => rt -> s.perYield }, Settings.SliceTolerance)
    assert(bad.isEmpty, bad.mkString("levelled is not the same slice:\n  ", "\n  ", ""))
    measured.foreach { case (rt, s) => assertEquals(SliceProbe.level(s), "yes", s"$rt: ${s.text}") }
  }

  test("every latency budget variant of Cats Effect and ZIO is measured, and each reads its figure back") {
    val ceVariants = Vector(LatencyModel.Levelled, LatencyModel.Shipped, LatencyModel.Budget128, LatencyModel.YieldOff)
    val ce = ceVariants.map(v => v -> CatsEffectSetup.bindsPerYield(ceConfig(ceLive.budgetOf(v))))
    ce.foreach { case (v, s) => println(s"cats-effect [$v] binds per yield: ${s.text}") }
    // A bind of IO.unit is two run-loop iterations: shipped (1,024) yields every 512 binds.
    assertEquals(ce.toMap.apply(LatencyModel.Shipped).perYield, Some(512L))
    assertEquals(ce.toMap.apply(LatencyModel.Budget128).perYield, Some(128L))
    assertEquals(ce.toMap.apply(LatencyModel.YieldOff).perYield, None, "yield-off: no yield in the probe's chain")
    val zioOff = ZioSetup.bindsPerYield(zioLive.withoutYielding)
    println(s"zio [${LatencyModel.YieldOff}] binds per yield: ${zioOff.text}")
    assertEquals(zioOff.perYield, None)
    val rb = zioLive.budgetReadBack(zioLive.withoutYielding).toMap
    assert(rb(SliceProbe.CellKey).startsWith("never"), rb.toString)
    val ceRb = ceLive.readBack.toMap
    assertEquals(SliceProbe.parse(ceRb(SliceProbe.Key)), Some(Settings.AutoYield.toLong), ceRb.toString)
  }
}
