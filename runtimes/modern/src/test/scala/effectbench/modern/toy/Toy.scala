package effectbench.modern.toy

import effectbench.{Catalog, Family, Impl, Live, Mode, NotApplicable, Oracles, ParamDef, ParamKind, Params, Program, RuntimeInfo}
import effectbench.{RuntimeSetup, Runtimes, Scenario, ScenarioImpls, Settings}
import effectbench.modern.BaselineSetup

/** A toy runtime and a toy scenario, added the way CONTRIBUTING.md says (ToySuite keeps that true).
  * In the repository each piece goes in the file named beside it; here all live in test scope, in a
  * package of their own, so that the real group never sees them. */

/** The effect of the toy runtime: a trampolined task (binds run on a heap stack, not the JVM's). */
sealed trait Toy[A] {
  def flatMap[B](f: A => Toy[B]): Toy[B] = Toy.Bind(this, f)
}

object Toy {
  final case class Pure[A](a: A) extends Toy[A]
  final case class Bind[A, B](t: Toy[A], f: A => Toy[B]) extends Toy[B]
  def pure[A](a: A): Toy[A] = Pure(a)
  val unit: Toy[Unit] = Pure(())

  def run[A](t: Toy[A]): A = {
    var current: Toy[Any] = t.asInstanceOf[Toy[Any]]
    var conts: List[Any => Toy[Any]] = Nil
    var result: Option[Any] = None
    while (result.isEmpty) {
      current match {
        case Bind(inner, f) =>
          conts = f.asInstanceOf[Any => Toy[Any]] :: conts; current = inner.asInstanceOf[Toy[Any]]
        case Pure(a) =>
          conts match {
            case f :: rest => conts = rest; current = f(a)
            case Nil => result = Some(a)
          }
      }
    }
    result.get.asInstanceOf[A]
  }
}

/** Step 1 of "Add a runtime": its row of the runtime table (core/.../Runtimes.scala, added to `all`). */
object ToyRuntime {
  val info: RuntimeInfo = RuntimeInfo("toy", "modern", 17, "toy", Set[Family](Family.R, Family.C), Vector.empty, _ => Vector.empty,
    Vector("toy-"), about = "a trampolined toy task, for ToySuite")
}

/** The runtime's setup file (`runtimes/modern/src/main/scala/effectbench/modern/ToySetup.scala`). */
final class ToyLive extends Live {
  def run[A](t: Toy[A], mode: Mode): A = Toy.run(t)
  def readBack: Vector[(String, String)] = Vector("pool" -> "none: the calling thread")
  def close(): Unit = ()
}

object ToySetup extends RuntimeSetup[ToyLive] {
  val info: RuntimeInfo = ToyRuntime.info
  def start(settings: Settings): ToyLive = new ToyLive
}

/** The runtime's program of an existing scenario: one more `Impl` in the group's file of that
  * scenario (here `runtimes/modern/.../DeepBind.scala`, whose object this one stands for). */
object DeepBind extends ScenarioImpls {
  def toy(d: Int): Toy[Int] = {
    def loop(i: Int): Toy[Int] = Toy.unit.flatMap(_ => if (i > d) Toy.pure(i) else loop(i + 1))
    loop(0)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.deepBind, "default", ToySetup, "flatMap")((rt, p, mode) => {
      val t = toy(p.int("d")); Program(rt.run(t, mode))
    })
  )
}

/** Step 1 of "Add a scenario": its entry in the catalog (core/.../Catalog.scala, added to `scenarios`). */
object ToyCatalog {
  val toySum: Scenario = Scenario(
    id = "toy-sum", family = Family.R, title = "sum of 0 until N, one bind per number", origin = "CONTRIBUTING.md",
    stresses = "nothing: a walk-through", variants = Vector("default"),
    params = Vector(ParamDef("n", "1000", ParamKind.IntRange(1, 1000000), "how many numbers")),
    runtimes = Vector(ToyRuntime.info.id, Runtimes.Baseline.id),
    notApplicable = Vector(NotApplicable(Runtimes.Baseline, Some("never-planned"), "an n/a reason names its runtime by its row")),
    oracle = (_, p) => Oracles.triangle(p.long("n")).toString,
    work = p => Vector("binds" -> p.long("n")),
    program = "Add up 0 until N, one bind per number.", oracleDoc = "N(N - 1)/2"
  )
  /** A scenario whose object in the package is not a ScenarioImpls: the group refuses it. */
  val toyStray: Scenario = toySum.copy(id = "toy-stray")
}

/** Step 2 of "Add a scenario": one file per group that implements it, an object named after the
  * scenario's id (`toy-sum`: `ToySum`) with every runtime of the group side by side. */
object ToySum extends ScenarioImpls {
  def toy(n: Long): Toy[Long] = {
    def loop(i: Long, acc: Long): Toy[Long] = if (i == n) Toy.pure(acc) else Toy.pure(i).flatMap(k => loop(i + 1, acc + k))
    loop(0, 0)
  }

  def baseline(n: Long): Long = {
    var acc = 0L
    var i = 0L
    while (i < n) { acc += i; i += 1 }
    acc
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(ToyCatalog.toySum, "default", ToySetup, "flatMap")((rt, p, mode) => {
      val t = toy(p.long("n")); Program(rt.run(t, mode))
    }),
    new Impl(ToyCatalog.toySum, "default", BaselineSetup, "while loop")((rt, p, mode) => {
      val n = p.long("n"); Program(rt.run(() => baseline(n), mode))
    })
  )
}

/** Named after `toy-stray` but not a scenario object. */
object ToyStray {
  val impls: Vector[Int] = Vector(1)
}
