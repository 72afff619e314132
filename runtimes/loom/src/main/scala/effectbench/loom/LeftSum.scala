package effectbench.loom

import effectbench.{Impl, Program}

/** left-sum: `head + loop(tail)` in direct style is plain non-tail recursion on the virtual
  * thread's stack: it is NOT stack-safe (a finding, declared in the catalog's stackExempt). */
object LeftSum {
  private val file = "runtimes/loom/src/main/scala/effectbench/loom/LeftSum.scala"

  def direct(tasks: List[() => Int]): Long = tasks match {
    case head :: tail => head() + direct(tail)
    case Nil => 0L
  }

  val impls: Vector[Impl[?]] = Vector(
    new Impl("left-sum", "default", OxSetup, s"$file#direct", "direct style")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => direct(ts), mode))
    }),
    new Impl("left-sum", "default", LoomSetup, s"$file#direct", "direct style")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => direct(ts), mode))
    })
  )
}
