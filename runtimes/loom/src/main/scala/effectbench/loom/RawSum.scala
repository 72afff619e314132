package effectbench.loom

import effectbench.{Impl, Program}

/** raw-sum: N tasks folded by hand-written recursion, accumulator passed along. In direct style
  * the bind is the call itself, and the recursion is a tail call (a loop). Same program on Ox and
  * plain virtual threads; what differs is how each starts it. */
object RawSum {
  private val file = "runtimes/loom/src/main/scala/effectbench/loom/RawSum.scala"

  @annotation.tailrec def direct(tasks: List[() => Int], acc: Long): Long = tasks match {
    case head :: tail => direct(tail, acc + head())
    case Nil => acc
  }

  val impls: Vector[Impl[?]] = Vector(
    new Impl("raw-sum", "default", OxSetup, s"$file#direct", "direct style")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => direct(ts, 0L), mode))
    }),
    new Impl("raw-sum", "default", LoomSetup, s"$file#direct", "direct style")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => direct(ts, 0L), mode))
    })
  )
}
