package effectbench.loom

import effectbench.{Impl, Program}

/** right-sum: `loop(tail, head + acc)` in direct style: no for-comprehension, hence no trailing
  * map, and a tail call (a loop). That the syntax costs nothing here is what the scenario shows. */
object RightSum {
  private val file = "runtimes/loom/src/main/scala/effectbench/loom/RightSum.scala"

  @annotation.tailrec def direct(tasks: List[() => Int], acc: Long): Long = tasks match {
    case head :: tail =>
      val h = head()
      direct(tail, acc + h)
    case Nil => acc
  }

  val impls: Vector[Impl[?]] = Vector(
    new Impl("right-sum", "default", OxSetup, s"$file#direct", "direct style")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => direct(ts, 0L), mode))
    }),
    new Impl("right-sum", "default", LoomSetup, s"$file#direct", "direct style")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => direct(ts, 0L), mode))
    })
  )
}
