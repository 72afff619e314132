package effectbench.modern

import effectbench.{Catalog, Cells, Settings}
import java.util.concurrent.{AbstractExecutorService, ConcurrentLinkedQueue, TimeUnit}

/** Guard of the one-wait rule (docs/engine.md, "How the measuring thread waits"): in fork mode a baseline
  * cell's program runs on its pool and the measuring thread waits once, in ResultWait, as every
  * runtime's does. A cell whose measuring thread takes results itself (a completion service's
  * `take` on the calling thread) or joins a CompletableFuture after ResultWait handed it back is
  * caught: the test runs every baseline cell at its test size with a pool whose tasks this test
  * runs one at a time, and looks at where the measuring thread is blocked while they run. */
class BaselineWaitSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  /** A pool that runs nothing by itself: `step` runs one queued task on the caller. */
  final class Manual extends AbstractExecutorService {
    private val queue = new ConcurrentLinkedQueue[Runnable]
    @volatile private var down = false
    def execute(r: Runnable): Unit = { queue.add(r); () }
    def step(): Boolean = { val r = queue.poll(); if (r == null) false else { r.run(); true } }
    def shutdown(): Unit = down = true
    def shutdownNow(): java.util.List[Runnable] = { down = true; new java.util.ArrayList[Runnable](queue) }
    def isShutdown: Boolean = down
    def isTerminated: Boolean = down
    def awaitTermination(t: Long, u: TimeUnit): Boolean = true
  }

  /** The frames of the measuring thread each time it was seen blocked. */
  private def blockedFrames(program: effectbench.Program, pool: Manual): Vector[Vector[String]] = {
    var failure: Throwable = null
    val measuring = new Thread(() =>
        try { program.run(); () }
        catch { case t: Throwable => failure = t }, "measuring")
    measuring.start()
    val seen = Vector.newBuilder[Vector[String]]
    val deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2)
    while (measuring.isAlive && System.nanoTime() < deadline) {
      val st = measuring.getState
      if (st == Thread.State.WAITING || st == Thread.State.TIMED_WAITING) {
        val frames = measuring.getStackTrace.toVector.map(f => f.getClassName + "." + f.getMethodName)
        // A sample counts only when the thread still waits after its stack was taken and is not
        // already past its program (seen: state WAITING read just before the thread woke, then a
        // stack in Thread.exit): the two looks are not atomic. Empty: it ended between them.
        val stillWaiting = { val s2 = measuring.getState; s2 == Thread.State.WAITING || s2 == Thread.State.TIMED_WAITING }
        if (frames.nonEmpty && stillWaiting && !frames.contains("java.lang.Thread.exit")) seen += frames
        if (!pool.step()) Thread.sleep(1)
      } else Thread.onSpinWait()
    }
    assert(!measuring.isAlive, "the program did not finish")
    if (failure != null) throw failure
    seen.result()
  }

  private val baselineCells =
    // The latency family is left out: there the measuring thread is the window's client (LoadWindow), which
    // parks between the events it submits by design and collects no program's result.
    (new Cells).impls.filter(i =>
      i.runtime == "baseline" && !i.scenarioDef.testOnly && Catalog.scenarios.contains(i.scenarioDef) &&
        i.scenarioDef.family != effectbench.Family.Latency
    )

  test("the module has baseline cells of every family it implements") {
    assert(baselineCells.map(_.scenarioDef.family).distinct.size >= 3, baselineCells.map(_.key))
  }

  for {
    impl <- baselineCells
    ps <- impl.scenarioDef.testSets
    mode <- impl.scenarioDef.modes
  } test(s"${impl.key} $ps ${mode.id}: the measuring thread waits only in ResultWait") {
    val pool = new Manual
    val live = new BaselineLive(Settings.Levelled, _ => pool)
    try {
      val program = impl.prepare(live, ps, mode)
      val frames = blockedFrames(program, pool)
      // Every blocked sample must be ResultWait's park, and nothing of the program may be on the
      // measuring thread's stack while it waits.
      frames.foreach { fs =>
        assert(fs.exists(_.startsWith("effectbench.ResultWait$Slot.")),
          s"blocked outside ResultWait:\n  ${fs.take(12).mkString("\n  ")}")
      }
    } finally live.close()
  }
}
