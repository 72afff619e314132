package effectbench

import cats.Monad
import cats.data.{EitherT, ReaderT, StateT}
import effectbench.TransformerStackModel.Failed

/** transformer-stack's stack, written once and compiled into the modern and monix groups: their
  * cats-core versions differ (2.13 and 2.6.1), and this uses only what both offer. */
object TransformerStackCats {
  /** ReaderT[StateT[EitherT[F, Failed, *], Long, *], Int, *] over any monad F: the same stack for
    * every runtime, so the layers cost the same and only F differs. */
  final class Transformers[F[_]](implicit F: Monad[F]) {
    type Errors[A] = EitherT[F, Failed, A]
    type State[A] = StateT[Errors, Long, A]
    type App[A] = ReaderT[State, Int, A]

    private val config: App[Int] = ReaderT.ask[State, Int]
    private def add(c: Int): App[Unit] = ReaderT.liftF(StateT.modify[Errors, Long](_ + c))
    private def fail(step: Int): App[Unit] = ReaderT.liftF(StateT.liftF(EitherT.leftT[F, Unit](Failed(step))))
    private val done: App[Unit] = ReaderT.pure(())
    private val state: App[Long] = ReaderT.liftF(StateT.get[Errors, Long])

    def program(n: Int, failAt: Long): App[Long] = {
      def loop(i: Int): App[Unit] =
        if (i == n) done
        else config.flatMap(c => if (i == failAt) fail(i) else add(c)).flatMap(_ => loop(i + 1))
      loop(0).flatMap(_ => state)
    }

    def run(n: Int, failAt: Long, configValue: Int): F[Either[Failed, Long]] =
      program(n, failAt).run(configValue).runA(0L).value
  }

}
