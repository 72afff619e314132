package effectbench.modern

import cats.effect.IO
import effectbench.{Catalog, Impl, Live, ModernRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, notDefined, runs}
import effectbench.TransformerStackCats
import effectbench.TransformerStackModel.{Failed, failAt, summary}
import scala.concurrent.{ExecutionContext, Future}
import zio.{Ref, UIO, ZEnvironment, ZIO}

/** transformer-stack: N steps that each read a config value from an environment, add it to a
  * state, and may fail with a typed error. Stresses the layers of ReaderT/StateT/EitherT against
  * ZIO's native environment, Ref and error channel; unfair if one side kept its state outside the effect. */
object TransformerStack extends ScenarioImpls[ModernRow] {
  val scenario: Scenario = Catalog.transformerStack
  val row: ModernRow = ModernRow(
    catsEffect = runs(CatsEffectSetup) ++ na(NaReasons.transformerStack),
    zio = runs(ZioSetup),
    future = runs(FutureSetup) ++ na(NaReasons.transformerStack),
    cps = notDefined,
    baseline = runs(BaselineSetup) ++ na(NaReasons.transformerStack)
  )

  /** ZIO's native encoding: the config in the environment, the state in a Ref, the error typed. */
  final case class StackConfig(value: Int)

  def zioNative(n: Int, failAt: Long): ZIO[StackConfig, Failed, Long] =
    Ref.make(0L).flatMap { state =>
      def loop(i: Int): ZIO[StackConfig, Failed, Unit] =
        if (i == n) ZIO.unit
        else ZIO.serviceWithZIO[StackConfig](c => if (i == failAt) ZIO.fail(Failed(i)) else state.update(_ + c.value))
          .flatMap(_ => loop(i + 1))
      loop(0).flatMap(_ => state.get)
    }

  /** Plain code: a loop with a var. */
  def baseline(n: Int, failAt: Long, config: Int): Either[Failed, Long] = {
    var state = 0L
    var i = 0
    while (i < n) {
      if (i == failAt) return Left(Failed(i))
      state += config
      i += 1
    }
    Right(state)
  }

  private val stackSyntax = "ReaderT[StateT[EitherT[F, Failed, *], Long, *], Int, *] written once over a Monad F, flatMap"

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.transformerStack, "transformers", CatsEffectSetup, stackSyntax + ", F = IO")((rt, p, mode) => {
      val io = new TransformerStackCats.Transformers[IO].run(p.int("n"), failAt(p), p.int("config"))
      Program.summarized(rt.run(io, mode))(summary)
    }),
    new Impl(Catalog.transformerStack, "transformers", ZioSetup, stackSyntax + ", F = UIO (zio-interop-cats Monad)")((rt, p, mode) => {
      val z = new TransformerStackCats.Transformers[UIO]()(BusinessFlow.Zio.uioMonad).run(p.int("n"), failAt(p), p.int("config"))
      Program.summarized(rt.run(z, mode))(summary)
    }),
    new Impl(Catalog.transformerStack, "transformers", FutureSetup, stackSyntax + ", F = Future (every bind a pool task)")(
      (rt, p, mode) => {
        val (n, at, c) = (p.int("n"), failAt(p), p.int("config"))
        val ec: ExecutionContext = rt.ec
        val stack = new TransformerStackCats.Transformers[Future]()(cats.instances.future.catsStdInstancesForFuture(ec))
        Program.summarized(rt.run(() => stack.run(n, at, c), mode))(summary)
      }
    ),
    new Impl(Catalog.transformerStack, "native", ZioSetup, "ZIO environment (serviceWithZIO), Ref.update, ZIO.fail; flatMap")(
      (rt, p, mode) => {
        val z: UIO[Either[Failed, Long]] =
          zioNative(p.int("n"), failAt(p)).provideEnvironment(ZEnvironment(StackConfig(p.int("config")))).either
        Program.summarized(rt.run(z, mode))(summary)
      }
    ),
    new Impl(Catalog.transformerStack, "native", BaselineSetup, "while loop with a var, early return of Left")((rt, p, mode) => {
      val (n, at, c) = (p.int("n"), failAt(p), p.int("config"))
      Program.summarized(rt.run(() => baseline(n, at, c), mode))(summary)
    })
  )
}
