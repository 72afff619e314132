package effectbench.monix

import effectbench.{Catalog, Impl, Live, Program, ScenarioImpls}
import monix.eval.Task

/** left-sum: the same tasks summed left-associated in each runtime's usual syntax, `head + loop(tail)`:
  * per task two flatMaps and the for-comprehension's map. Unfair if one side skipped the map or fused the fold. */
object LeftSum extends ScenarioImpls {
  def monix(tasks: List[Task[Int]]): Task[Long] = tasks match {
    case head :: tail => for { h <- head; rest <- monix(tail) } yield h + rest
    case Nil => Task.now(0L)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.leftSum, "default", MonixSetup, "for-comprehension")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("n"), Tasks.onPool(p)); Program(rt.run(monix(ts), mode))
    })
  )
}
