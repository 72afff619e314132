package effectbench.monix

import effectbench.{Catalog, Impl, Live, Program, ScenarioImpls}
import monix.eval.Task

/** right-sum: the same tasks summed right-associated, `loop(tail, head + acc)` inside a
  * for-comprehension, so its trailing identity map is paid per task. Unfair if one side dropped it. */
object RightSum extends ScenarioImpls {
  def monix(tasks: List[Task[Int]], acc: Long): Task[Long] = tasks match {
    case head :: tail => for { h <- head; sum <- monix(tail, acc + h) } yield sum
    case Nil => Task.now(acc)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.rightSum, "default", MonixSetup, "for-comprehension")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("n"), Tasks.onPool(p)); Program(rt.run(monix(ts, 0L), mode))
    })
  )
}
