package effectbench.modern

import effectbench.{Catalog, Mode, Settings}
import java.util.concurrent.atomic.AtomicLong
import zio.{RuntimeFlag, Supervisor, Unsafe, ZIO}

/** Controls and same-work counts for the run-loop and collection families: they show that the plain programs really
  * overflow at the catalog's stack-safety sizes, and they pin down the ZIO programs' bind counts.
  *
  * Binds are counted on ZIO, whose run loop reports every instruction to a Supervisor when
  * OpSupervision is on: every flatMap, map (a flatMap on a pure value) and suspendSucceed is one
  * `FlatMap` or `Mapped` node. Cats Effect, Future and the CPS task offer no such hook; their programs are
  * written line for line like the ZIO ones (same flatMaps, same for-comprehensions, same
  * suspension points), which is what these counts pin down. */
class RunLoopSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  private def onSmallStack[A](body: => A): Either[Throwable, A] = {
    var out: Either[Throwable, A] = Left(new IllegalStateException("did not run"))
    val t = new Thread(null,
      () => {
        out =
          try Right(body)
          catch { case e: Throwable => Left(e) }
      }, "small-stack", 256 * 1024)
    t.start(); t.join()
    out
  }

  test("plain ackermann overflows a 256 KiB stack at the catalog's stack-safety size") {
    val sp = Catalog.ackermann.stackParams.get
    // warm it first: JIT-compiled frames are smaller than interpreted ones
    var warm = 0L
    for (_ <- 1 to 2000) warm += Ackermann.plain(3, 5)
    assert(warm > 0)
    val r = onSmallStack(Ackermann.plain(sp.int("m"), sp.long("n")))
    assert(r.left.exists(_.isInstanceOf[StackOverflowError]), s"plain A(${sp("m")}, ${sp("n")}) did not overflow: $r")
  }

  test("plain left-associated recursion overflows a 256 KiB stack at the sums' stack-safety size") {
    val n = Catalog.leftSum.stackParams.get.int("n")
    def loop(ks: List[Int]): Long = ks match { case k :: rest => k + loop(rest); case Nil => 0L }
    val ks = List.range(0, n)
    assert(onSmallStack(loop(ks)).left.exists(_.isInstanceOf[StackOverflowError]))
  }

  test("the baseline's heap-stack ackermann agrees with plain recursion") {
    for (m <- 0 to 3; n <- 0L to 6L) assertEquals(Ackermann.baselineTrampolined(m, n), Ackermann.plain(m, n))
  }

  // ---- bind counts on ZIO

  private final class Counter extends Supervisor[Unit] {
    val binds = new AtomicLong
    val yields = new AtomicLong
    def value(implicit trace: zio.Trace): ZIO[Any, Nothing, Unit] = ZIO.unit
    def onStart[R, E, A](
        environment: zio.ZEnvironment[R], effect: ZIO[R, E, A], parent: Option[zio.Fiber.Runtime[Any, Any]],
        fiber: zio.Fiber.Runtime[E, A]
    )(implicit unsafe: Unsafe): Unit = ()
    def onEnd[R, E, A](value: zio.Exit[E, A], fiber: zio.Fiber.Runtime[E, A])(implicit unsafe: Unsafe): Unit = ()
    override def onEffect[E, A](fiber: zio.Fiber.Runtime[E, A], effect: ZIO[?, ?, ?])(implicit unsafe: Unsafe): Unit =
      effect.getClass.getSimpleName match {
        case "FlatMap" | "Mapped" => binds.incrementAndGet(); ()
        case "YieldNow" => yields.incrementAndGet(); ()
        case _ => ()
      }
  }

  /** (binds, yields) of one run of the program, in sync mode so nothing but the program runs. */
  private def count[A](program: ZIO[Any, Nothing, A]): (Long, Long) = {
    val c = new Counter
    val rt = Unsafe.unsafe { implicit u =>
      zio.Runtime.unsafe.fromLayer(zio.Runtime.enableFlags(RuntimeFlag.OpSupervision) ++ zio.Runtime.addSupervisor(c))
    }
    Unsafe.unsafe { implicit u => rt.unsafe.run(program).getOrThrowFiberFailure() }
    (c.binds.get, c.yields.get)
  }
  private def baseCount = count(ZIO.succeed(0L))

  private val n = 500
  for (pool <- Seq(false, true)) {
    val perTask = if (pool) 1 else 0 // the pooled task is yieldNow.map
    test(s"raw-sum binds once per task (pool=$pool)") {
      val (b, y) = count(RawSum.zio(Tasks.zio(n, pool), 0L))
      assertEquals(b - baseCount._1, n.toLong * (1 + perTask)); assertEquals(y, if (pool) n.toLong else 0L)
    }
    test(s"left-sum binds twice per task: flatMap and the for-comprehension's map (pool=$pool)") {
      val (b, _) = count(LeftSum.zio(Tasks.zio(n, pool)))
      assertEquals(b - baseCount._1, n.toLong * (2 + perTask))
    }
    test(s"right-sum binds twice per task: flatMap and the trailing identity map (pool=$pool)") {
      val (b, _) = count(RightSum.zio(Tasks.zio(n, pool), 0L))
      assertEquals(b - baseCount._1, n.toLong * (2 + perTask))
    }
  }

  /** Calls and non-tail calls of A(m, n), counted by plain recursion. */
  private def calls(m: Int, n: Long): (Long, Long) = {
    var c = 0L; var nonTail = 0L
    def ack(m: Int, n: Long): Long = {
      c += 1
      if (m == 0) n + 1 else if (n == 0) ack(m - 1, 1) else { nonTail += 1; ack(m - 1, ack(m, n - 1)) }
    }
    ack(m, n); (c, nonTail)
  }

  test("ackermann: trampolined suspends every call, binds every non-tail call") {
    val (c, t) = calls(2, 20)
    val b = count(Ackermann.zioTrampolined(2, 20))._1 - baseCount._1
    assertEquals(b, c + t)
  }
  test("ackermann: pool-per-step hops every call, binds every non-tail call") {
    val (c, t) = calls(2, 20)
    val (b, y) = count(Ackermann.zioPoolPerStep(2, 20))
    assertEquals((b - baseCount._1, y), (c + t, c))
  }
  test("ackermann: stack-aware binds every non-tail call and suspends far less often") {
    val (c, t) = calls(2, 20)
    val b = count(Ackermann.zioStackAware(2, 20, 0))._1 - baseCount._1
    assert(b >= t && b < t + c / 100, s"binds $b, non-tail calls $t, calls $c")
  }
}
