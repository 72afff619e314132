package effectbench.modern

import java.util.concurrent.{CountDownLatch, Executors, TimeUnit}

/** service's baseline takes its permits asynchronously: a request waiting for a permit holds no
  * pool thread, and a release hands the permit on to the first request waiting. */
class BaselinePermitsSuite extends munit.FunSuite {
  test("on a one-thread pool, a request waiting for the only permit leaves the thread to the one that releases it") {
    val pool = Executors.newSingleThreadExecutor(effectbench.Threads.daemon("baseline-permits-test"))
    try {
      val permits = new Service.BaselinePermits(1, pool)
      val order = new java.util.concurrent.ConcurrentLinkedQueue[String]()
      val done = new CountDownLatch(1)
      pool.execute(() => permits.acquire(() => order.add("first holds")))
      pool.execute(() => permits.acquire(() => { order.add("second holds"); done.countDown() }))
      pool.execute(() => { order.add("first releases"); permits.release() })
      assert(done.await(10, TimeUnit.SECONDS), s"the second request never got the permit: ${order}")
      assertEquals(order.toArray.toVector, Vector[AnyRef]("first holds", "first releases", "second holds"))
    } finally { pool.shutdownNow(); () }
  }
}
