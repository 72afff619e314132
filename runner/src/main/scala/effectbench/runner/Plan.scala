package effectbench.runner

import effectbench._

/** One planned cell: its identity, the JVM it runs on, and whether it can run. `build` names the
  * extra build of a `--lib` version (LibBuild) whose classpath it runs on; None: its group's. */
final case class PlannedCell(id: CellId, jvm: Jvm, status: CellStatus, group: String, build: Option[String] = None) {
  def runtime: String = id.runtime
  /** The module whose JMH classpath runs the cell (Modules.of). */
  def module: String = build.getOrElse(group)
}

/** The plan status is part of the run format (run.json's plan). */
type CellStatus = effectbench.store.CellStatus
val CellStatus = effectbench.store.CellStatus

/** Which cells a command covers: selectors, parameters, modes and JVMs, all validated first. */
final case class Selection(
    scenarios: Vector[Scenario],
    runtimes: Option[Set[String]],
    variants: Option[Set[String]],
    params: Vector[(String, String)],
    modes: Option[Set[Mode]],
    sweep: Option[String],
    /** `--lib`: the library versions whose runtimes are measured once per version. */
    libs: Vector[LibVersion] = Vector.empty
)

object Plan {
  /** The cells a command asks for, as given: scenario ids or globs, runtime ids, variants, (name,
    * value) parameters and modes; empty asks for every one. */
  final case class Asked(
      scenarios: Vector[String] = Vector.empty, runtimes: Vector[String] = Vector.empty, variants: Vector[String] = Vector.empty,
      param: Vector[(String, String)] = Vector.empty, mode: Vector[Mode] = Vector.empty
  )

  /** `--scenario a,b*` with globs; unknown names are usage errors listing the valid ones. */
  def selection(sel: Asked, sweepParam: Option[String], includeTestOnly: Boolean, libs: Vector[LibVersion] = Vector.empty): Selection = {
    val pool = Catalog.scenarios ++ (if (includeTestOnly) Catalog.testOnly else Vector.empty)
    val scenarioNames = sel.scenarios
    val scenarios =
      if (scenarioNames.isEmpty) pool
      else scenarioNames.flatMap { pat =>
        val rx = ("\\Q" + pat.replace("*", "\\E.*\\Q") + "\\E").r
        val hits = pool.filter(s => rx.pattern.matcher(s.id).matches())
        if (hits.isEmpty) UsageError.unknown("scenario", pat, Catalog.scenarios.map(_.id))
        hits
      }.distinct
    val runtimes = sel.runtimes match {
      case rs if rs.isEmpty => None
      case rs => rs.foreach(r => if (!Runtimes.ids.contains(r)) UsageError.unknown("runtime", r, Runtimes.ids)); Some(rs.toSet)
    }
    val measured = Libs.runtimes(libs, runtimes)
    val variants = sel.variants match {
      case vs if vs.isEmpty => None
      case vs =>
        val valid = scenarios.flatMap(_.variants).distinct
        vs.foreach(v => if (!valid.contains(v)) UsageError.unknown("variant", v, valid))
        Some(vs.toSet)
    }
    val params = sel.param.map { case (k, v) =>
      val defs = scenarios.flatMap(_.param(k))
      if (defs.isEmpty)
        UsageError.unknown(s"parameter for ${scenarios.map(_.id).mkString(", ")}", k, scenarios.flatMap(_.params.map(_.name)).distinct)
      defs.foreach(d => d.kind.check(v).foreach(why => throw Refused.ParamValue(k, v, why)))
      k -> v
    }
    val modes = if (sel.mode.isEmpty) None else Some(sel.mode.toSet)
    val sweep = sweepParam.map { k =>
      val defs = scenarios.flatMap(_.param(k))
      if (defs.isEmpty || defs.forall(_.sweep.isEmpty))
        UsageError.unknown("parameter to sweep", k, scenarios.flatMap(_.params.filter(_.sweep.nonEmpty).map(_.name)).distinct)
      k
    }
    Selection(scenarios, measured, variants, params, modes, sweep, libs)
  }

