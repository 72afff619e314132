package effectbench

/** A runtime started under a settings profile, ready to run programs. Each runtime writes one
  * (its profiles, entry modes and run-to-completion live there, not in every scenario). */
trait Live {
  /** The settings read back from the live runtime, not just those requested. */
  def readBack: Vector[(String, String)]
  def close(): Unit
}

/** How one runtime starts. */
trait RuntimeSetup[L <: Live] {
  def runtime: String
  def start(settings: Settings): L
}

/** One operation of a cell, prepared outside the timed region. `run` is what JMH times. */
trait Program {
  def run(): Any
  /** The canonical text of a result, compared with the catalog's oracle. */
  def summarize(result: Any): String = String.valueOf(result)
}

object Program {
  def apply(body: => Any): Program = new Program { def run(): Any = body }
  def summarized(body: => Any)(summary: Any => String): Program = new Program {
    def run(): Any = body
    override def summarize(result: Any): String = summary(result)
  }
}

/** The implementation of one scenario variant on one runtime.
  *
  * @param source  where the code is, `path/in/repo.scala#method`, so reports can show it
  * @param syntax  how it is written ("for-comprehension", "async/await", ...), for reports */
final class Impl[L <: Live](
    val scenario: String,
    val variant: String,
    val setup: RuntimeSetup[L],
    val source: String,
    val syntax: String
)(prepareFn: (L, Params, Mode) => Program) {
  def runtime: String = setup.runtime
  def key: String = s"$scenario/$variant/$runtime"
  def prepare(live: Live, params: Params, mode: Mode): Program = prepareFn(live.asInstanceOf[L], params, mode)
}

/** A runtime module's implementations. Every module defines `effectbench.Cells` (modules never
  * share a classpath, so the name is unique on each); the harness finds it by that name. */
trait CellRegistry {
  def impls: Vector[Impl[_ <: Live]]
  def setups: Vector[RuntimeSetup[_ <: Live]] = impls.map(_.setup).distinct
  /** The module's family-S implementations built with counting hooks (its FiberFamily's
    * `implsWith`), so the verifier can record the work a cell did; empty where a module has none. */
  def countedImpls(w: Work): Vector[Impl[_ <: Live]] = Vector.empty
}

object CellRegistry {
  def load(): CellRegistry =
    Class.forName("effectbench.Cells").getDeclaredConstructor().newInstance().asInstanceOf[CellRegistry]

  def find(reg: CellRegistry, id: CellId): Option[Impl[_ <: Live]] =
    reg.impls.find(i => i.scenario == id.scenario && i.variant == id.variant && i.runtime == id.runtime)
}
