package effectbench

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

  /** The scenario object of `scenario` alone, by its member of the group's scenario trait, named
    * after the scenario (`deep-bind` is `deepBind`): a measuring JVM builds its own cell's programs,
    * not every object's (a third of a second of its start on one core). None when no member is so
    * named. The check against the catalog runs wherever every object is built (`impls`,
    * `countedImpls`): the build's listing of cells, the verifier and the tests. */
  def objectOf(scenario: String): Option[ScenarioImpls[_ <: GroupRow]] =
    scala.util.Try(getClass.getMethod(GroupCells.memberName(scenario))).toOption
      .filter(m => classOf[ScenarioImpls[_]].isAssignableFrom(m.getReturnType))
      .map(_.invoke(this).asInstanceOf[ScenarioImpls[_ <: GroupRow]])
      .filter(_.scenario.id == scenario)

  override def implsOf(scenario: String): Vector[Impl[_ <: Live]] = objectOf(scenario) match {
    case Some(o) => o.impls
    case None => super.implsOf(scenario)
  }
  override def countedImpls(w: Work): Vector[Impl[_ <: Live]] = objects.flatMap {
    case c: CountedScenarioImpls[_] => c.implsWith(w)
    case _ => Vector.empty[Impl[_ <: Live]]
  }
}

object GroupCells {
  /** A scenario's member in its group's scenario trait: its id in camel case (`hog-probe` is `hogProbe`). */
  def memberName(scenario: String): String = {
    val parts = scenario.split('-').toVector.filter(_.nonEmpty)
    (parts.take(1) ++ parts.drop(1).map(_.capitalize)).mkString
  }

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
