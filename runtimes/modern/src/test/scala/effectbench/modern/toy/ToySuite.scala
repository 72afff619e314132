package effectbench.modern.toy

import effectbench.{GroupCells, GroupRow, Live, Mode, Scenario, ScenarioImpls, Settings}

/** Keeps CONTRIBUTING.md's "Add a scenario" true: a scenario's entry and its object, listed in the
  * group's scenario trait, are found by the group's `Cells` and run against their oracle as every
  * cell does; a row that disagrees with the catalog stops the group from loading. */
class ToySuite extends munit.FunSuite {
  /** The group's scenario trait as the build writes it (ModernScenarios, project/ScenarioObjects.scala:
    * one member per scenario object, named after it), here over the toy scenario alone. */
  trait ToyScenarios {
    def toySum: ScenarioImpls[ToyRow]
    final def scenarioObjects: Vector[ScenarioImpls[? <: GroupRow]] = Vector(toySum)
  }
  final class ToyCells(obj: ScenarioImpls[ToyRow]) extends GroupCells("modern") with ToyScenarios {
    def toySum: ScenarioImpls[ToyRow] = obj
    override protected def scenarios: Vector[Scenario] = Vector(ToyCatalog.toySum)
  }

  test("the new scenario's programs are found through the group's scenario trait") {
    assertEquals(new ToyCells(ToySum).impls.map(_.key), Vector("toy-sum/default/baseline"))
  }

  test("every (variant, runtime) of the new scenario has a cell or an n/a reason") {
    val s = ToyCatalog.toySum
    val found = new ToyCells(ToySum).impls.map(i => (i.variant, i.runtime)).toSet
    for (v <- s.variants; r <- s.runtimes; m <- s.modes)
      assert(found((v, r)) || s.naReason(v, r, m).isDefined, s"$v/$r/${m.id} has neither a program nor a reason")
    assertEquals(s.naReason("never-planned", "baseline", Mode.Fork), Some("an n/a reason may name one variant"))
  }

  test("every toy program returns its scenario's oracle") {
    val lives = scala.collection.mutable.Map.empty[String, Live]
    try {
      new ToyCells(ToySum).impls.foreach { i =>
        val s = i.scenarioDef
        val params = s.complete(s.paramSets.head)
        val live = lives.getOrElseUpdate(i.runtime, i.setup.start(Settings.Levelled))
        val program = i.prepare(live, params, Mode.Fork)
        assertEquals(program.summarize(program.run()), s.oracle(i.variant, params), i.key)
      }
    } finally lives.values.foreach(_.close())
  }

  test("a row that calls a planned cell n/a is refused with the scenario's name, not skipped") {
    val e = intercept[IllegalStateException](new ToyCells(ToyWrong).impls)
    assert(e.getMessage.contains("toy-sum/default/baseline: planned, with neither a program nor an n/a reason"), e.getMessage)
  }
}
