package effectbench.runner

import effectbench.{Catalog, Family, Outcome, ServiceModel}
import effectbench.analysis.LatencyData
import effectbench.store.RunData
import java.nio.file.Files
import scala.concurrent.duration._

/** The latency family through the real runner, on one core (`--cpus 1`) at the tests' window: every cell
  * completes (a runtime that lets no probe through is reported as starving, not hung), each fork's
  * latency log is kept beside its JMH file, the budget of each variant is read back from the
  * runtime the cell ran on, and the report shows the latency table. */
class LatencyRunSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 15.minutes

  private val latencyScenarios = Catalog.scenarios.filter(_.family == Family.Latency)

  test("every latency cell completes at --cpus 1 in the tests' window, with its latency log, read-back budget and report") {
    val out = Cli.tempDir("latency")
    val windows = latencyScenarios.flatMap(_.testParams).distinct.flatMap { case (k, v) => Vector("--param", s"$k=$v") }
    val r = Cli.run(Vector("run", "--scenario", latencyScenarios.map(_.id).mkString(","), "--profile", "smoke", "--cpus", "1",
        "--timeout", "300", "--out", out.toString) ++ windows: _*)
    assertEquals(r.exit, 0, r.all)
    val dir = Cli.runDirs(out).last
    val plan = Cli.runMeta(dir).plan.filter(_.status.runnable)
    val records = Cli.cellRecords(dir)
    assert(plan.nonEmpty)
    assertEquals(records.map(_.cell).sorted, plan.map(_.cell).sorted)
    // A service rate above the one where a runtime's sweep stopped is recorded as not measured (SweepStop).
    records.foreach(c =>
      assert(c.status.ok || (c.status == Outcome.NotMeasured && c.cell.startsWith("service/")), s"${c.cell}: ${c.reason}")
    )
    val run = RunData.load(dir)
    run.cells.filter(_.status.ok).foreach { c =>
      val forks = LatencyData.forks(dir, c)
      assertEquals(forks.size, 1, s"${c.key}: one fork's latency log")
      assert(forks.head.events > 0, s"${c.key}: events counted")
      assert(c.readBack.exists(_._1 == "cellAutoYieldBudget"), s"${c.key}: budget read back: ${c.readBack}")
    }
    def budget(key: String) =
      run.cells.find(_.key.startsWith(key)).flatMap(_.readBack.collectFirst { case ("cellAutoYieldBudget", v) => v })
    assertEquals(budget("hog-probe/shipped/cats-effect/"), Some("1024"))
    assertEquals(budget("hog-probe/budget-128/cats-effect/"), Some("256"))
    assertEquals(budget("hog-probe/levelled/cats-effect/"), Some("20480"))
    assert(budget("hog-probe/yield-off/zio/").exists(_.startsWith("off")), budget("hog-probe/yield-off/zio/").toString)
    // sleep-drift has the same budget variants, each read back from the runtime its cell ran on.
    assertEquals(budget("sleep-drift/shipped/cats-effect/"), Some("1024"))
    assertEquals(budget("sleep-drift/budget-128/cats-effect/"), Some("256"))
    assertEquals(budget("sleep-drift/budget-128/monix/"), Some("128"))
    assert(budget("sleep-drift/yield-off/zio/").exists(_.startsWith("off")), budget("sleep-drift/yield-off/zio/").toString)
    // Every budget cell of a runtime with a run loop reads back the binds per yield measured on its runtime.
    def binds(key: String) = run.cells.find(_.key.startsWith(key))
      .flatMap(_.readBack.collectFirst { case (effectbench.Claim.CellBindsPerYield, v) => v.takeWhile(_.isDigit) })
    assertEquals(binds("hog-probe/levelled/cats-effect/"), Some(effectbench.Settings.AutoYield.toString))
    assertEquals(binds("hog-probe/levelled/zio/"), Some(effectbench.Settings.AutoYield.toString))
    assertEquals(binds("hog-probe/budget-128/cats-effect/"), Some("128"))
    assert(budget("sleep-drift/yield-off/monix/").exists(_.startsWith("off")), budget("sleep-drift/yield-off/monix/").toString)
    // service runs on every runtime whose sleep-drift cell runs (each has a timer of its own), at every rate of its sweep.
    def runtimesOf(prefix: String) = run.cells.filter(_.key.startsWith(prefix)).flatMap(_.id.map(_.runtime)).distinct.sorted
    assertEquals(runtimesOf("service/"), runtimesOf("sleep-drift/levelled/"))
    assertEquals(run.cells.count(_.key.startsWith("service/")), ServiceModel.rates.size * runtimesOf("service/").size)
    val report = Cli.run("report", dir.toString, "--format", "terminal")
    assertEquals(report.exit, 0, report.all)
    assert(report.out.contains("hog-probe/") && report.out.contains("latency"), report.out)
    assert(report.out.contains("p99 µs"), report.out)
    assert(report.out.contains("service/") && report.out.contains("capacity req/s"), s"service's capacity table:\n${report.out}")
    assert(Files.list(dir.resolve("jmh")).iterator().hasNext)
  }
}
