package effectbench.modern

import effectbench.{Catalog, Impl, Live, Mode, ModernRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import java.util.concurrent.{ExecutorCompletionService, Executor}
import zio.ZIO

/** gather-unordered: N tasks in parallel, results consumed in completion order, only where the
  * runtime has that natively (ZIO mergeAllPar, j.u.c. ExecutorCompletionService). Emulating it
  * with a queue elsewhere would not be the same work, so Cats Effect, Future and CPS are n/a. */
object GatherUnordered extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.gatherUnordered
  val row: ModernRow = ModernRow(
    catsEffect = na(NaReasons.gatherUnordered),
    zio = runs(ZioSetup),
    future = na(NaReasons.gatherUnordered),
    cps = na(NaReasons.gatherUnordered),
    baseline = runs(BaselineSetup)
  )

  def zio(tasks: List[ZIO[Any, Nothing, Int]]): ZIO[Any, Nothing, Long] = ZIO.mergeAllPar(tasks)(0L)(_ + _)

  /** Every task submitted to a completion service, its results taken in completion order. The
    * whole program runs on the pool and the calling thread waits once, through ResultWait, as every
    * runtime's cell does (`Tasks.baselineRun`): the taker is a pool task, not the measuring thread.
    * Immediate tasks run where they are submitted (a direct executor), forked ones on the pool. The
    * taker never blocks a pool thread (the pool has one thread per processor, and with one
    * processor a blocked taker would starve the tasks it waits for): it takes what has completed
    * (`poll`) and, while results are missing, goes back onto the pool queue behind the tasks, as a
    * fiber suspended on a take is resumed from the pool. */
  def baseline(n: Int, forked: Boolean, pool: Executor, mode: Mode): Long =
    Tasks.baselineRun[Long](pool, mode) { finish =>
      val ex: Executor = if (forked) pool else (r: Runnable) => r.run()
      val done = new ExecutorCompletionService[Integer](ex)
      var k = 0
      while (k < n) { val v = k; done.submit(() => Integer.valueOf(v)); k += 1 }
      var sum = 0L; var taken = 0
      def take(): Unit = {
        var f = done.poll()
        while (f != null) {
          sum += f.get().intValue; taken += 1
          f = if (taken < n) done.poll() else null
        }
        if (taken < n) pool.execute(() => take()) else finish(sum)
      }
      take()
    }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.gatherUnordered, "default", ZioSetup, "ZIO.mergeAllPar" + GatherForks.unorderedZio)((rt, p, mode) => {
      val ts = Tasks.zio(p.int("n"), Tasks.onPool(p)); Program(rt.run(zio(ts), mode))
    }),
    new Impl(Catalog.gatherUnordered, "default", BaselineSetup, "ExecutorCompletionService" + GatherForks.unorderedBaseline)(
      (rt, p, mode) => {
        val n = p.int("n"); val forked = Tasks.onPool(p); Program(baseline(n, forked, rt.pool, mode))
      }
    )
  )
}
