package effectbench.continuations

import effectbench.{Catalog, ContinuationsRow, Impl, Live, Oracles, Program, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import RunLoopTasks.{C, Task}
import scala.util.continuations._

/** sequence: Scala Continuations has no sequence combinator, so the list of results is collected
  * by hand, one @cps call (a bind the plugin writes) per task, in order, as the vanilla CPS task and
  * Dsl.scala do; then summed. Unfair if the tasks were not @cps calls (then nothing would bind). */
object Sequence extends ScenarioImpls[ContinuationsRow] {
  val scenario: Scenario = Catalog.sequence
  val row: ContinuationsRow = ContinuationsRow(continuations = runs(ContinuationsSetup))

  def continuations(tasks: List[Task]): List[Int] @cps[C] = collect(tasks, Nil)

  private def collect(tasks: List[Task], acc: List[Int]): List[Int] @cps[C] =
    if (tasks.isEmpty) acc.reverse
    else {
      val k = tasks.head()
      // `k :: acc` here crashes scalac 2.12.2 with the plugin (a local val lost by lambda lifting)
      collect(tasks.tail, prepend(k, acc))
    }

  private def prepend(k: Int, acc: List[Int]): List[Int] = k :: acc

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.sequence, "default", ContinuationsSetup, "shift/reset (@cps), recursion")((rt, p, mode) => {
      val ts = RunLoopTasks.tasks(p.int("n"), RunLoopTasks.onPool(p), rt)
      Program.summarized(rt.run(() => continuations(ts), mode))(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
    })
  )
}
