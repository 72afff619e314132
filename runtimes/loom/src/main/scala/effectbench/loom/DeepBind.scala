package effectbench.loom

import effectbench.{Impl, Program}

/** deep-bind: a chain of D flatMaps on one fiber, each on a unit effect.
  * Direct style has no bind: here the chain is D sequential calls of a unit step on one virtual
  * thread (an Ox fork, or a plain virtual thread); it would be unfair to let the loop be folded
  * away, so each step goes through a function value the JIT cannot treat as a constant. */
object DeepBind {
  private val file = "runtimes/loom/src/main/scala/effectbench/loom/DeepBind.scala"

  /** The unit effect of one step, called through a field (not inlined by scalac). */
  @volatile private var unitStep: () => Unit = () => ()

  /** One direct-style step after another: step, then continue with the next index. */
  def direct(d: Int): Int = {
    val step = unitStep
    var i = 0
    while (i <= d) {
      step()
      i += 1
    }
    i
  }

  val impls: Vector[Impl[?]] = Vector(
    new Impl("deep-bind", "default", OxSetup, s"$file#direct", "direct style")((rt, p, mode) => {
      val d = p.int("d"); Program(rt.run(() => direct(d), mode))
    }),
    new Impl("deep-bind", "default", LoomSetup, s"$file#direct", "direct style")((rt, p, mode) => {
      val d = p.int("d"); Program(rt.run(() => direct(d), mode))
    })
  )
}