  /** The param sets of a scenario for this selection and profile. */
  def paramSets(s: Scenario, sel: Selection, profile: Option[MeasureProfile]): Vector[Params] = {
    val own = sel.params.filter { case (k, _) => s.param(k).isDefined }
    // A swept parameter is never pinned by the quick profile's overrides.
    val quick = if (profile.exists(_.id == "quick")) s.quickParams.filterNot { case (k, _) =>
      own.exists(_._1 == k) || sel.sweep.contains(k)
    }
    else Vector.empty
    val base = sel.sweep.flatMap(s.param).filter(_.sweep.nonEmpty) match {
      case Some(d) => d.sweep.distinct.map(v => Params.of(d.name -> v))
      case None => if (s.runsDefaultsOnly && profile.isDefined) Vector(Params.empty) else s.paramSets
    }
    // A parameter given several times is measured at each of its values (every combination with the others').
    val names = own.map(_._1).distinct
    val combos = names.foldLeft(Vector(Vector.empty[(String, String)])) { (acc, k) =>
      for (a <- acc; v <- own.filter(_._1 == k).map(_._2).distinct) yield a :+ (k -> v)
    }
    base.flatMap(p => combos.map(c => s.complete((quick ++ c).foldLeft(p) { case (acc, (k, v)) => acc.updated(k, v) }))).distinct
  }

  /** Why a selection plans no cell at all when the reason is the profile's entry modes: the quick
    * profile measures some scenarios in one mode only, and `--mode` asked for another. One line per
    * such scenario, for the error; empty when that is not the reason. */
  def modesExcluded(sel: Selection, profile: Option[MeasureProfile]): Vector[String] = {
    val quick = profile.exists(_.id == "quick")
    sel.modes.toVector.flatMap { asked =>
      sel.scenarios.filter(s => s.modesFor(quick).forall(m => !asked.contains(m)) && s.modes.exists(asked.contains)).map { s =>
        val measured = s.modesFor(quick).map(_.id).mkString(", ")
        val left = s.modes.filter(asked.contains).map(_.id).mkString(", ")
        s"${s.id}: the quick profile measures it in $measured only; its $left entry is measured with --profile standard"
      }
    }
  }

  /** Every cell of the selection on every JVM, with its status. */
  def cells(sel: Selection, jvms: Vector[Jvm], modules: Modules, profile: Option[MeasureProfile]): Vector[PlannedCell] =
    for {
      s <- sel.scenarios
      v <- s.variants if sel.variants.forall(_.contains(v))
      r <- s.runtimes if sel.runtimes.forall(_.contains(r))
      p <- paramSets(s, sel, profile)
      m <- s.modesFor(profile.exists(_.id == "quick")) if sel.modes.forall(_.contains(m))
      lib <- sel.libs.filter(_.runtime == r) match {
        case Vector() => Vector(Option.empty[LibVersion])
        case versions => versions.map(Some(_))
      }
      jvm <- jvms
    } yield {
      val id = CellId(s.id, v, r, p, m, lib.map(_.label))
      val info = Runtimes(r)
      val status: CellStatus = s.naReason(v, r, m) match {
        case Some(why) => CellStatus.NotApplicable(why)
        case None =>
          if (!modules.byGroup.contains(info.group)) CellStatus.Skipped(s"the ${info.group} group is not built (run ./bench build)")
          else if (modules.impl(s.id, v, r).isEmpty) CellStatus.Skipped(s"no implementation yet in runtimes/${info.group}")
          else if (jvm.feature < info.minJdk)
            CellStatus.Skipped(s"$r needs JDK ${info.minJdk}+, this cell's JVM is ${jvm.label}; pass --jvm with a JDK ${info.minJdk}+")
          else CellStatus.Ok
      }
      PlannedCell(id, jvm, status, info.group, lib.filterNot(_.isBuildOwn).map(_.build))
    }

  /** The cells of a relayed run on the relay cores where `--cpus` did not pin their JVM: a cell's JVM
    * gets that core count (Cpus.relayCores), so its label and the report say what it was measured on. */
  def relayCores(cells: Vector[PlannedCell], relay: Boolean, cores: Int = Cpus.relayCount): Vector[PlannedCell] =
    if (!relay) cells
    else cells.map { c =>
      if (c.jvm.cpus.nonEmpty) c
      else {
        val family = Catalog.get(c.id.scenario, includeTestOnly = true).map(_.family)
        c.copy(jvm = c.jvm.copy(cpus = Some(family.fold(cores)(Cpus.relayCores(_, cores)))))
      }
    }

  /** The JVMs a run records: those asked for, then each one its cells were given (relayCores), in order. */
  def jvmsOf(jvms: Vector[Jvm], cells: Vector[PlannedCell]): Vector[Jvm] = {
    val used = cells.map(_.jvm).distinct
    (jvms.filter(used.contains) ++ used).distinct match {
      case Vector() => jvms
      case v => v
    }
  }
}
