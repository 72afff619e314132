package effectbench.modern

import effectbench.{Catalog, Impl, Mode, Program}
import java.util.concurrent.{ExecutorCompletionService, Executor}
import zio.ZIO

/** gather-unordered: N tasks in parallel, results consumed in completion order, only where the
  * runtime has that natively (ZIO mergeAllPar, j.u.c. ExecutorCompletionService). Emulating it
  * with a queue elsewhere would not be the same work, so Cats Effect, Future and CPS are n/a. */
object GatherUnordered {
  def zio(tasks: List[ZIO[Any, Nothing, Int]]): ZIO[Any, Nothing, Long] = ZIO.mergeAllPar(tasks)(0L)(_ + _)

  /** Every task submitted to a completion service; the calling thread takes the results as they
    * complete. Immediate tasks run where they are submitted (a direct executor), forked ones on the
    * pool. In `fork` mode the submissions start from a pool thread. */
  def baseline(n: Int, forked: Boolean, pool: Executor, mode: Mode): Long = {
    val ex: Executor = if (forked) pool else (r: Runnable) => r.run()
    val done = new ExecutorCompletionService[Integer](ex)
    val submitAll: Runnable = () => {
      var k = 0
      while (k < n) { val v = k; done.submit(() => Integer.valueOf(v)); k += 1 }
    }
    if (mode == Mode.Fork) pool.execute(submitAll) else submitAll.run()
    var sum = 0L; var i = 0
    while (i < n) { sum += done.take().get().intValue; i += 1 }
    sum
  }

  val impls: Vector[Impl[?]] = Vector(
    new Impl(Catalog.gatherUnordered, "default", ZioSetup, "ZIO.mergeAllPar")((rt, p, mode) => {
      val ts = Tasks.zio(p.int("n"), Tasks.onPool(p)); Program(rt.run(zio(ts), mode))
    }),
    new Impl(Catalog.gatherUnordered, "default", BaselineSetup, "ExecutorCompletionService")((rt, p, mode) => {
      val n = p.int("n"); val forked = Tasks.onPool(p); Program(baseline(n, forked, rt.pool, mode))
    })
  )
}
