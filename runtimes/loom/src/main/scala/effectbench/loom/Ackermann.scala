package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import java.util.concurrent.ExecutorService
import ox.{Ox, fork, supervised}

/** ackermann in direct style. pool-per-step: every call runs on a new virtual thread (an Ox fork,
  * or a task of the virtual-thread-per-task executor) and is joined. Direct style has no
  * suspension to trampoline on (`trampolined` is n/a), and between its hops `stack-aware` would be
  * plain calls where every other runtime binds, so it is n/a too (NaReasons.ackermann).
  * Unfair if the hop were skipped. */
object Ackermann extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.ackermann
  val row: LoomRow = LoomRow(
    ox = runs(OxSetup) ++ na(NaReasons.ackermann),
    loom = runs(LoomSetup) ++ na(NaReasons.ackermann)
  )

  def oxPoolPerStep(m: Int, n: Long)(using Ox): Long = fork {
    if (m == 0) n + 1
    else if (n == 0) oxPoolPerStep(m - 1, 1)
    else oxPoolPerStep(m - 1, oxPoolPerStep(m, n - 1))
  }.join()

  def loomPoolPerStep(m: Int, n: Long, ex: ExecutorService): Long = ex.submit { () =>
    if (m == 0) n + 1
    else if (n == 0) loomPoolPerStep(m - 1, 1, ex)
    else loomPoolPerStep(m - 1, loomPoolPerStep(m, n - 1, ex), ex)
  }.get()

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.ackermann, "pool-per-step", OxSetup,
      "direct style, fork/join per call: every call starts a virtual thread and blocks its caller's on the join; each operation opens two Ox scopes (the entry's and this supervised one)")(
      (rt, p, mode) => {
        val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => supervised(oxPoolPerStep(m, n)), mode))
      }
    ),
    new Impl(Catalog.ackermann, "pool-per-step", LoomSetup,
      "direct style, virtual thread per call: every call submits a virtual thread and blocks its caller's on Future.get")((rt, p, mode) => {
      val (m, n) = (p.int("m"), p.long("n")); Program(rt.run(() => loomPoolPerStep(m, n, rt.executor), mode))
    })
  )
}
