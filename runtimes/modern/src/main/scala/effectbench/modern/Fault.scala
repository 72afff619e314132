package effectbench.modern

import effectbench.{Faults, Impl, Live, Mode, ModernRow, Program, Scenario, ScenarioImpls, Threads}
import effectbench.Cover.{notDefined, runs}
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicLong

/** The test-only `fault` scenario: implementations that hang, throw, exit, overflow,
  * exhaust memory or return a wrong value, to prove the runner survives each.
  * Each program counts its calls: the first `after` calls return the right answer, every later
  * call faults, so `after=1` passes the oracle and fails only inside JMH's measuring JVM. */
object Fault extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Faults.scenario
  val row: ModernRow =
    ModernRow(catsEffect = notDefined, zio = notDefined, future = notDefined, cps = notDefined, baseline = runs(BaselineSetup))

  /** Never returns: waits on a latch nobody opens (a deadlock, without burning a core). */
  def hang(): Int = { new CountDownLatch(1).await(); 0 }

  def throwing(): Int = throw new IllegalStateException("injected fault: the program threw")

  /** Ends the JVM from inside the program, with status 0 so nobody can trust the exit code. */
  def exit(): Int = { System.exit(0); 0 }

  /** Unbounded non-tail recursion: a StackOverflowError on any stack size. */
  def overflow(depth: Long): Long = 1L + overflow(depth + 1)

  /** Keeps every block it allocates until the heap is gone (OutOfMemoryError). */
  def oom(): Int = {
    var kept: List[Array[Long]] = Nil
    while (true) kept = new Array[Long](1 << 20) :: kept
    kept.size
  }

  def wrong(): Int = Faults.answer.toInt - 1

  private lazy val pool = java.util.concurrent.Executors.newFixedThreadPool(Faults.poolThreads, Threads.daemon("fault-threads-pool"))

  /** Every pool thread at once: each task waits until all have started, so the pool holds
    * `poolThreads` live threads during every call. */
  def threads(): Int = {
    val all = new CountDownLatch(Faults.poolThreads)
    val done = new CountDownLatch(Faults.poolThreads)
    (1 to Faults.poolThreads).foreach(_ => pool.execute(() => { all.countDown(); all.await(); done.countDown() }))
    done.await()
    Faults.answer.toInt
  }

  private def fault(kind: String): Int = kind match {
    case "ok" => Faults.answer.toInt
    case "hang" => hang()
    case "throw" => throwing()
    case "exit" => exit()
    case "overflow" => overflow(0).toInt
    case "oom" => oom()
    case "wrong" => wrong()
    case "threads" => threads()
  }

  private def impl(kind: String): Impl[BaselineLive] =
    new Impl(Faults.scenario, kind, BaselineSetup, "plain Scala")((rt, p, mode) => {
      val after = p.long("after")
      val calls = new AtomicLong(0)
      Program(rt.run(() => if (calls.getAndIncrement() < after) Faults.answer.toInt else fault(kind), mode))
    })

  val impls: Vector[Impl[? <: Live]] = Faults.kinds.map(impl)
}
