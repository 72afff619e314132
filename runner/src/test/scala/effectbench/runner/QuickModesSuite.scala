package effectbench.runner

import effectbench.{Catalog, Mode}

/** A selection the quick profile plans nothing of because of its entry modes says why: the
  * scenario, the mode it measures and where the asked one is measured. */
class QuickModesSuite extends munit.FunSuite {
  private def sel(modes: Set[Mode]) = Selection(Vector(Catalog.leftSum), None, None, Vector.empty, Some(modes), None)

  test("--mode sync on a scenario the quick profile measures in fork only names the scenario and the profile that measures sync") {
    val lines = Plan.modesExcluded(sel(Set(Mode.Sync)), Some(Profiles.quick))
    assertEquals(lines.size, 1, lines)
    assert(lines.head.startsWith("left-sum: the quick profile measures it in fork only"), lines.head)
    assert(lines.head.contains("its sync entry is measured with --profile standard"), lines.head)
  }

  test("nothing is said when the asked mode is measured, or the profile measures every mode") {
    assertEquals(Plan.modesExcluded(sel(Set(Mode.Fork)), Some(Profiles.quick)), Vector.empty)
    assertEquals(Plan.modesExcluded(sel(Set(Mode.Sync)), Some(Profiles.standard)), Vector.empty)
  }
}
