package effectbench.modern

import cats.effect.{IO, IOLocal}
import effectbench.{Mode, Settings}
import zio.ZIO

/** Guard of the gather cells' syntax notes at `tasks = immediate` (GatherForks): what each
  * combinator starts for tasks that are already values is counted here, with probe tasks run
  * through the cells' own combinators, and must be what the note says. */
class GatherForksSuite extends munit.FunSuite {
  private val n = 16

  private def saysFibers(note: String) = note.contains("every task still runs on a fiber of its own")
  private def saysNothing(note: String) = note.contains("nothing started")

  test("cats-effect parSequence runs every immediate task on a fiber of its own, as its note says") {
    val live = CatsEffectSetup.start(Settings.Levelled)
    try {
      // A fiber starts with a copy of its parent's IOLocal state: a task that finds the fresh
      // value runs on a fiber where no other task ran before it.
      val fresh = IOLocal(0).flatMap { local =>
        val tasks = List.fill(n)(local.getAndSet(1).map(seen => if (seen == 0) 1 else 0))
        Gather.catsEffect(tasks).map(_.sum)
      }
      val fibers = live.run(fresh, Mode.Fork)
      assertEquals(fibers == n, saysFibers(GatherForks.catsEffect), s"$fibers fibers for $n tasks; note: ${GatherForks.catsEffect}")
      assert(saysFibers(GatherForks.catsEffect) || saysNothing(GatherForks.catsEffect))
    } finally live.close()
  }

  test("zio collectAllPar and mergeAllPar run every immediate task on a fiber of its own, as their notes say") {
    val live = ZioSetup.start(Settings.Levelled)
    try {
      val ids = List.fill(n)(ZIO.fiberId.map(_.toString))
      val gathered = live.run(Gather.zio(ids.map(_.map(_.hashCode))), Mode.Fork)
      val distinct = live.run(ZIO.collectAllPar(ids), Mode.Fork).distinct.size
      assertEquals(distinct == n, saysFibers(GatherForks.zio), s"$distinct fibers for $n tasks; note: ${GatherForks.zio}")
      assertEquals(gathered.size, n)
      // mergeAllPar: count the fibers its tasks saw
      val merged = live.run(ZIO.mergeAllPar(ids.map(_.map(Set(_))))(Set.empty[String])(_ ++ _), Mode.Fork).size
      assertEquals(merged == n, saysFibers(GatherForks.unorderedZio), s"$merged fibers for $n tasks; note: ${GatherForks.unorderedZio}")
    } finally live.close()
  }

  test("the catalog declares per cell what it starts, as the counted notes say") {
    val immediate = effectbench.Catalog.gather.complete(effectbench.Params.of("n" -> n.toString, "tasks" -> "immediate"))
    def started(rt: String) = effectbench.Catalog.gather.workOf(rt, immediate).toMap.apply("started")
    Vector("cats-effect" -> GatherForks.catsEffect, "zio" -> GatherForks.zio, "future" -> GatherForks.future,
      "baseline" -> GatherForks.baseline).foreach { case (rt, note) =>
      assertEquals(started(rt), if (saysFibers(note)) n.toLong else 0L, s"$rt: $note")
    }
  }

  test("future and baseline gather start nothing for immediate tasks, as their notes say") {
    assert(saysNothing(GatherForks.future), GatherForks.future)
    assert(saysNothing(GatherForks.baseline), GatherForks.baseline)
    assert(saysNothing(GatherForks.unorderedBaseline), GatherForks.unorderedBaseline)
    // Future.successful is complete when made; CompletableFuture.completedFuture likewise
    val ts = Tasks.future(n, pool = false)(scala.concurrent.ExecutionContext.parasitic)
    assert(ts.forall(_().isCompleted))
    assert(Gather.baseline(n, forked = false, (_: Runnable) => fail("a task was started")).isDone)
  }
}
