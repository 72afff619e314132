package effectbench.monix

import effectbench.Settings

/** The levelled profile really applies Monix's settings: the live scheduler's budget and the
  * options the run loop is given, as read back. */
class MonixSettingsSuite extends munit.FunSuite {
  private def readBack(s: Settings): Map[String, String] = {
    val live = MonixSetup.start(s)
    try live.readBack.toMap finally live.close()
  }

  test("levelled: batched execution of 1024, local context propagation off, own scheduler") {
    val rb = readBack(Settings.Levelled)
    assertEquals(rb("autoYieldOps"), Settings.AutoYield.toString)
    assertEquals(rb("localContextPropagation"), "false")
    assert(rb("scheduler").startsWith("computation"), rb("scheduler"))
  }

  test("defaults: Scheduler.global as shipped") {
    assertEquals(readBack(Settings.Defaults)("scheduler"), "Scheduler.global")
  }
}
