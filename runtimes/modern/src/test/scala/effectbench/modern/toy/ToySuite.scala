package effectbench.modern.toy

import effectbench.{Catalog, GroupCells, Live, Mode, Scenario, ScenarioImpls, Settings}

/** Keeps CONTRIBUTING.md's two walk-throughs true: a runtime added to an existing group (its row,
  * its setup, its programs in the group's scenario files) and a scenario added (its catalog entry
  * and one object per group) are found by the group's `Cells` with no list to edit, and run
  * against their oracle as every cell does. */
class ToySuite extends munit.FunSuite {
  /** The group's Cells, as `runtimes/modern/src/main/scala/effectbench/Cells.scala` defines it, over
    * this test's package and with the toy scenario added to the catalog's. */
  final class ToyCells(extra: Vector[Scenario]) extends GroupCells("effectbench.modern.toy") {
    override protected def scenarios: Vector[Scenario] = Catalog.scenarios ++ Vector(ToyCatalog.toySum) ++ extra
  }

  test("the new runtime's and the new scenario's programs are found by their scenario objects, with no list") {
    val keys = new ToyCells(Vector.empty).impls.map(_.key)
    assertEquals(keys, Vector("deep-bind/default/toy", "toy-sum/default/toy", "toy-sum/default/baseline"))
  }

  test("every (variant, runtime) of the new scenario has a cell or an n/a reason") {
    val s = ToyCatalog.toySum
    val found = new ToyCells(Vector.empty).impls.filter(_.scenario == s.id).map(i => (i.variant, i.runtime)).toSet
    for (v <- s.variants; r <- s.runtimes; m <- s.modes)
      assert(found((v, r)) || s.naReason(v, r, m).isDefined, s"$v/$r/${m.id} has neither a program nor a reason")
    assertEquals(s.naReason("never-planned", "baseline", Mode.Fork), Some("an n/a reason names its runtime by its row"))
  }

  test("every toy program returns its scenario's oracle") {
    val lives = scala.collection.mutable.Map.empty[String, Live]
    try {
      new ToyCells(Vector.empty).impls.foreach { i =>
        val s = i.scenarioDef
        val params = s.complete(s.paramSets.head)
        val live = lives.getOrElseUpdate(i.runtime, i.setup.start(Settings.Levelled))
        val program = i.prepare(live, params, Mode.Fork)
        assertEquals(program.summarize(program.run()), s.oracle(i.variant, params), i.key)
      }
    } finally lives.values.foreach(_.close())
  }

  test("an object named after a scenario that is not a scenario object is refused, not skipped") {
    val e = intercept[IllegalStateException](new ToyCells(Vector(ToyCatalog.toyStray)).impls)
    assert(e.getMessage.contains("ToyStray"), e.getMessage)
  }

  test("a scenario's object is named after its id in CamelCase") {
    assertEquals(ScenarioImpls.objectName(Catalog.gatherUnordered), "GatherUnordered")
    assertEquals(ScenarioImpls.objectName(ToyCatalog.toySum), "ToySum")
  }
}
