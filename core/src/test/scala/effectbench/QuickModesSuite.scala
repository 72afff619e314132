package effectbench

/** The quick profile measures fork entry only for every single-fiber scenario but deep-bind (whose
  * sync table is the one comparison of entries a quick run makes); a sync table at quick is
  * planned on purpose, never by a missing `quickModes`. And Cats Effect, which has no
  * calling-thread entry, has no sync cell anywhere. */
class QuickModesSuite extends munit.FunSuite {
  test("at quick, only deep-bind keeps the sync mode") {
    val withSync = Catalog.scenarios.filter(_.modesFor(quick = true).contains(Mode.Sync)).map(_.id)
    assertEquals(withSync, Vector("deep-bind"))
  }

  test("cats-effect has no sync cell in any scenario") {
    val cells = for {
      s <- Catalog.scenarios
      v <- s.variants
      if s.modes.contains(Mode.Sync) && s.naReason(v, "cats-effect", Mode.Sync).isEmpty
    } yield s"${s.id}/$v"
    assertEquals(cells, Vector.empty)
  }
}
