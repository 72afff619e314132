package effectbench

import cats.Monad
import cats.data.EitherT
import effectbench.BusinessFlowModel._

/** business-flow's steps written once against Cats' type classes, for every runtime that has Cats:
  * build.sbt compiles this folder into the modern group (Cats Effect 3) and the monix group (Monix
  * 3.4 on Cats Effect 2). The two groups resolve different cats-core versions (2.13.0 and 2.6.1,
  * per `show <group>/Compile/dependencyClasspath`), so only what both offer is used here:
  * `cats.Monad` and its syntax, nothing from Cats Effect. One copy means the tagless styles of
  * cats-effect, zio, future and monix run the very same flow. */
object BusinessFlowCats {
  /** Step 2, pure: the same validation for every style. */
  def validate(d: Draw): Either[FlowError, Int] = if (d.valid) Right(d.input) else Left(Invalid(d.input))

  /** The steps of one operation on an effect F: the tagless algebra, interpreted once per runtime.
    * The concrete styles call the same methods on the runtime's final class. */
  trait Steps[F[_]] {
    def draw(index: Int): F[Draw]
    def transform(i: Int): F[Int]
    def boundary: F[Unit]
    def fetch(i: Int): F[Int]
    def call(d: Draw, i: Int): F[Either[FlowError, Int]]
    def bookkeeping: F[Unit]
    def finish(i: Int): F[Result]
  }

  /** The tagless style: the `either` flow written once against an abstract F with Cats' Monad. */
  object Tagless {
    /** With Cats' extension syntax (`fa.flatMap`, `fa.map`, `fa.as`). */
    def withSyntax[F[_]: Monad](s: Steps[F], index: Int): F[Either[FlowError, Result]] = {
      import cats.syntax.all._
      s.draw(index).flatMap { d =>
        validate(d) match {
          case Left(e) => Monad[F].pure(Left(e))
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
    }

    /** Without syntax: every bind is an explicit call on the Monad instance. */
    def plain[F[_]](s: Steps[F], index: Int)(implicit F: Monad[F]): F[Either[FlowError, Result]] =
      F.flatMap(s.draw(index)) { d =>
        validate(d) match {
          case Left(e) => F.pure(Left(e))
          case Right(i) =>
            F.flatMap(s.transform(i)) { t =>
              F.flatMap(s.boundary) { _ =>
                F.flatMap(s.fetch(t)) { f =>
                  F.flatMap(s.call(d, f)) {
                    case Left(e) => F.as(s.bookkeeping, Left(e))
                    case Right(v) => F.map(s.finish(v))(Right(_))
                  }
                }
              }
            }
        }
      }
  }

  /** The tagless style of the `eithert` flow (docs/scenarios.md: tagless is the `either` and the
    * `eithert` flows written once against an abstract F): the same steps in Cats' EitherT over an
    * abstract F with only `Monad[F]` known, with and without extension syntax. EitherT's own
    * methods (`flatMap`, `leftSemiflatMap`) are its API, not syntax; the plain form makes every
    * bind an explicit call on EitherT's Monad instance. */
  object TaglessEitherT {
    /** With Cats' extension syntax: a for-comprehension over EitherT, as the concrete eithert style. */
    def withSyntax[F[_]: Monad](s: Steps[F], index: Int): F[Either[FlowError, Result]] = {
      import cats.syntax.all._
      val flow = for {
        d <- EitherT.liftF[F, FlowError, Draw](s.draw(index))
        i <- EitherT.fromEither[F](validate(d))
        t <- EitherT.liftF[F, FlowError, Int](s.transform(i))
        _ <- EitherT.liftF[F, FlowError, Unit](s.boundary)
        f <- EitherT.liftF[F, FlowError, Int](s.fetch(t))
        v <- EitherT(s.call(d, f)).leftSemiflatMap(e => s.bookkeeping.as(e))
        r <- EitherT.liftF[F, FlowError, Result](s.finish(v))
      } yield r
      flow.value
    }

    /** Without syntax: every bind an explicit call on the Monad instance of EitherT[F, FlowError, *]. */
    def plain[F[_]](s: Steps[F], index: Int)(implicit F: Monad[F]): F[Either[FlowError, Result]] = {
      type ET[A] = EitherT[F, FlowError, A]
      val E: Monad[ET] = EitherT.catsDataMonadErrorForEitherT[F, FlowError]
      def lift[A](fa: F[A]): ET[A] = EitherT.liftF[F, FlowError, A](fa)
      val flow = E.flatMap(lift(s.draw(index))) { d =>
        E.flatMap(EitherT.fromEither[F](validate(d)): ET[Int]) { i =>
          E.flatMap(lift(s.transform(i))) { t =>
            E.flatMap(lift(s.boundary)) { _ =>
              E.flatMap(lift(s.fetch(t))) { f =>
                val called: ET[Int] = EitherT(s.call(d, f)).leftSemiflatMap(e => F.as(s.bookkeeping, e))
                E.flatMap(called)(v => lift(s.finish(v)))
              }
            }
          }
        }
      }
      flow.value
    }
  }

  /** Where this file is, for the tagless cells' source references. */
  val file = "harness/src/cats/scala/effectbench/BusinessFlowCats.scala"
}
