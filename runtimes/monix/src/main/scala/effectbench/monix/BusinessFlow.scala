package effectbench.monix

import cats.Monad
import cats.data.EitherT
import effectbench.{BusinessFlowCats, Catalog, Impl, Live, MonixRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, runs}
import effectbench.BusinessFlowModel._
import effectbench.BusinessFlowCats.{Steps, Tagless, TaglessEitherT, validate}
import monix.eval.Task
import org.openjdk.jmh.infra.Blackhole

/** business-flow on Monix Task: K service calls (validate, transform, one async boundary, fetch,
  * call, bookkeeping) in each error-handling style. Unfair if a style skipped the boundary or the
  * bookkeeping; every style calls the same step methods. The step algebra and the tagless styles
  * are effectbench.BusinessFlowCats, the very code the modern group's runtimes run. */
object BusinessFlow extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.businessFlow
  val row: MonixRow = MonixRow(monix = runs(MonixSetup) ++ na(NaReasons.businessFlow))

  final class TaskSteps(c: Config) extends Steps[Task] {
    def draw(index: Int): Task[Draw] = Task.eval(c.draw(index))
    def transform(i: Int): Task[Int] = Task.eval { Blackhole.consumeCPU(c.transformTokens); i }
    def boundary: Task[Unit] = Task.shift
    def fetch(i: Int): Task[Int] = Task.eval { Blackhole.consumeCPU(c.stepTokens); i }
    def call(d: Draw, i: Int): Task[Either[FlowError, Int]] =
      Task.eval { Blackhole.consumeCPU(c.stepTokens); if (d.fails) Left(UhOh(d.reason)) else Right(i) }
    def callOrThrow(d: Draw, i: Int): Task[Int] =
      Task.eval { Blackhole.consumeCPU(c.stepTokens); if (d.fails) throw new UhOhException(d.reason) else i }
    def bookkeeping: Task[Unit] = Task.eval(Blackhole.consumeCPU(c.stepTokens))
    def finish(i: Int): Task[Result] = Task.eval { Blackhole.consumeCPU(c.stepTokens); Result(i) }
  }

  /** Cats' Monad for Task, from Monix (Cats Effect 2's Async). */
  val taskMonad: Monad[Task] = Task.catsAsync

  def either(s: TaskSteps, index: Int): Task[Either[FlowError, Result]] =
    s.draw(index).flatMap { d =>
      validate(d) match {
        case Left(e) => Task.now(Left(e))
        case Right(i) =>
          s.transform(i).flatMap { t =>
            s.boundary.flatMap { _ =>
              s.fetch(t).flatMap { f =>
                s.call(d, f).flatMap {
                  case Left(e) => s.bookkeeping.as(Left(e))
                  case Right(v) => s.finish(v).map(Right(_))
                }
              }
            }
          }
      }
    }

  def eitherT(s: TaskSteps, index: Int): EitherT[Task, FlowError, Result] = {
    implicit val F: Monad[Task] = taskMonad
    for {
      d <- EitherT.liftF(s.draw(index))
      i <- EitherT.fromEither[Task](validate(d))
      t <- EitherT.liftF(s.transform(i))
      _ <- EitherT.liftF(s.boundary)
      f <- EitherT.liftF(s.fetch(t))
      v <- EitherT(s.call(d, f)).leftSemiflatMap(e => s.bookkeeping.as(e))
      r <- EitherT.liftF(s.finish(v))
    } yield r
  }

  def exceptions(s: TaskSteps, index: Int): Task[Result] =
    s.draw(index).flatMap { d =>
      (if (d.valid) Task.now(d.input) else Task.raiseError(new InvalidException(d.input))).flatMap { i =>
        s.transform(i).flatMap { t =>
          s.boundary.flatMap { _ =>
            s.fetch(t).flatMap { f =>
              s.callOrThrow(d, f).onErrorHandleWith(e => s.bookkeeping.flatMap(_ => Task.raiseError(e))).flatMap(s.finish)
            }
          }
        }
      }
    }

  /** K operations in sequence on one fiber; each outcome is counted as it completes. */
  def all(k: Int, op: (Int, Counter) => Task[Unit]): Task[Tally] = Task.defer {
    val counter = new Counter
    def loop(i: Int): Task[Unit] = if (i == k) Task.unit else op(i, counter).flatMap(_ => loop(i + 1))
    loop(0).map(_ => counter.tally)
  }

  private def task(variant: String, syntax: String)(op: (TaskSteps, Int, Counter) => Task[Unit])(
      implicit file: sourcecode.File, line: sourcecode.Line
  ) =
    new Impl(Catalog.businessFlow, variant, MonixSetup, syntax)((rt, p, mode) => {
      val c = config(p); val s = new TaskSteps(c)
      val t = all(c.k, (i, counter) => op(s, i, counter))
      Program.summarized(rt.run(t, mode))(String.valueOf)
    })

  val impls: Vector[Impl[? <: Live]] = Vector(
    task("eithert", "EitherT[Task, FlowError, *] for-comprehension")((s, i, n) => eitherT(s, i).value.map(n.outcome)),
    task("either", "Task[Either[FlowError, A]] matched by hand, flatMap")((s, i, n) => either(s, i).map(n.outcome)),
    task("exceptions", "Task.raiseError with RuntimeException subclasses, onErrorHandleWith, redeem")((s, i, n) =>
      exceptions(s, i).redeem(n.exception, n.result)
    ),
    task("tagless-syntax", "generic F[_]: Monad with Cats extension syntax, F = Task")((s, i, n) =>
      Tagless.withSyntax[Task](s, i)(taskMonad).map(n.outcome)
    ),
    task("tagless-plain", "generic F[_] with explicit Monad[F] calls, no syntax, F = Task")((s, i, n) =>
      Tagless.plain[Task](s, i)(taskMonad).map(n.outcome)
    ),
    task("tagless-eithert-syntax", "generic F[_]: Monad, EitherT for-comprehension with Cats syntax, F = Task")((s, i, n) =>
      TaglessEitherT.withSyntax[Task](s, i)(taskMonad).map(n.outcome)
    ),
    task("tagless-eithert-plain", "generic F[_], explicit calls on EitherT's Monad, no syntax, F = Task")((s, i, n) =>
      TaglessEitherT.plain[Task](s, i)(taskMonad).map(n.outcome)
    )
  )
}
