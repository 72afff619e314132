package effectbench.monix

import effectbench.{Catalog, Impl, Live, Program, ScenarioImpls}
import monix.eval.Task

/** raw-sum: N tasks folded by a hand-written recursive bind, accumulator passed along: one
  * flatMap per task and nothing else. Unfair if a runtime got a fused fold or a trailing map. */
object RawSum extends ScenarioImpls {
  def monix(tasks: List[Task[Int]], acc: Long): Task[Long] = tasks match {
    case head :: tail => head.flatMap(k => monix(tail, acc + k))
    case Nil => Task.now(acc)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.rawSum, "default", MonixSetup, "explicit flatMap")((rt, p, mode) => {
      val ts = Tasks.monix(p.int("n"), Tasks.onPool(p)); Program(rt.run(monix(ts, 0L), mode))
    })
  )
}
