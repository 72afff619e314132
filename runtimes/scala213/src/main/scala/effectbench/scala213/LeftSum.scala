package effectbench.scala213

import effectbench.{Catalog, Impl, Live, Program, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.async.Async.{async, await}
import scala.concurrent.{ExecutionContext, Future}
import scalaz.concurrent.Task

/** left-sum: the same tasks summed left-associated in each runtime's usual syntax, `head + loop(tail)`:
  * scalaz in a for-comprehension (flatMap and map per task), Future with async/await (two awaits
  * per task, no map). Unfair if one side fused the fold. */
object LeftSum extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.leftSum
  val row: Scala213Row = Scala213Row(scalaz = runs(ScalazSetup), scalaAsync = runs(ScalaAsyncSetup))

  def scalaz(tasks: List[Task[Int]]): Task[Long] = tasks match {
    case head :: tail => for { h <- head; rest <- scalaz(tail) } yield h + rest
    case Nil => Task.now(0L)
  }

  def scalaAsync(tasks: List[() => Future[Int]])(implicit ec: ExecutionContext): Future[Long] = tasks match {
    case head :: tail => async { await(head()) + await(scalaAsync(tail)) }
    case Nil => Future.successful(0L)
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.leftSum, "default", ScalazSetup, "for-comprehension")((rt, p, mode) => {
      val ts = RunLoopTasks.scalaz(p.int("n"), RunLoopTasks.onPool(p), rt.pool); Program(rt.run(scalaz(ts), mode))
    }),
    new Impl(Catalog.leftSum, "default", ScalaAsyncSetup, "async/await" + RunLoopTasks.scalaAsyncSumNote)((rt, p, mode) => {
      val ts = RunLoopTasks.future(p.int("n"), RunLoopTasks.onPool(p))(rt.ec); Program(rt.run(() => scalaAsync(ts)(rt.ec), mode))
    })
  )
}
