package effectbench.scala213

import effectbench.{Impl, Live, Program}
import scala.async.Async.{async, await}
import scala.concurrent.{ExecutionContext, Future}
import scalaz.concurrent.Task

/** deep-bind: a chain of D flatMaps on one fiber, each on a unit effect.
  * Stresses the run loop's bind; it would be unfair to fuse the chain or to leave tracing on
  * for one runtime only (the levelled profile turns it off everywhere). */
object DeepBind {
  private val file = "runtimes/scala213/src/main/scala/effectbench/scala213/DeepBind.scala"

  def scalaz(d: Int): Task[Int] = {
    val unit = Task.now(())
    def loop(i: Int): Task[Int] = unit.flatMap(_ => if (i > d) Task.now(i) else loop(i + 1))
    loop(0)
  }

  /** async/await has no flatMap to write: each bind is an await of a unit Future, D+1 of them in
    * a loop (the state machine continues inline when the awaited Future is already complete). */
  def scalaAsync(d: Int)(implicit ec: ExecutionContext): Future[Int] = async {
    var i = 0
    while (i <= d) {
      await(Future.unit)
      i += 1
    }
    i
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl("deep-bind", "default", ScalazSetup, s"$file#scalaz", "flatMap")((rt, p, mode) => {
      val t = scalaz(p.int("d")); Program(rt.run(t, mode))
    }),
    new Impl("deep-bind", "default", ScalaAsyncSetup, s"$file#scalaAsync", "async/await")((rt, p, mode) => {
      val d = p.int("d"); Program(rt.run(() => scalaAsync(d)(rt.ec), mode))
    })
  )
}
