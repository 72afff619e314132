package effectbench.modern

import effectbench.{Catalog, Live, Mode, Runtimes, Settings}

/** The `sync` entry of docs/scenarios.md is the runtime's ordinary run loop entered on the calling
  * thread without the leading yield, never a separate synchronous interpreter; a runtime without
  * one is n/a with the reason. (The levelled claims of each runtime are proved by the harness's
  * ReadBackSuite, in a JVM configured like the measuring one.) */
class SyncEntrySuite extends munit.FunSuite {
  /** Where this module's runtimes run a one-step program in `sync` mode: the thread it ran on. */
  private val probes: Vector[(String, () => Thread)] = Vector(
    "cats-effect" -> (() => withLive(CatsEffectSetup.start(Settings.Levelled))(_.run(cats.effect.IO(Thread.currentThread), Mode.Sync))),
    "zio" -> (() => withLive(ZioSetup.start(Settings.Levelled))(_.run(zio.ZIO.succeed(Thread.currentThread), Mode.Sync))),
    "cps" -> (() => withLive(CpsSetup.start(Settings.Levelled))(_.run(Cps.delay(Thread.currentThread), Mode.Sync))),
    "baseline" -> (() => withLive(BaselineSetup.start(Settings.Levelled))(_.run(() => Thread.currentThread, Mode.Sync)))
  )
  private def withLive[L <: Live, A](live: L)(f: L => A): A =
    try f(live)
    finally live.close()

  // The guard of the calling-thread rule: a runtime whose row offers `sync` must start its run loop
  // on the calling thread (no pool hand-off, no wake-up of the measuring thread), and one whose
  // `sync` cannot do that must carry a syncNa reason instead.
  probes.foreach { case (id, probe) =>
    test(s"$id: sync runs on the calling thread, or the row says why it has no sync") {
      Runtimes(id).syncNa match {
        case None => assertEquals(probe(), Thread.currentThread, s"$id's sync entry left the calling thread")
        case Some(_) => intercept[UnsupportedOperationException](probe())
      }
    }
  }

  test("every sync-capable runtime of this module is probed") {
    val modern = Runtimes.all.filter(_.group == "modern").map(_.id).toSet
    assertEquals(probes.map(_._1).toSet, modern -- Set("future"))
  }

  test("cats-effect's sync cells are n/a with its reason in every single-fiber scenario") {
    val single = Catalog.scenarios.filter(_.singleFiber)
    assert(single.nonEmpty)
    single.foreach { s =>
      s.variants.foreach { v =>
        val why = s.naReason(v, "cats-effect", Mode.Sync)
        assert(why.isDefined, s"${s.id}/$v: cats-effect sync has a cell")
        assert(why.exists(w => w.contains("calling-thread") || s.notApplicable.exists(_.runtime == Runtimes.CatsEffect)),
          s"${s.id}/$v: $why")
      }
    }
  }
}
