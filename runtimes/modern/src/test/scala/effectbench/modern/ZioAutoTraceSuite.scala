package effectbench.modern

import effectbench.{Settings, Work, ZioAutoTrace}

/** ZIO's auto-trace by profile: the group's ZIO programs are compiled a second time without it, and
  * every ZIO cell builds its program from that copy under `levelled` and from the sources as
  * written under `defaults`; the read-back says which. */
class ZioAutoTraceSuite extends munit.FunSuite {
  private def traceOf(z: zio.ZIO[?, ?, ?]): String = z.getClass.getMethod("trace").invoke(z).toString

  test("the copy's ZIO values carry no trace, the written ones the call site's") {
    assert(untraced.Tasks.compiledTrace.isEmpty, untraced.Tasks.compiledTrace)
    assert(Tasks.compiledTrace.nonEmpty)
    assertEquals(traceOf(untraced.DeepBind.zio(3)), "")
    assert(traceOf(DeepBind.zio(3)).contains("DeepBind.scala"), traceOf(DeepBind.zio(3)))
  }

  test("every ZIO cell of the group builds its program from the untraced copy, under levelled only") {
    val cells = new effectbench.Cells()
    val zioCells = (cells.impls ++ cells.countedImpls(Work.off)).filter(_.runtime == "zio")
    assert(zioCells.size > 20, zioCells.size.toString)
    zioCells.foreach { i =>
      assert(i.routedTo.exists(_.preparerClass.startsWith("effectbench.modern.untraced.")), s"${i.key}: ${i.routedTo.map(_.preparerClass)}")
      assert(i.source.startsWith("runtimes/modern/src/main/scala/"), s"${i.key}: ${i.source}")
    }
    val levelled = ZioSetup.start(Settings.Levelled)
    val defaults = ZioSetup.start(Settings.Defaults)
    val ce = CatsEffectSetup.start(Settings.Levelled)
    try {
      assert(ZioAutoTrace.untracedOn(levelled))
      assert(!ZioAutoTrace.untracedOn(defaults))
      assert(!ZioAutoTrace.untracedOn(ce))
    } finally { levelled.close(); defaults.close(); ce.close() }
  }

  test("the read-back says which: off under levelled, on as shipped under defaults") {
    val levelled = ZioSetup.start(Settings.Levelled)
    val defaults = ZioSetup.start(Settings.Defaults)
    try {
      assertEquals(levelled.readBack.toMap.get(effectbench.Claim.Tracing), Some(effectbench.Claim.zioAutoTraceOff.expected))
      assertEquals(defaults.readBack.toMap.get(effectbench.Claim.Tracing), Some(effectbench.Claim.zioAutoTraceOn.expected))
    } finally { levelled.close(); defaults.close() }
  }
}
