package effectbench.monix

import effectbench.{Catalog, Impl, Live, Program, ScenarioImpls}
import monix.eval.Task

/** deep-bind: a chain of D flatMaps on one fiber, each on a unit effect.
  * Stresses the run loop's bind; it would be unfair to fuse the chain or to leave tracing on
  * for one runtime only (the levelled profile turns it off everywhere). */
object DeepBind extends ScenarioImpls {
  def monix(d: Int): Task[Int] = {
    def loop(i: Int): Task[Int] = Task.unit.flatMap(_ => if (i > d) Task.now(i) else loop(i + 1))
    loop(0)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.deepBind, "default", MonixSetup, "flatMap")((rt, p, mode) => {
      val t = monix(p.int("d")); Program(rt.run(t, mode))
    })
  )
}
