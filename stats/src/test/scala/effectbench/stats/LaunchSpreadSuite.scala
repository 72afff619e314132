package effectbench.stats

/** The machine-noise reading (LaunchSpread) on recorded headlines and on forks made to order. The
  * data (`headline-forks.json`): every throughput cell's forks, as recorded, of four `./bench run`
  * headlines on the 2-core KVM guest: "noisy", in the machine's noisy hour (median ratio half-width
  * ±28.9%), and "quiet", once it was quiet again (±9.9%), of one build; "noisy-mild", milder noise
  * (±21.8%), and "quiet-edge", the quiet run whose launches lay widest (±9.1%). And two headlines on
  * the nested 2-core guest ("nested", ±77.3%; "nested-2", ±61.9%): the forks the report kept (the
  * canary's set-aside forks left out, those it kept after all in). */
class LaunchSpreadSuite extends munit.FunSuite {
  private lazy val recorded: Map[String, Vector[Vector[ForkSteady]]] = {
    val text = TestResource.text("/effectbench/stats/headline-forks.json")
    ujson.read(text).arr.toVector.map { run =>
      run("machine").str -> run("cells").arr.toVector.map { c =>
        ForkStats.estimate(c("forks").arr.toVector.map(_.arr.toVector.map(_.num)), OneState.rule).forks
      }
    }.toMap
  }

  test("the noisy hours' headlines read as noisy, the quiet ones' as quiet") {
    val noisy = LaunchSpread.of(recorded("noisy")).get
    val quiet = LaunchSpread.of(recorded("quiet")).get
    assertEquals(noisy.cells, 31)
    assert(noisy.noisy, noisy.text)
    assert(!quiet.noisy, quiet.text)
    // Milder noise (±21.8%, Future's single-thread forks 3–4× apart), and the quiet run whose launches
    // lay widest (06:28, ±9.1%).
    val mild = LaunchSpread.of(recorded("noisy-mild")).get
    val edge = LaunchSpread.of(recorded("quiet-edge")).get
    assert(mild.noisy, mild.text)
    assert(!edge.noisy, edge.text)
    assert(noisy.between > 3 * quiet.between, s"${noisy.text} vs ${quiet.text}")
    assert(noisy.warning.contains("--shard"), noisy.warning)
  }

  test("the nested guest's headlines read as noisy inside a launch; no headline of the KVM guest does") {
    val nested = Vector("nested", "nested-2").map(m => LaunchSpread.of(recorded(m)).get)
    nested.foreach { s =>
      assert(s.noisyInside, s.text)
      assert(s.warnings.contains(s.insideWarning), s.text)
      assert(s.insideWarning.contains("--shard"), s.insideWarning)
    }
    // 15:56: launches 18.6% apart against iterations 9.4% (2.0×), which the launch-to-launch warning
    // misses; before this reading its report warned of nothing.
    assert(!nested(0).noisy, nested(0).text)
    assertEquals(nested(0).warnings, Vector(nested(0).insideWarning))
    Vector("noisy", "quiet", "noisy-mild", "quiet-edge").map(m => LaunchSpread.of(recorded(m)).get).foreach { s =>
      assert(!s.noisyInside, s.text)
      assertEquals(s.warnings, Vector(s.warning).filter(_ => s.noisy))
    }
  }

  test("noisy inside a launch: wide iterations over enough cells, whatever the launches do") {
    assert(LaunchSpread.of(cells(10, 4, 0.25, 0.08)).get.noisyInside)
    assert(LaunchSpread.of(cells(10, 4, 0.06, 0.08)).get.noisyInside)
    assert(!LaunchSpread.of(cells(10, 4, 0.25, 0.03)).get.noisyInside)
    assert(!LaunchSpread.of(cells(LaunchSpread.MinCells - 1, 4, 0.25, 0.08)).get.noisyInside)
    // Noisy both ways: both warnings, launch to launch first.
    val both = LaunchSpread(10, 0.40, 0.10)
    assertEquals(both.warnings, Vector(both.warning, both.insideWarning))
    assert(both.insideWarning.contains("about 64× the forks"), both.insideWarning)
  }

  private def fork(i: Int, mean: Double, rel: Double): ForkSteady =
    ForkSteady(i, Vector(1.0, -1.0, 0.5, -0.5, 0.0).map(z => mean * (1 + z * rel)), 0, settled = true)

  /** `cells` cells of `forks` forks: fork i's mean spread by `between`, iterations by `within`. */
  private def cells(cells: Int, forks: Int, between: Double, within: Double): Vector[Vector[ForkSteady]] =
    Vector.fill(cells)(Vector.tabulate(forks)(i => fork(i, 100.0 * (1 + between * (if (i % 2 == 0) 1 else -1)), within)))

  test("launches far apart against tight iterations is noise; both alike is not, however wide") {
    assert(LaunchSpread.of(cells(10, 4, 0.25, 0.03)).get.noisy)
    assert(!LaunchSpread.of(cells(10, 4, 0.05, 0.03)).get.noisy)
    // Wide iterations and wide launches alike: a noisy program, not a machine that changed between launches.
    assert(!LaunchSpread.of(cells(10, 4, 0.25, 0.25)).get.noisy)
    // Both tiny: launches 3× apart from iterations, but 2% is no noise worth a warning.
    assert(!LaunchSpread.of(cells(10, 4, 0.02, 0.003)).get.noisy)
  }

  test("a few cells say nothing of the machine, and a cell of two forks does not count") {
    assert(!LaunchSpread.of(cells(LaunchSpread.MinCells - 1, 4, 0.25, 0.03)).get.noisy)
    assertEquals(LaunchSpread.of(cells(10, 2, 0.25, 0.03)), None)
    assertEquals(LaunchSpread.of(cells(10, 3, 0.25, 0.03)).map(_.cells), Some(10))
  }

  test("the median over cells: a few cells with launch states of their own do not make the machine noisy") {
    val mixed = cells(3, 4, 0.5, 0.03) ++ cells(7, 4, 0.04, 0.03)
    assert(!LaunchSpread.of(mixed).get.noisy, LaunchSpread.of(mixed).get.text)
  }
}
