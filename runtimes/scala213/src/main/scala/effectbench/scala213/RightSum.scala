package effectbench.scala213

import effectbench.{Catalog, Impl, Live, Program, Scala213Row, Scenario, ScenarioImpls}
import effectbench.Cover.runs
import scala.async.Async.{async, await}
import scala.concurrent.{ExecutionContext, Future}
import scalaz.concurrent.Task

/** right-sum: the same tasks summed right-associated, `loop(tail, head + acc)`: scalaz inside a
  * for-comprehension (so its trailing identity map is paid per task), Future with async/await
  * (which has no trailing map: that difference is what the scenario shows). */
object RightSum extends ScenarioImpls[Scala213Row] {
  val scenario: Scenario = Catalog.rightSum
  val row: Scala213Row = Scala213Row(scalaz = runs(ScalazSetup), scalaAsync = runs(ScalaAsyncSetup))

  def scalaz(tasks: List[Task[Int]], acc: Long): Task[Long] = tasks match {
    case head :: tail => for { h <- head; sum <- scalaz(tail, acc + h) } yield sum
    case Nil => Task.now(acc)
  }

  def scalaAsync(tasks: List[() => Future[Int]], acc: Long)(implicit ec: ExecutionContext): Future[Long] = tasks match {
    case head :: tail => async { val h = await(head()); await(scalaAsync(tail, acc + h)) }
    case Nil => Future.successful(acc)
  }

  val impls: Vector[Impl[_ <: Live]] = Vector(
    new Impl(Catalog.rightSum, "default", ScalazSetup, "for-comprehension")((rt, p, mode) => {
      val ts = RunLoopTasks.scalaz(p.int("n"), RunLoopTasks.onPool(p), rt.pool); Program(rt.run(scalaz(ts, 0L), mode))
    }),
    new Impl(Catalog.rightSum, "default", ScalaAsyncSetup, "async/await" + RunLoopTasks.scalaAsyncSumNote)((rt, p, mode) => {
      val ts = RunLoopTasks.future(p.int("n"), RunLoopTasks.onPool(p))(rt.ec); Program(rt.run(() => scalaAsync(ts, 0L)(rt.ec), mode))
    })
  )
}
