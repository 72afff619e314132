package effectbench.scala213

import effectbench.{Catalog, Impl, Live, Program, ScenarioImpls}
import scalaz.concurrent.Task

/** deep-bind: a chain of D flatMaps on one fiber, each on a unit effect.
  * Stresses the run loop's bind; it would be unfair to fuse the chain or to leave tracing on
  * for one runtime only (the levelled profile turns it off everywhere). scala-async is n/a: in one
  * async block an await of a finished Future continues inline, so there is no bind to measure. */
object DeepBind extends ScenarioImpls {
  def scalaz(d: Int): Task[Int] = {
    val unit = Task.now(())
    def loop(i: Int): Task[Int] = unit.flatMap(_ => if (i > d) Task.now(i) else loop(i + 1))
    loop(0)
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.deepBind, "default", ScalazSetup, "flatMap")((rt, p, mode) => {
      val t = scalaz(p.int("d")); Program(rt.run(t, mode))
    })
  )
}
