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

/** One runtime's entry in a group's row of a scenario: the programs it runs (the scenario object's
  * on its setup), why it has no cell (a reason written here, `na("why")`, or a list of NaReasons, of
  * which those naming this runtime apply), or that the scenario is not defined for its families. A
  * runtime that runs some variants and not others combines two: `runs(ZioSetup) ++ na("variant", "why")`.
  *
  * @param written the reasons written in the entry, (variant or None for every variant, reason): the
  *                build collects them into the catalog (WrittenNa), so they must be string literals */
final case class Cover(
    setup: Option[RuntimeSetup[_ <: Live]],
    na: Option[Vector[NotApplicable]],
    notDefined: Boolean,
    written: Vector[(Option[String], String)] = Vector.empty
) {
  def ++(other: Cover): Cover =
    Cover(setup.orElse(other.setup), na.orElse(other.na), notDefined || other.notDefined, written ++ other.written)
  /** Whether the entry gives a reason for some cell. */
  def isNa: Boolean = na.isDefined || written.nonEmpty
}

object Cover {
  /** The runtime runs the scenario object's programs on this setup (its `impls` on it). */
  def runs(setup: RuntimeSetup[_ <: Live]): Cover = Cover(Some(setup), None, notDefined = false)
  /** The runtime has no cell of any variant, for this reason (one line, printed in reports). */
  def na(why: String): Cover = Cover(None, None, notDefined = false, Vector(None -> why))
  /** The runtime has no cell of this variant, for this reason (one line, printed in reports). */
  def na(variant: String, why: String): Cover = Cover(None, None, notDefined = false, Vector(Some(variant) -> why))
  /** The runtime has no cell where `reasons` (a list of NaReasons, as the catalog's entry reads it) says why. */
  def na(reasons: Vector[NotApplicable]): Cover = Cover(None, Some(reasons), notDefined = false)
  /** The scenario's family is not one of the runtime's (its row of the runtime table): no reason to write. */
  val notDefined: Cover = Cover(None, None, notDefined = true)
}

/** A group's row of a scenario: one field per runtime of the group (the row types sit beside the
  * runtime table, in Runtimes.scala), so that a runtime added to the group leaves every scenario
  * object without its entry until it is written. */
trait GroupRow {
  def cells: Vector[(RuntimeInfo, Cover)]
}

/** One group's programs of one scenario, every runtime of the group side by side, and the group's
  * row saying for each runtime whether it runs them or why not. The group's scenario trait (its
  * `Cells.scala`) has one member per scenario of that type, so that a scenario left out of the
  * group does not compile. */
trait ScenarioImpls[R <: GroupRow] {
  def scenario: Scenario
  def impls: Vector[Impl[_ <: Live]]
  def row: R
}

/** A family-S scenario object: its programs take the work hooks (effectbench.Work), `Work.off` for
  * measured cells and a counting Work for the same-work test and the verifier, so both count the
  * programs that are measured. */
trait CountedScenarioImpls[R <: GroupRow] extends ScenarioImpls[R] {
  def implsWith(w: Work): Vector[Impl[_ <: Live]]
  lazy val impls: Vector[Impl[_ <: Live]] = implsWith(Work.off)
}

/** A group's `effectbench.Cells`: the scenario objects of its scenario trait. Loading it checks them
  * against the catalog (GroupCells.problems) and refuses a group that disagrees: a cell missed or
  * a reason that is not the catalog's would otherwise show only in a report. */
abstract class GroupCells(val group: String) extends CellRegistry {
  /** Every scenario object of the group, one per scenario the catalog defines for its runtimes. */
  def scenarioObjects: Vector[ScenarioImpls[_ <: GroupRow]]
  /** The scenarios the group answers for: the catalog's; a test gives others. */
  protected def scenarios: Vector[Scenario] = Catalog.scenarios ++ Catalog.testOnly
  lazy val objects: Vector[ScenarioImpls[_ <: GroupRow]] = {
    val found = GroupCells.problems(group, scenarioObjects, scenarios)
    if (found.nonEmpty) throw new IllegalStateException(s"the $group group disagrees with the catalog:\n  " + found.mkString("\n  "))
    scenarioObjects
  }
  lazy val impls: Vector[Impl[_ <: Live]] = objects.flatMap(_.impls)
  override def countedImpls(w: Work): Vector[Impl[_ <: Live]] = objects.flatMap {
    case c: CountedScenarioImpls[_] => c.implsWith(w)
    case _ => Vector.empty[Impl[_ <: Live]]
  }
}

