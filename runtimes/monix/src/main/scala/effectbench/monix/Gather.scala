package effectbench.monix

import effectbench.{Impl, Oracles, Program}
import monix.eval.Task

/** gather: N tasks run in parallel by the runtime's order-keeping combinator; the list must come
  * back in input order. Unfair if a side ran them sequentially or returned them unordered. */
object Gather {
  private val file = "runtimes/monix/src/main/scala/effectbench/monix/Gather.scala"

  def monix(tasks: List[Task[Int]]): Task[List[Int]] = Task.parSequence(tasks)

  val impls: Vector[Impl[?]] = Vector(
    new Impl("gather", "default", MonixSetup, s"$file#monix", "Task.parSequence")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("n"), Tasks.onPool(p))
      Program.summarized(rt.run(monix(ts), mode))(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
    })
  )
}
