package effectbench.scala213

import effectbench.{Catalog, Impl, Live, NaReasons, Oracles, Program, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import scalaz.Nondeterminism
import scalaz.concurrent.Task
import scalaz.std.list._
import scalaz.syntax.traverse._

/** sequence, gather and gather-unordered on scalaz Task: `sequence` (one after another),
  * Nondeterminism's `gather` (parallel, input order kept) and `gatherUnordered` (parallel,
  * completion order). Unfair if the sequential one ran in parallel or the reverse. */
object Sequence extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.sequence
  val row: Scala213Row = Scala213Row(scalaz = runs(ScalazSetup), scalaAsync = na(NaReasons.sequence))

  def scalaz(tasks: List[Task[Int]]): Task[List[Int]] = tasks.sequence[Task, Int]

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.sequence, "default", ScalazSetup, "sequence")((rt, p, mode) => {
      val ts = RunLoopTasks.scalaz(p.int("n"), RunLoopTasks.onPool(p), rt.pool)
      Program.summarized(rt.run(scalaz(ts), mode))(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
    })
  )
}

object Gather extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.gather
  val row: Scala213Row = Scala213Row(scalaz = runs(ScalazSetup), scalaAsync = na(NaReasons.gather))

  def scalaz(tasks: List[Task[Int]]): Task[List[Int]] = Nondeterminism[Task].gather(tasks)

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.gather, "default", ScalazSetup,
      "Nondeterminism.gather; tasks=immediate: nothing started (scalaz 7.2.30's Nondeterminism of Future takes no executor: each task is listened to where it runs; checked with javap)")(
      (rt, p, mode) => {
        val ts = RunLoopTasks.scalaz(p.int("n"), RunLoopTasks.onPool(p), rt.pool)
        Program.summarized(rt.run(scalaz(ts), mode))(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
      }
    )
  )
}

object GatherUnordered extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.gatherUnordered
  val row: Scala213Row = Scala213Row(scalaz = runs(ScalazSetup), scalaAsync = na(NaReasons.gatherUnordered))

  def scalaz(tasks: List[Task[Int]]): Task[Long] = Task.gatherUnordered(tasks).map(_.foldLeft(0L)(_ + _))

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.gatherUnordered, "default", ScalazSetup,
      "Task.gatherUnordered; tasks=immediate: nothing started (scalaz 7.2.30's Nondeterminism of Future takes no executor: each task is listened to where it runs; checked with javap)")(
      (rt, p, mode) => {
        val ts = RunLoopTasks.scalaz(p.int("n"), RunLoopTasks.onPool(p), rt.pool); Program(rt.run(scalaz(ts), mode))
      }
    )
  )
}
