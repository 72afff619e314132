package effectbench

import scala.concurrent.duration._

/** Every wait strategy gets the result another thread hands over, and its failure; none loses a
  * wake-up when the result arrives while the waiter is about to park. Nothing here is timed. */
class ResultWaitSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 20.seconds

  // In a Future so that munitTimeout ends a hang (a lost wake-up waits for ever).
  private def bounded[A](body: => A): scala.concurrent.Future[A] = scala.concurrent.Future(body)(scala.concurrent.ExecutionContext.global)

  private def daemonPool() = java.util.concurrent.Executors.newSingleThreadExecutor { r =>
    val t = new Thread(r); t.setDaemon(true); t
  }

  private val strategies = Vector(ResultWait.Park, ResultWait.Spin, ResultWait.SpinPark(100))

  private def later(ms: Long)(f: => Unit): Unit = { val t = new Thread(() => { Thread.sleep(ms); f }); t.setDaemon(true); t.start() }

  test("each strategy returns the value completed on another thread, and rethrows its failure") {
    bounded {
      for (st <- strategies) {
        val s = new ResultWait.Slot[Int]
        later(20)(s.succeed(42))
        assertEquals(s.awaitWith(st), 42, st.id)
        val f = new ResultWait.Slot[Int]
        later(20)(f.fail(new IllegalStateException("boom")))
        intercept[IllegalStateException](f.awaitWith(st))
      }
    }
  }

  test("no lost wake-up: many results handed over as the waiter starts waiting") {
    bounded {
      val pool = daemonPool()
      try for (st <- strategies; i <- 0 until 20000) {
          val s = new ResultWait.Slot[Int]
          pool.execute(() => s.succeed(i))
          assertEquals(s.awaitWith(st), i)
        }
      finally pool.shutdownNow()
    }
  }

  test("the property's values parse; anything else is refused") {
    assertEquals(ResultWait.ids.flatMap(ResultWait.parse).map(_.id), ResultWait.ids)
    assertEquals(ResultWait.parse("busy"), None)
  }

  test("onExecutor fails the operation on a fatal error instead of waiting for ever") {
    bounded {
      val pool = daemonPool()
      // munit's intercept does not catch fatal errors: caught here by hand.
      val got =
        try { ResultWait.onExecutor[Int](pool)(() => throw new StackOverflowError("deep")); None }
        catch { case e: StackOverflowError => Some(e) }
        finally pool.shutdownNow()
      assertEquals(got.map(_.getMessage), Some("deep"))
    }
  }
}
