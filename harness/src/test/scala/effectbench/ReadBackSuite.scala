package effectbench

/** Every runtime of this module, started under each profile, reports the settings it runs with
  * (SCENARIOS.md: results record the concrete settings read back from the live runtime). */
class ReadBackSuite extends munit.FunSuite {
  for {
    setup <- Harness.registry.setups
    settings <- Settings.all
  } test(s"${setup.runtime} [${settings.id}] reads its settings back") {
    val live = setup.start(settings)
    try {
      val rb = live.readBack
      assert(rb.nonEmpty, s"${setup.runtime} reads nothing back")
      val keys = rb.map(_._1)
      assertEquals(keys.distinct.size, keys.size, s"a key is read back twice: $keys")
      rb.foreach { case (k, v) =>
        assert(k.trim.nonEmpty, s"a blank key in $rb")
        assert(v.trim.nonEmpty, s"$k is blank")
        assert(v != "unknown", s"$k could not be read from the live runtime")
      }
    } finally live.close()
  }
}
