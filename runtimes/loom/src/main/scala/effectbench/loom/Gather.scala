package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import java.util.concurrent.{Callable, ExecutorService}
import scala.jdk.CollectionConverters.*

/** gather: every task on its own virtual thread, results in input order: Ox `par`, or the
  * executor's invokeAll. Unfair if the tasks ran one after another. */
object Gather extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.gather
  val row: LoomRow = LoomRow(ox = runs(OxSetup), loom = runs(LoomSetup))

  def ox(tasks: List[() => Int]): List[Int] = _root_.ox.par(tasks).toList

  def loom(tasks: List[() => Int], ex: ExecutorService): List[Int] =
    ex.invokeAll(tasks.map(t => (() => Integer.valueOf(t())): Callable[Integer]).asJava).asScala.iterator.map(_.get().intValue).toList

  private def inOrder(body: => Any) = Program.summarized(body)(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.gather, "default", OxSetup, "par; tasks=immediate: still a virtual thread per task (par forks each)")(
      (rt, p, mode) => {
        val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); inOrder(rt.run(() => ox(ts), mode))
      }
    ),
    new Impl(Catalog.gather, "default", LoomSetup, "ExecutorService.invokeAll; tasks=immediate: still a virtual thread per task")(
      (rt, p, mode) => {
        val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); inOrder(rt.run(() => loom(ts, rt.executor), mode))
      }
    )
  )
}
