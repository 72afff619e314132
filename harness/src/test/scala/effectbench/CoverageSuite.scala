package effectbench

/** Every cell the catalog plans on this group's runtimes has its program here: the group's scenario
  * objects are found by name (GroupCells), so an object misnamed, or a runtime's program left out
  * of a scenario file, shows here rather than as a `skipped` line of `./bench list`. */
class CoverageSuite extends munit.FunSuite {
  private val group = sys.props.getOrElse("effectbench.group", "")

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
}
