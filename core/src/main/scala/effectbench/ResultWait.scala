package effectbench

import java.util.concurrent.locks.LockSupport
import scala.util.{Failure, Success, Try}

/** How the measuring thread waits for an operation's result when the operation runs on another
  * thread (fork mode): one strategy for every runtime, chosen per JVM by the system property
  * `effectbench.wait` (the runner passes it to every fork and records it in run.json).
  *
  * - park: block until the result is there (LockSupport.park; the completing thread unparks). The
  *   measuring thread leaves its core, and every operation pays a wake-up.
  * - spin: busy-wait on a volatile field. No wake-up, but on 2 cores the spinning thread takes a
  *   core from the runtime's pool.
  * - spinpark: spin `SpinParkSpins` times, then park.
  *
  * Every runtime's fork entry hands its result to a `Slot` through the runtime's own callback
  * (its non-blocking run entry), so the wait itself is this code, not each library's latch. */
object ResultWait {
  sealed abstract class Strategy(val id: String)
  case object Park extends Strategy("park")
  case object Spin extends Strategy("spin")
  final case class SpinPark(spins: Int) extends Strategy("spinpark")

  val Property = "effectbench.wait"
  /** Iterations of Thread.onSpinWait before parking. What that is in time depends on the CPU (the
    * latency of its spin-wait hint), so the study reports the count, not a time. */
  val SpinParkSpins = 20000
  val ids: Vector[String] = Vector("park", "spin", "spinpark")

  def parse(s: String): Option[Strategy] = s match {
    case "park" => Some(Park)
    case "spin" => Some(Spin)
    case "spinpark" => Some(SpinPark(SpinParkSpins))
    case _ => None
  }

  def describe(s: Strategy): String = s match {
    case Park => "park"
    case Spin => "spin"
    case SpinPark(n) => s"spinpark ($n spins, then park)"
  }

  /** This JVM's strategy; a bad value fails the fork at its first operation, loudly. */
  lazy val strategy: Strategy = {
    val v = System.getProperty(Property, "park")
    parse(v).getOrElse(throw new IllegalArgumentException(s"-D$Property must be one of ${ids.mkString(", ")}, got '$v'"))
  }

  private val Empty: AnyRef = new AnyRef

  /** One result, completed once by the runtime's callback and awaited once by the measuring thread. */
  final class Slot[A] {
    @volatile private[this] var result: AnyRef = Empty
    @volatile private[this] var waiter: Thread = null

    def complete(r: Try[A]): Unit = {
      result = r
      // Volatile write of the result before the volatile read of the waiter, and the reverse on the
      // waiting side: either the waiter sees the result or this thread sees the waiter.
      val w = waiter
      if (w != null) LockSupport.unpark(w)
    }
    def succeed(a: A): Unit = complete(Success(a))
    def fail(t: Throwable): Unit = complete(Failure(t))
    def isDone: Boolean = result ne Empty

    def await(): A = awaitWith(strategy)

    def awaitWith(how: Strategy): A = {
      if (!isDone) how match {
        case Park => park()
        case Spin =>
          while (!isDone) {
            Thread.onSpinWait()
            if (Thread.interrupted()) throw new InterruptedException("waiting for a result")
          }
        case SpinPark(n) =>
          var i = 0
          while (!isDone && i < n) { Thread.onSpinWait(); i += 1 }
          if (!isDone) park()
      }
      result.asInstanceOf[Try[A]].get
    }

    private def park(): Unit = {
      waiter = Thread.currentThread()
      while (!isDone) {
        LockSupport.park(this)
        if (Thread.interrupted()) { waiter = null; throw new InterruptedException("waiting for a result") }
      }
      waiter = null
    }
  }

  /** Runs `start` with a fresh slot, then waits for it. */
  def await[A](start: Slot[A] => Unit): A = {
    val s = new Slot[A]
    start(s)
    s.await()
  }

  /** A scala.concurrent.Future's result, waited for by this strategy (the callback runs on the
    * completing thread, as Await's own latch would). */
  def future[A](f: scala.concurrent.Future[A]): A = f.value match {
    case Some(done) => done.get
    case None => await[A](s => f.onComplete(s.complete)(SameThread))
  }

  /** Runs a callback where it is called from (Scala 2.12 has no ExecutionContext.parasitic). */
  object SameThread extends scala.concurrent.ExecutionContext {
    def execute(r: Runnable): Unit = r.run()
    def reportFailure(t: Throwable): Unit = t.printStackTrace()
  }

  /** `body` on `executor`, its result waited for by this strategy. */
  def onExecutor[A](executor: java.util.concurrent.Executor)(body: () => A): A =
    await[A](s =>
      executor.execute(new Runnable {
        // Throwable, not NonFatal: a StackOverflowError must fail the operation, not leave it waiting.
        def run(): Unit =
          try s.succeed(body())
          catch { case t: Throwable => s.fail(t) }
      })
    )
}
