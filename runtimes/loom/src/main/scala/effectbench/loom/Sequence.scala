package effectbench.loom

import effectbench.{Impl, Program}

/** sequence: in direct style, calling the N tasks one after another is mapping the list. */
object Sequence {
  private val file = "runtimes/loom/src/main/scala/effectbench/loom/Sequence.scala"

  def direct(tasks: List[() => Int]): Long = tasks.map(_()).foldLeft(0L)(_ + _)

  val impls: Vector[Impl[?]] = Vector(
    new Impl("sequence", "default", OxSetup, s"$file#direct", "direct style (List.map)")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => direct(ts), mode))
    }),
    new Impl("sequence", "default", LoomSetup, s"$file#direct", "direct style (List.map)")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => direct(ts), mode))
    })
  )
}
