package effectbench.scala213

import effectbench.{Impl, Live, Oracles, Program}
import scalaz.Nondeterminism
import scalaz.concurrent.Task
import scalaz.std.list._
import scalaz.syntax.traverse._

/** sequence, gather and gather-unordered on scalaz Task: `sequence` (one after another),
  * Nondeterminism's `gather` (parallel, input order kept) and `gatherUnordered` (parallel,
  * completion order). Unfair if the sequential one ran in parallel or the reverse. */
object Sequence {
  private val file = "runtimes/scala213/src/main/scala/effectbench/scala213/Collections.scala"

  def scalaz(tasks: List[Task[Int]]): Task[Long] = tasks.sequence[Task, Int].map(_.foldLeft(0L)(_ + _))

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl("sequence", "default", ScalazSetup, s"$file#Sequence.scalaz", "sequence")((rt, p, mode) => {
      val ts = RunLoopTasks.scalaz(p.int("n"), RunLoopTasks.onPool(p), rt.pool); Program(rt.run(scalaz(ts), mode))
    })
  )
}

object Gather {
  private val file = "runtimes/scala213/src/main/scala/effectbench/scala213/Collections.scala"

  def scalaz(tasks: List[Task[Int]]): Task[List[Int]] = Nondeterminism[Task].gather(tasks)

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl("gather", "default", ScalazSetup, s"$file#Gather.scalaz", "Nondeterminism.gather")((rt, p, mode) => {
      val ts = RunLoopTasks.scalaz(p.int("n"), RunLoopTasks.onPool(p), rt.pool)
      Program.summarized(rt.run(scalaz(ts), mode))(r => Oracles.orderedOf(r.asInstanceOf[List[Int]]))
    })
  )
}

object GatherUnordered {
  private val file = "runtimes/scala213/src/main/scala/effectbench/scala213/Collections.scala"

  def scalaz(tasks: List[Task[Int]]): Task[Long] = Task.gatherUnordered(tasks).map(_.foldLeft(0L)(_ + _))

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl("gather-unordered", "default", ScalazSetup, s"$file#GatherUnordered.scalaz", "Task.gatherUnordered")((rt, p, mode) => {
      val ts = RunLoopTasks.scalaz(p.int("n"), RunLoopTasks.onPool(p), rt.pool); Program(rt.run(scalaz(ts), mode))
    })
  )
}
