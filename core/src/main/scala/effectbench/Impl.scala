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
  /** The runtime's row of the runtime table. */
  def info: RuntimeInfo
  final def runtime: String = info.id
  def start(settings: Settings): L
}

/** One operation of a cell, prepared outside the timed region. `run` is what JMH times. */
trait Program {
  def run(): Any
  /** The canonical text of a result, compared with the catalog's oracle. */
  def summarize(result: Any): String = String.valueOf(result)
  /** What the oracle check compares: one run's summary, unless the program's oracle is judged over
    * runs (a family-L program: WindowProgram). */
  def checkedSummary(): String = summarize(run())
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
  * The scenario is the catalog's value and the runtime its setup's table row, so a misspelt one
  * does not compile. Where the code is comes from the compiler (`file` and `line` of the
  * `new Impl` expression, or of the call of a helper that passes its caller's on): `source` is
  * `path/in/repo.scala#L<line>`, and the reports show that expression and the definitions it calls.
  *
  * @param syntax  how it is written ("for-comprehension", "async/await", ...), for reports */
final class Impl[L <: Live](
    val scenarioDef: Scenario,
    val variant: String,
    val setup: RuntimeSetup[L],
    val syntax: String
)(prepareFn: (L, Params, Mode) => Program)(implicit file: sourcecode.File, line: sourcecode.Line) {
  def scenario: String = scenarioDef.id
  def runtime: String = setup.runtime
  def key: String = s"$scenario/$variant/$runtime"
  val source: String = Impl.sourceRef(file.value, line.value)
  def prepare(live: Live, params: Params, mode: Mode): Program = prepareFn(live.asInstanceOf[L], params, mode)
}

object Impl {
  /** `path#L<line>` with the path relative to the repository: the compiler gives an absolute
    * path, and every implementation lives under the repository's `runtimes/` directory. A path
    * outside it stays absolute, which the report's extractor refuses (and its test then fails). */
  def sourceRef(path: String, line: Int): String = {
    val p = path.replace('\\', '/')
    val at = p.lastIndexOf("/runtimes/")
    val rel = if (p.startsWith("runtimes/")) p else if (at >= 0) p.substring(at + 1) else p
    s"$rel#L$line"
  }
}

/** A runtime module's implementations. Every module defines `effectbench.Cells` (modules never
  * share a classpath, so the name is unique on each); the harness finds it by that name. */
trait CellRegistry {
  def impls: Vector[Impl[_ <: Live]]
  def setups: Vector[RuntimeSetup[_ <: Live]] = impls.map(_.setup).distinct
  /** The module's family-S implementations built with counting hooks (each scenario object's
    * `implsWith`), so the verifier can record the work a cell did; empty where a module has none. */
  def countedImpls(w: Work): Vector[Impl[_ <: Live]] = Vector.empty
}

object CellRegistry {
  def load(): CellRegistry =
    Class.forName("effectbench.Cells").getDeclaredConstructor().newInstance().asInstanceOf[CellRegistry]

  def find(reg: CellRegistry, id: CellId): Option[Impl[_ <: Live]] =
    reg.impls.find(i => i.scenario == id.scenario && i.variant == id.variant && i.runtime == id.runtime)
}

/** One group's programs of one scenario, every runtime of the group side by side: an object in the
  * group's package named after the scenario's id in CamelCase (`deep-bind`: `DeepBind`), which is
  * how the group's `Cells` finds it (see GroupCells): a new scenario object is found without
  * being added to any list. */
trait ScenarioImpls {
  def impls: Vector[Impl[_ <: Live]]
}

/** A family-S scenario object: its programs take the work hooks (effectbench.Work), `Work.off` for
  * measured cells and a counting Work for the same-work test and the verifier, so both count the
  * programs that are measured. */
trait CountedScenarioImpls extends ScenarioImpls {
  def implsWith(w: Work): Vector[Impl[_ <: Live]]
  lazy val impls: Vector[Impl[_ <: Live]] = implsWith(Work.off)
}

object ScenarioImpls {
  /** The name of a scenario's object in every group: `deep-bind` is `DeepBind`. */
  def objectName(s: Scenario): String = s.id.split('-').map(_.capitalize).mkString

  /** The scenario objects of the package `pkg`, one per scenario of `scenarios` that has one, in the
    * order of `scenarios`. An object named after a scenario that is not a ScenarioImpls, or that
    * holds another scenario's programs, is an error: a cell in the wrong place would be missed. */
  def find(loader: ClassLoader, pkg: String, scenarios: Vector[Scenario]): Vector[ScenarioImpls] =
    scenarios.flatMap { s =>
      val name = pkg + "." + objectName(s)
      val cls: Option[Class[_]] =
        try Some(Class.forName(name + "$", true, loader))
        catch { case _: ClassNotFoundException => None }
      cls.toVector.map { c =>
        c.getField("MODULE$").get(null) match {
          case found: ScenarioImpls =>
            val others = found.impls.filter(_.scenario != s.id).map(_.key)
            if (others.nonEmpty) throw new IllegalStateException(s"$name holds programs of other scenarios: ${others.mkString(", ")}")
            found
          case _ => throw new IllegalStateException(s"$name is named after the scenario ${s.id} but is not a ScenarioImpls")
        }
      }
    }
}

/** A group's `effectbench.Cells`: every scenario object of the group's package (ScenarioImpls),
  * found by name for each scenario of the catalog (the test-only ones included). */
abstract class GroupCells(pkg: String) extends CellRegistry {
  /** The scenarios looked for: the catalog's; a test gives others. */
  protected def scenarios: Vector[Scenario] = Catalog.scenarios ++ Catalog.testOnly
  lazy val objects: Vector[ScenarioImpls] = ScenarioImpls.find(getClass.getClassLoader, pkg, scenarios)
  lazy val impls: Vector[Impl[_ <: Live]] = objects.flatMap(_.impls)
  override def countedImpls(w: Work): Vector[Impl[_ <: Live]] = objects.flatMap {
    case c: CountedScenarioImpls => c.implsWith(w)
    case _ => Vector.empty[Impl[_ <: Live]]
  }
}
