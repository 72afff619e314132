package effectbench

/** The group's scenario objects agree with the catalog (GroupCells.problems): every scenario of its
  * runtimes has an object, every planned cell a program, every n/a entry the catalog's reason. The
  * group's `Cells` refuses to load otherwise; this names each disagreement. */
class CoverageSuite extends munit.FunSuite {
  private val group = sys.props.getOrElse("effectbench.group", "")

  test("the group's scenario table agrees with the catalog") {
    CellRegistry.load() match {
      case cells: GroupCells =>
        assertEquals(cells.group, group)
        assertEquals(GroupCells.problems(cells.group, cells.scenarioObjects, Catalog.scenarios ++ Catalog.testOnly), Vector.empty[String])
      case other => fail(s"the group's Cells is not a GroupCells: ${other.getClass.getName}")
    }
  }

  test("every cell of this group's runtimes that the catalog plans has an implementation in the group") {
    val runtimes = Runtimes.all.filter(_.group == group)
    assert(runtimes.nonEmpty, s"no runtime of the table is in the group '$group' (-Deffectbench.group)")
    val have = Harness.registry.impls.map(i => (i.scenario, i.variant, i.runtime)).toSet
    val missing = for {
      s <- Catalog.scenarios
      v <- s.variants
      r <- runtimes
      if s.modes.exists(m => s.naReason(v, r.id, m).isEmpty) && !have((s.id, v, r.id))
    } yield s"${s.id}/$v/${r.id}"
    assertEquals(missing, Vector.empty[String])
  }

  test("the group's cells come in the catalog's order, whatever the order of its files") {
    CellRegistry.load() match {
      case cells: GroupCells =>
        val ids = cells.objects.map(_.scenario.id)
        assertEquals(ids, (Catalog.scenarios ++ Catalog.testOnly).map(_.id).filter(ids.contains))
      case other => fail(s"the group's Cells is not a GroupCells: ${other.getClass.getName}")
    }
  }

  test("each scenario object is found alone by its member's name, with the programs the whole group holds for it") {
    CellRegistry.load() match {
      case cells: GroupCells =>
        val keysOf = (impls: Vector[Impl[_ <: Live]]) => impls.map(_.key).sorted
        val unnamed = cells.scenarioObjects.map(_.scenario.id).filter(id => cells.objectOf(id).isEmpty)
        assertEquals(unnamed, Vector.empty[String], "members not named after their scenario are built with every other object")
        cells.scenarioObjects.foreach { o =>
          val id = o.scenario.id
          assertEquals(keysOf(cells.implsOf(id)), keysOf(cells.impls.filter(_.scenario == id)), id)
        }
      case other => fail(s"the group's Cells is not a GroupCells: ${other.getClass.getName}")
    }
  }
}
