package effectbench.scala213

import effectbench.{Mode, Settings}
import java.util.concurrent.CountDownLatch
import scalaz.concurrent.Task

/** Guard of the one-wait rule for scalaz: in both entry modes, when the task finishes on a pool
  * thread the calling thread waits in ResultWait (which follows `--wait`), never in
  * unsafePerformSync's CountDownLatch. */
class ScalazWaitSuite extends munit.FunSuite {
  for (mode <- Vector(Mode.Fork, Mode.Sync)) test(s"scalaz ${mode.id}: the calling thread waits in ResultWait") {
    val live = ScalazSetup.start(Settings.Levelled)
    val release = new CountDownLatch(1)
    // The task finishes on the pool only once this test has looked at the waiting thread.
    val task = Task.fork(Task.delay { release.await(); 42 })(live.pool)
    var got = 0
    val caller = new Thread(() => got = live.run(task, mode), "caller")
    caller.start()
    try {
      var frames = Vector.empty[String]
      val deadline = System.nanoTime() + 30L * 1000000000L
      while (frames.isEmpty && System.nanoTime() < deadline) {
        val st = caller.getState
        if (st == Thread.State.WAITING || st == Thread.State.TIMED_WAITING)
          frames = caller.getStackTrace.toVector.map(f => f.getClassName + "." + f.getMethodName)
        else Thread.sleep(1)
      }
      assert(frames.exists(_.startsWith("effectbench.ResultWait$Slot.")),
        s"waiting outside ResultWait:\n  ${frames.take(12).mkString("\n  ")}")
    } finally {
      release.countDown()
      caller.join(30000)
      live.close()
    }
    assertEquals(got, 42)
  }
}
