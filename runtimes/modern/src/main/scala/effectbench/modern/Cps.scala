package effectbench.modern

import java.util.concurrent.Executor
import scala.util.control.TailCalls.{TailRec, done, tailcall}

/** The "vanilla CPS" task of docs/scenarios.md: a function from a continuation to a trampolined
  * step, with no library behind it. It is the floor for what an effect's run loop adds. */
final class Cps[A](val step: (A => TailRec[Unit]) => TailRec[Unit]) {
  def flatMap[B](f: A => Cps[B]): Cps[B] = new Cps[B](k => tailcall(step(a => tailcall(f(a).step(k)))))
  def map[B](f: A => B): Cps[B] = new Cps[B](k => tailcall(step(a => tailcall(k(f(a))))))
}

object Cps {
  def pure[A](a: A): Cps[A] = new Cps[A](k => tailcall(k(a)))
  def delay[A](a: => A): Cps[A] = new Cps[A](k => tailcall(k(a)))
  val unit: Cps[Unit] = pure(())

  /** Continue on the pool: the async boundary. */
  def shift(pool: Executor): Cps[Unit] = new Cps[Unit](k => {
    pool.execute(() => k(()).result)
    done(())
  })

  /** Runs to completion, waiting on the calling thread for any asynchronous part. */
  def runBlocking[A](task: Cps[A]): A =
    effectbench.ResultWait.await[A](s => task.step { a => s.succeed(a); done(()) }.result)
}
