package effectbench.loom

import effectbench.{
  Catalog,
  Impl,
  LatencyModel,
  Live,
  LoadWindow,
  LoomRow,
  NaReasons,
  PlainLoad,
  Scenario,
  ScenarioImpls,
  SleepTarget,
  WindowProgram
}
import effectbench.Cover.{na, runs}
import java.util.concurrent.ExecutorService

/** sleep-drift on plain virtual threads: the catalog's program (Catalog.sleepDrift) with the hogs of
  * this group's HogProbe, each sleeper a virtual thread whose `Thread.sleep` parks it on the JDK's
  * timer and gives its carrier back (the virtual-thread scheduler's own timer). */
object SleepDrift extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.sleepDrift
  val row: LoomRow = LoomRow(ox = na(NaReasons.sleepDrift), loom = runs(LoomSetup) ++ na(NaReasons.sleepDrift))

  def sleeper(w: LoadWindow, s: Int, dNanos: Long): Unit = {
    var i = 0
    var done = false
    while (!done) {
      val k = s * w.slotsPerSleeper + i
      w.expect(k, System.nanoTime() + dNanos)
      Thread.sleep(dNanos / 1000000L, (dNanos % 1000000L).toInt)
      w.answer(k)
      i += 1
      done = w.over || i >= w.slotsPerSleeper
    }
    w.sleeperDone()
  }

  /** The hogs are hog-probe's (PlainLoad's, a virtual thread each). */
  final class LoomTarget(executor: ExecutorService, dNanos: Long) extends SleepTarget {
    val hogs: PlainLoad.ExecutorTarget = new PlainLoad.ExecutorTarget(executor)
    def startSleeper(w: LoadWindow, s: Int): Unit = executor.execute(() => sleeper(w, s, dNanos))
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.sleepDrift, LatencyModel.Levelled, LoomSetup, "Thread.sleep on a virtual thread")((live, p, _) =>
      WindowProgram.sleepDrift(new LoomTarget(live.executor, p.long("sleep-us") * 1000L), p,
        Vector("cellAutoYieldBudget" -> "none (a virtual thread is not preempted)"))
    )
  )
}
