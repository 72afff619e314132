package effectbench.loom

import effectbench.{Catalog, Impl, Live, LoomRow, NaReasons, Program, Scenario, ScenarioImpls}
import effectbench.Cover.{na, notDefined, runs}
import effectbench.BusinessFlowModel._
import org.openjdk.jmh.infra.Blackhole
import ox.either
import ox.either.{fail, ok}

/** business-flow in Ox's direct style: K service calls (validate, transform, one async boundary,
  * fetch, call, bookkeeping) on one virtual thread. Unfair if a style skipped the boundary or the
  * bookkeeping; every style calls the same step methods. The boundary is `Thread.yield()`, which
  * on a virtual thread unmounts it and resubmits it to the carrier pool (Ox has no yield of its own). */
object BusinessFlow extends ScenarioImpls[LoomRow] {
  val scenario: Scenario = Catalog.businessFlow
  val row: LoomRow = LoomRow(ox = runs(OxSetup) ++ na(NaReasons.businessFlow), loom = notDefined)

  def validate(d: Draw): Either[FlowError, Int] = if (d.valid) Right(d.input) else Left(Invalid(d.input))

  final class Steps(c: Config) {
    def transform(i: Int): Int = { Blackhole.consumeCPU(c.transformTokens); i }
    def boundary(): Unit = Thread.`yield`()
    def fetch(i: Int): Int = { Blackhole.consumeCPU(c.stepTokens); i }
    def call(d: Draw, i: Int): Either[FlowError, Int] = {
      Blackhole.consumeCPU(c.stepTokens); if (d.fails) Left(UhOh(d.reason)) else Right(i)
    }
    def callOrThrow(d: Draw, i: Int): Int = {
      Blackhole.consumeCPU(c.stepTokens); if (d.fails) throw new UhOhException(d.reason) else i
    }
    def bookkeeping(): Unit = Blackhole.consumeCPU(c.stepTokens)
    def finish(i: Int): Result = { Blackhole.consumeCPU(c.stepTokens); Result(i) }
  }

  /** Either values matched by hand. */
  def eitherByHand(c: Config, s: Steps, index: Int): Either[FlowError, Result] = {
    val d = c.draw(index)
    validate(d) match {
      case Left(e) => Left(e)
      case Right(i) =>
        val t = s.transform(i)
        s.boundary()
        val f = s.fetch(t)
        s.call(d, f) match {
          case Left(e) => s.bookkeeping(); Left(e)
          case Right(v) => Right(s.finish(v))
        }
    }
  }

  /** Ox's typed errors: an `either` block, `.ok()` to unwrap, `.fail()` to short-circuit. */
  def typed(c: Config, s: Steps, index: Int): Either[FlowError, Result] = either {
    val d = c.draw(index)
    val i = validate(d).ok()
    val t = s.transform(i)
    s.boundary()
    val f = s.fetch(t)
    val v = s.call(d, f) match {
      case Left(e) => s.bookkeeping(); e.fail()
      case Right(v) => v
    }
    s.finish(v)
  }

  def exceptions(c: Config, s: Steps, index: Int): Result = {
    val d = c.draw(index)
    if (!d.valid) throw new InvalidException(d.input)
    val t = s.transform(d.input)
    s.boundary()
    val f = s.fetch(t)
    val v =
      try s.callOrThrow(d, f)
      catch { case e: UhOhException => s.bookkeeping(); throw e }
    s.finish(v)
  }

  def all(k: Int, op: (Int, Counter) => Unit): Tally = {
    val counter = new Counter
    var i = 0
    while (i < k) { op(i, counter); i += 1 }
    counter.tally
  }

  private def ox(variant: String, syntax: String)(op: (Config, Steps, Int, Counter) => Unit)(
      implicit file: sourcecode.File, line: sourcecode.Line
  ) =
    new Impl(Catalog.businessFlow, variant, OxSetup, syntax)((rt, p, mode) => {
      val c = config(p); val s = new Steps(c)
      Program.summarized(rt.run(() => all(c.k, (i, n) => op(c, s, i, n)), mode))(String.valueOf)
    })

  val impls: Vector[Impl[? <: Live]] = Vector(
    ox("either", "direct style, Either values matched by hand, Thread.yield() as the boundary")((c, s, i, n) =>
      n.outcome(eitherByHand(c, s, i))
    ),
    ox("typed", "direct style, Ox either block with .ok() and .fail(), Thread.yield() as the boundary")((c, s, i, n) =>
      n.outcome(typed(c, s, i))
    ),
    ox("exceptions", "direct style, throw and catch RuntimeException subclasses, Thread.yield() as the boundary")((c, s, i, n) =>
      try n.result(exceptions(c, s, i))
      catch { case e: InvalidException => n.exception(e); case e: UhOhException => n.exception(e) }
    )
  )
}
