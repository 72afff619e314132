package effectbench.monix

import cats.Monad
import cats.data.{EitherT, ReaderT, StateT}
import effectbench.{Catalog, Impl, Live, Program}
import effectbench.TransformerStackModel.{Failed, failAt, summary}
import monix.eval.Task

/** transformer-stack on Monix Task: N steps that each read a config value from the environment,
  * add it to a state, and may fail with a typed error, through ReaderT/StateT/EitherT over Task
  * (the same stack as the modern group's). Unfair if the state were kept outside the effect. */
object TransformerStack {
  /** ReaderT[StateT[EitherT[F, Failed, *], Long, *], Int, *] over any monad F. */
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

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.transformerStack, "transformers", MonixSetup,
      "ReaderT[StateT[EitherT[F, Failed, *], Long, *], Int, *] written once over a Monad F, flatMap, F = Task")((rt, p, mode) => {
      val t = new Transformers[Task]()(BusinessFlow.taskMonad).run(p.int("n"), failAt(p), p.int("config"))
      Program.summarized(rt.run(t, mode))(summary)
    })
  )
}
