package effectbench.modern

/** The `sync` entry of docs/scenarios.md is the runtime's ordinary run loop entered without the
  * leading yield, never a separate synchronous interpreter. (The levelled claims of each runtime
  * are proved by the harness's ReadBackSuite, in a JVM configured like the measuring one.) */
class SyncEntrySuite extends munit.FunSuite {
  test("cats-effect's sync entry is its run loop, not syncStep") {
    val live = CatsEffectSetup.start(effectbench.Settings.Levelled)
    try {
      // The IOFiber run loop runs on the compute pool; SyncIO's syncStep would run here.
      val thread = live.run(cats.effect.IO(Thread.currentThread), effectbench.Mode.Sync)
      assertNotEquals(thread, Thread.currentThread)
    } finally live.close()
  }

  test("zio's sync entry starts the fiber on the calling thread") {
    val live = ZioSetup.start(effectbench.Settings.Levelled)
    try assertEquals(live.run(zio.ZIO.succeed(Thread.currentThread), effectbench.Mode.Sync), Thread.currentThread)
    finally live.close()
  }
}
