package effectbench.runner

import effectbench.{Catalog, CellId, LatencyModel, Mode, Settings}
import java.nio.file.{Files, Paths}

/** How many windows of load a latency fork warms up and measures, read from the JMH command the
  * runner builds, for each profile, and the run's banner that says so. */
class LatencyForkSuite extends munit.FunSuite {
  private val root = Files.createTempDirectory("latencyfork")
  Files.createDirectories(root.resolve("target/bench"))
  Files.write(root.resolve("target/bench/modern.classpath"), "cp".getBytes)
  private val modules = new Modules(root)
  private val jvm = Jvm(Paths.get("/nonexistent/bin/java"), Paths.get("/nonexistent"), "25.0.1", "")

  private def cell(windowMs: String): PlannedCell = {
    val s = Catalog.get("hog-probe").get
    PlannedCell(CellId(s.id, "levelled", "cats-effect", s.defaults.updated("window-ms", windowMs), Mode.Fork), jvm, CellStatus.Ok,
      "modern")
  }

  private def windows(profile: MeasureProfile, windowMs: String): (Int, Int) = {
    val cmd = JmhCell.command(cell(windowMs), Settings.Levelled, profile, modules, root.resolve("out.json"))
    def flag(f: String) = cmd(cmd.indexOf(f) + 1).toInt
    (flag("-wi"), flag("-i"))
  }

  test("a latency fork warms up for the profile's warm-up time in windows, and measures the profile's iterations in windows") {
    // Quick: 6 × 0.5 s of warm-up is twelve 250-ms windows; 4 iterations, four windows.
    assertEquals(windows(Profiles.quick, "250"), (12, 4))
    // A longer window: 3 s of warm-up is three 1-s windows.
    assertEquals(windows(Profiles.quick, "1000"), (3, 4))
    // Standard: 3 × 1 s of warm-up is two 2-s windows (rounded up); 5 iterations.
    assertEquals(windows(Profiles.standard, "2000"), (2, 5))
    // The tests' smoke profile: no warm-up, one window.
    assertEquals(windows(Profiles.smoke, "100"), (0, 1))
  }

  test("the run's banner gives a latency fork's windows, and nothing without latency cells") {
    assertEquals(LatencyCell.describe(Vector(cell("250")), Profiles.quick),
      "; a latency fork 12 warm-up + 4 measured windows of 250 ms (and up to 10 s more warm-up until the JIT is quiet)")
    val deepBind = Catalog.get("deep-bind").get
    val other = PlannedCell(CellId(deepBind.id, deepBind.variants.head, "cats-effect", deepBind.defaults, Mode.Fork), jvm, CellStatus.Ok,
      "modern")
    assertEquals(LatencyCell.describe(Vector(other), Profiles.quick), "")
  }

  test("a latency fork of a profile with warm-up gets the JIT gate's limit; a smoke fork and a throughput fork do not") {
    val hog = Catalog.get("hog-probe").get
    val out = Paths.get("/tmp/x.json")
    val quick = LatencyCell.logFlag(hog, out, Profiles.quick)
    assert(quick.contains(s"-D${LatencyModel.JitSettleProperty}=${LatencyCell.JitSettleSeconds}"), quick.toString)
    assert(quick.exists(_.startsWith(s"-D${LatencyModel.LogProperty}=")), quick.toString)
    assert(!LatencyCell.logFlag(hog, out, Profiles.smoke).exists(_.contains(LatencyModel.JitSettleProperty)))
    assertEquals(LatencyCell.logFlag(Catalog.get("deep-bind").get, out, Profiles.quick), Vector.empty)
  }

  test("a run's plan takes a latency fork at its windows and their waits for starved events, a throughput fork at its iterations") {
    val deepBind = Catalog.get("deep-bind").get
    val other = PlannedCell(CellId(deepBind.id, deepBind.variants.head, "cats-effect", deepBind.defaults, Mode.Fork), jvm, CellStatus.Ok,
      "modern")
    val o = Headline.PlannedForkOverheadSeconds
    // Quick: 3 s of warm-up and 4 × 0.25 s measured.
    assertEqualsDouble(Headline.nominalForkSeconds(Profiles.quick, other), 3 + 1 + o, 1e-9)
    // Twelve 250-ms warm-up windows, four measured windows each waiting up to 1 s for starved probes.
    assertEqualsDouble(Headline.nominalForkSeconds(Profiles.quick, cell("250")), 3 + 4 * 1.25 + o, 1e-9)
  }

