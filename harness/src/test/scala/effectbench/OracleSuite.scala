package effectbench

/** Runs every implementation of this module against the catalog's oracle, for every param set
  * and mode the catalog plans, and at the stack-safety size. The test JVM runs with -Xss256k
  * (see build.sbt), so a program that is not stack-safe overflows here. */
class OracleSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(10, "min")

  private val settingsToTest = Vector(Settings.Levelled, Settings.Defaults)

  /** Cells of this module as a plain run plans them, plus the stack-safety sizes. */
  private def plannedCells(impl: Impl[_ <: Live]): Vector[(CellId, String)] = {
    val s = Harness.scenario(CellId(impl.scenario, impl.variant, impl.runtime, Params.empty, Mode.Fork))
    val sets = s.testSets.map(p => (p, "plan")) ++
      s.stackParams.filterNot(_ => s.isStackExempt(impl.variant, impl.runtime)).toVector.flatMap { sp =>
        s.paramSets.map(ps =>
          (s.complete(ps.values.foldLeft(sp)((acc, kv) => if (sp.get(kv._1).isDefined) acc else acc.updated(kv._1, kv._2))), "stack-safety")
        )
      }
    for {
      (p, why) <- sets.distinct
      m <- s.modes
      if s.naReason(impl.variant, impl.runtime, m).isEmpty
    } yield (CellId(impl.scenario, impl.variant, impl.runtime, p, m), why)
  }

  // One shared live runtime per (runtime, settings): starting pools per cell would dominate.
  private val lives = scala.collection.mutable.Map.empty[(String, Settings), Live]
  override def afterAll(): Unit = lives.values.foreach(l =>
    try l.close()
    catch { case _: Throwable => () }
  )

  for {
    // Test-only scenarios (the injected faults) hang, exit and exhaust memory on purpose: the runner's tests run them.
    impl <- Harness.registry.impls if !Catalog.get(impl.scenario, includeTestOnly = true).exists(_.testOnly)
    settings <- settingsToTest
    (id, why) <- plannedCells(impl)
    if !(why == "stack-safety" && settings == Settings.Defaults)
  } test(s"${id.key} [${settings.id}${if (why == "stack-safety") ", stack-safety size" else ""}]") {
    val live = lives.getOrElseUpdate((impl.runtime, settings), impl.setup.start(settings))
    val program = impl.prepare(live, Harness.scenario(id).complete(id.params), id.mode)
    def overflowed(e: Throwable): Boolean = e != null && (e.isInstanceOf[StackOverflowError] || overflowed(e.getCause))
    val result =
      try Harness.verify(id.key, program)
      catch {
        case e: Throwable if overflowed(e) =>
          // A cell the catalog declares not stack-safe (a finding) may overflow this JVM's 256 KiB
          // stacks at its measured size, depending on what the JIT compiled before it: it is checked
          // again on a thread of a default-sized stack (1 MiB), as the verifier runs it, and skipped,
          // visibly, only when its own pool's 256 KiB threads still overflow. Any other cell that
          // overflows fails.
          val exempt = Harness.scenario(id).isStackExempt(id.variant, id.runtime)
          if (!exempt) Left(s"not stack-safe: overflowed a 256 KiB stack at ${id.params}")
          else {
            var again: Either[Throwable, Either[String, String]] = Left(e)
            val t =
              new Thread(null, () => again = scala.util.Try(Harness.verify(id.key, program)).toEither, "oracle-default-stack", 1L << 20)
            t.start()
            t.join()
            again match {
              case Right(r) => r
              case Left(e2) if overflowed(e2) =>
                assume(false,
                  s"declared not stack-safe: overflowed a 256 KiB stack at ${id.params}, and its pool's threads again on a 1 MiB one")
                Left("unreachable")
              case Left(e2) => throw e2
            }
          }
      }
    result match {
      case Right(got) => assertEquals(got, Harness.expected(id))
      case Left(msg) => fail(msg)
    }
  }

  test("every implementation of this module is a catalog cell with no n/a reason") {
    Harness.registry.impls.foreach { i =>
      val s = Catalog.get(i.scenario, includeTestOnly = true)
      assert(s.isDefined, s"${i.key}: unknown scenario")
      assert(s.get.variants.contains(i.variant), s"${i.key}: unknown variant")
      assert(s.get.runtimes.contains(i.runtime), s"${i.key}: runtime not in the scenario")
      val na = s.get.naReason(i.variant, i.runtime, Mode.Fork)
      assert(na.isEmpty, s"${i.key} is implemented but the catalog says n/a: ${na.getOrElse("")}")
    }
    val keys = Harness.registry.impls.map(_.key)
    assertEquals(keys.distinct.size, keys.size, "an implementation is registered twice")
  }
}
