package effectbench.loom

import effectbench.{Catalog, CountedScenarioImpls, Impl, Live, LoomRow, Program, Scenario, Work}
import effectbench.Cover.runs
import java.util.concurrent.{ArrayBlockingQueue, CompletableFuture}
import java.util.concurrent.atomic.AtomicInteger
import ox.channels.Channel
import ox.supervised

/** ping-pong in this group: the program, its oracle and what would make it unfair are the
  * catalog's (Catalog.pingPong, docs/scenarios.md). */
object PingPong extends CountedScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.pingPong
  val row: LoomRow = LoomRow(ox = runs(OxSetup), loom = runs(LoomSetup))

  def oxDirect(f: Int, w: Work): Int = supervised {
    val ops = new OxOps(w)
    val counter = new AtomicInteger(f)
    val q = Channel.buffered[Unit](1)
    val done = new CompletableFuture[Unit]()
    var i = 0
    while (i < f) {
      ops.fork {
        ops.fork(ops.offer(q, ()))
        ops.take(q)
        if (ops.decrement(counter) == 0) ops.complete(done, ())
      }
      i += 1
    }
    ops.await(done)
    counter.get
  }

  def loomThreads(f: Int, w: Work, ops: LoomOps): Int = {
    val counter = new AtomicInteger(f)
    val q = new ArrayBlockingQueue[Unit](1)
    val done = new CompletableFuture[Unit]()
    var i = 0
    while (i < f) {
      ops.fork {
        ops.fork(ops.offer(q, ()))
        ops.take(q)
        if (ops.decrement(counter) == 0) ops.complete(done, ())
      }
      i += 1
    }
    ops.await(done)
    counter.get
  }

  def implsWith(w: Work): Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.pingPong, "default", OxSetup, "direct style")((rt, p, mode) => {
      val f = p.int("f"); Program(rt.run(() => oxDirect(f, w), mode))
    }),
    new Impl(Catalog.pingPong, "default", LoomSetup, "direct style")((rt, p, mode) => {
      val f = p.int("f"); val ops = new LoomOps(w, rt.executor); Program(rt.run(() => loomThreads(f, w, ops), mode))
    })
  )
}
