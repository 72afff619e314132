package effectbench.loom

import effectbench.{Mode, ResultWait, Settings}
import java.util.concurrent.locks.LockSupport

/** Ox enters an operation as loom does: one new virtual thread runs the program, and the calling
  * thread waits for its result by ResultWait, not by a join of Ox's own. */
class OxEntrySuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(1, "min")

  private val live = OxSetup.start(Settings.Levelled)

  /** A virtual thread made now and never started: its id is the next of the JVM's thread ids.
    * (Reflectively: this module compiles on JDK 17 and its tests run on JDK 21+.) */
  private def nextThreadId(): Long = {
    val builder = classOf[Thread].getMethod("ofVirtual").invoke(null)
    val t = Class.forName("java.lang.Thread$Builder").getMethod("unstarted", classOf[Runnable])
      .invoke(builder, (() => ()): Runnable).asInstanceOf[Thread]
    classOf[Thread].getMethod("threadId").invoke(t).asInstanceOf[Long]
  }

  test("one virtual thread per operation") {
    (1 to 50).foreach(_ => live.run(() => (), Mode.Fork)) // carriers started, classes loaded
    // Ids are handed out in order, one per thread made anywhere in the JVM: the fewest ids taken
    // between two probes around an operation are the threads the operation itself made.
    val made = (1 to 50).map { _ =>
      val before = nextThreadId()
      live.run(() => (), Mode.Fork)
      nextThreadId() - before - 1
    }.min
    assertEquals(made, 1L)
  }

  test("the calling thread waits by ResultWait, on a virtual thread's result") {
    val caller = Thread.currentThread()
    val deadline = System.nanoTime() + 10L * 1000 * 1000 * 1000
    val (virtual, callerBlocker) = live.run(
      () => {
        var b = LockSupport.getBlocker(caller)
        while (!b.isInstanceOf[ResultWait.Slot[?]] && System.nanoTime() < deadline) {
          Thread.sleep(1); b = LockSupport.getBlocker(caller)
        }
        (VirtualThreads.isVirtual(Thread.currentThread()), String.valueOf(b))
      },
      Mode.Fork
    )
    assert(virtual, "the program runs on a virtual thread")
    assert(callerBlocker.contains("ResultWait$Slot"), s"the calling thread is parked on $callerBlocker, not a ResultWait slot")
  }
}