object GroupCells {
  /** Where a group's scenario objects disagree with the catalog, one line each: a scenario of its
    * runtimes with no object, an object holding another scenario's programs, an entry that runs
    * with no program or on another runtime's setup, n/a reasons that are not the catalog's, and a
    * planned cell with neither a program nor a reason. */
  def problems(group: String, objects: Vector[ScenarioImpls[_ <: GroupRow]], scenarios: Vector[Scenario]): Vector[String] = {
    val runtimes = Runtimes.all.filter(_.group == group)
    val ids = objects.map(_.scenario.id)
    val touching = scenarios.filter(s => runtimes.exists(r => s.runtimes.contains(r.id)))
    val listed = Vector(
      if (runtimes.isEmpty) Vector(s"no runtime of the table is in the group '$group'") else Vector.empty,
      touching.filterNot(s => ids.contains(s.id)).map(s => s"${s.id}: the group has no scenario object for it"),
      ids.diff(ids.distinct).distinct.map(id => s"$id: more than one scenario object"),
      ids.filterNot(id => scenarios.exists(_.id == id)).map(id => s"$id: not a scenario of the catalog")
    ).flatten
    listed ++ objects.flatMap(o => objectProblems(o, runtimes))
  }

  private def objectProblems(o: ScenarioImpls[_ <: GroupRow], runtimes: Vector[RuntimeInfo]): Vector[String] = {
    val s = o.scenario
    val cells = o.row.cells
    val others = o.impls.filter(_.scenario != s.id).map(_.key)
    val shape = Vector(
      if (others.nonEmpty) Vector(s"${s.id}: holds programs of other scenarios: ${others.mkString(", ")}") else Vector.empty,
      if (cells.map(_._1) != runtimes)
        Vector(s"${s.id}: its row names ${cells.map(_._1.id).mkString(", ")}, the group is ${runtimes.map(_.id).mkString(", ")}")
      else Vector.empty
    ).flatten
    shape ++ cells.flatMap { case (rt, cover) =>
      val at = s"${s.id}/${rt.id}"
      val programs = o.impls.filter(_.runtime == rt.id)
      val declared = s.allNotApplicable.filter(_.runtime == rt)
      val written = cover.written.map { case (v, why) => NotApplicable(rt, v, why) }
      val referenced = cover.na.getOrElse(Vector.empty).filter(_.runtime == rt) ++ written
      val planned = s.variants.filter(v => s.modes.exists(m => s.naReason(v, rt.id, m).isEmpty))
      Vector(
        cover.setup.filter(_.info != rt).map(st => s"$at: its entry runs on ${st.runtime}'s setup"),
        if (cover.setup.isDefined && programs.isEmpty) Some(s"$at: its entry runs, but the object has no program on it") else None,
        if (cover.setup.isEmpty && programs.nonEmpty) Some(s"$at: the object has programs on it, but its entry does not say `runs`")
        else None,
        if (cover.na.isDefined && referenced.isEmpty) Some(s"$at: its entry is n/a, but the reasons it names have none for it") else None,
        if (cover.isNa && referenced.toSet != declared.toSet) {
          // Scala 2.12 has no escaped quote inside an interpolated string: the quotes are values.
          val q = "\""
          val unread = written.filterNot(declared.contains).map(n => q + n.reason + q)
          if (unread.nonEmpty)
            Some(
              s"$at: the catalog has not read its reason ${unread.mkString(", ")}: write it as one string literal, na(${q}why$q), in its scenario object"
            )
          else Some(s"$at: its n/a reasons are not the catalog's")
        } else None,
        if (!cover.isNa && declared.nonEmpty) Some(s"$at: the catalog declares it n/a (${declared.head.reason}), its entry does not")
        else None,
        if (cover.notDefined == s.runtimes.contains(rt.id))
          Some(s"$at: its entry says the scenario is ${if (cover.notDefined) "not " else ""}defined for it, the catalog does not")
        else None,
        if (cover.setup.isEmpty && !cover.isNa && !cover.notDefined) Some(s"$at: its entry says nothing") else None
      ).flatten ++ planned.filterNot(v => programs.exists(_.variant == v)).map(v =>
        s"${s.id}/$v/${rt.id}: planned, with neither a program nor an n/a reason"
      )
    }
  }
}
