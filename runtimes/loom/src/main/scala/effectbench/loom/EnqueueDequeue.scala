package effectbench.loom

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, LoomRow, Program, Scenario, Work}
import effectbench.Cover.runs
import java.util.concurrent.ArrayBlockingQueue
import ox.channels.Channel

/** enqueue-dequeue in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.enqueueDequeue, docs/scenarios.md). */
object EnqueueDequeue extends CountedScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.enqueueDequeue
  val row: LoomRow = LoomRow(ox = runs(OxSetup), loom = runs(LoomSetup))

  def oxDirect(n: Int, w: Work): Int = {
    val ops = new OxOps(w)
    val q = Channel.buffered[Int](1)
    var acc = 0
    var i = 0
    while (i < n) { ops.offer(q, 1); acc += ops.take(q); i += 1 }
    acc
  }

  def loomThreads(n: Int, w: Work, ops: LoomOps): Int = {
    val q = new ArrayBlockingQueue[Integer](1)
    var acc = 0
    var i = 0
    while (i < n) { ops.offer(q, Integer.valueOf(1)); acc += ops.take(q); i += 1 }
    acc
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.enqueueDequeue, "default", OxSetup, "direct style")((rt, p, mode) => {
      val n = p.int("n"); Program(rt.run(() => oxDirect(n, w), mode))
    }),
    new Impl(Catalog.enqueueDequeue, "default", LoomSetup, "direct style")((rt, p, mode) => {
      val n = p.int("n"); val ops = new LoomOps(w, rt.executor); Program(rt.run(() => loomThreads(n, w, ops), mode))
    })
  )
}
