package effectbench.monix

import effectbench.{Impl, Program}
import monix.eval.Task

/** right-sum: the same tasks summed right-associated, `loop(tail, head + acc)` inside a
  * for-comprehension, so its trailing identity map is paid per task. Unfair if one side dropped it. */
object RightSum {
  private val file = "runtimes/monix/src/main/scala/effectbench/monix/RightSum.scala"

  def monix(tasks: List[Task[Int]], acc: Long): Task[Long] = tasks match {
    case head :: tail => for { h <- head; sum <- monix(tail, acc + h) } yield sum
    case Nil => Task.now(acc)
  }

  val impls: Vector[Impl[?]] = Vector(
    new Impl("right-sum", "default", MonixSetup, s"$file#monix", "for-comprehension")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("n"), Tasks.onPool(p)); Program(rt.run(monix(ts, 0L), mode))
    })
  )
}