  test("a relayed plan estimates less than the same plan sequential, by the overheads' difference for each relayed fork") {
    val leftSum = Catalog.get("left-sum").get
    val throughput = Vector("cats-effect", "zio", "future").map(rt =>
      PlannedCell(CellId(leftSum.id, "default", rt, leftSum.defaults, Mode.Fork), jvm, CellStatus.Ok, "modern")
    )
    // A latency table is relayed as well (one window a turn); a table of one cell is relayed alone, its start
    // overlapping no one's warm-up: planned as a fork.
    val latency = Vector(cell("250"), cell("250").copy(id = cell("250").id.copy(runtime = "zio")))
    val alone = PlannedCell(CellId(leftSum.id, "default", "monix", leftSum.defaults, Mode.Sync), jvm, CellStatus.Ok, "modern")
    val cells = throughput ++ latency :+ alone
    val results = Files.createTempDirectory("estimate") // no index.db: every cell nominal
    def est(relay: Boolean) = {
      val e = Headline.engine(Profiles.quick, 0.95, cells, results, relay = relay)
      (e, Headline.estimate(cells, Profiles.quick, Some(e), results))
    }
    val (seqEngine, sequential) = est(relay = false)
    val (relEngine, relayed) = est(relay = true)
    assert(relEngine.relay && !seqEngine.relay)
    // The sequential estimate is every fork at its nominal seconds, as before relay had a figure of its own.
    assertEqualsDouble(sequential.seconds, cells.map(Headline.nominalForkSeconds(Profiles.quick, _)).sum * Headline.MinRounds, 1e-9)
    val isRelayed = Headline.relayedCells(cells, Some(relEngine))
    assertEquals(cells.filter(isRelayed), throughput ++ latency)
    assertEquals(Rounds.relays(relEngine, Vector(alone)), Relay.available)
    assert(!Rounds.relays(seqEngine, Vector(alone)))
    val saved = Headline.PlannedForkOverheadSeconds - Headline.RelayedForkOverheadSeconds
    assert(saved > 0)
    val relayedCells = throughput.size + latency.size
    assertEqualsDouble(sequential.seconds - relayed.seconds, saved * relayedCells * Headline.MinRounds, 1e-9)
    // The run budget's plan counts the same seconds per fork: its tables' shares follow what runs.
    def planned(e: Rounds.Engine) = e.runBudget.get.plan.map(t => t._2 * t._3).sum
    assertEqualsDouble(planned(seqEngine) - planned(relEngine), saved * relayedCells, 1e-9)
    // The printed line says the relayed figure.
    val text = Headline.estimateText(cells, Profiles.quick, Some(relEngine), 0.95, results)
    assert(text.contains(s"estimated duration: ${effectbench.stats.Format.duration(relayed.seconds)} "), text)
  }

  test("a past run's forks set aside by the machine canary count in its seconds per fork, a restored cell's once") {
    import effectbench.store.CanaryLog
    val dir = Files.createTempDirectory("aside")
    def log(cell: String, round: Int, verdict: String) =
      CanaryLog.append(dir, CanaryLog.ForkCheck("t", cell, round, 1, 0, Vector(1.0), Vector(1.0), Vector(1.0), verdict, 0.0, "f", "ns"))
    log("a", 1, CanaryLog.Verdict.Clean)
    log("a", 2, CanaryLog.Verdict.SetAside)
    log("a", 3, CanaryLog.Verdict.SetAside)
    // b: both forks set aside, then kept (restored): its rounds are those two forks.
    log("b", 1, CanaryLog.Verdict.SetAside)
    log("b", 2, CanaryLog.Verdict.SetAside)
    log("b", 1, CanaryLog.Verdict.Slow)
    log("b", 2, CanaryLog.Verdict.Slow)
    assertEquals(Headline.setAsideForks(dir), Map("a" -> 2, "b" -> 0))
    assertEquals(Headline.setAsideForks(Files.createTempDirectory("none")), Map.empty[String, Int])
  }
}
