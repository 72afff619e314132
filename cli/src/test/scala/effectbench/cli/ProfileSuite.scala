package effectbench.cli

import effectbench.runner._
import effectbench.{Faults, Outcome}
import effectbench.store.{CellRecord, RunData, RunFiles}
import effectbench.report.{Chromium, Html}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

/** `bench profile` through the real runner on the cheap test-only cells (smoke or quick profile, one
  * fork): flame graphs on disk and in cells.jsonl, a cell whose profiler cannot
  * start (an unreadable library path, simulated) fails with one line while the other runs, the
  * report links the graphs, and the thread counter sees a pool of N threads. */
class ProfileSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 10.minutes

  private val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString

  /** Like Cli.run, with extra environment variables for the runner. */
  def runWith(env: Map[String, String], args: String*): Cli.Result = {
    val out = Files.createTempFile("bench-out", ".txt")
    val err = Files.createTempFile("bench-err", ".txt")
    val cmd = Vector(java, "-Xss4m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", s"-Deffectbench.root=${Cli.root}",
      s"-Djava.io.tmpdir=${Cli.lockDir}",
      "-cp", Cli.runnerClasspath, Cli.mainClass) ++ args
    val pb = new ProcessBuilder(cmd.asJava).directory(Cli.root.toFile).redirectOutput(out.toFile).redirectError(err.toFile)
    pb.environment().remove("EFFECTBENCH_DEBUG")
    env.foreach { case (k, v) => pb.environment().put(k, v) }
    val p = pb.start()
    assert(p.waitFor(600, _root_.java.util.concurrent.TimeUnit.SECONDS), "the runner did not end in 600 s")
    Cli.Result(p.exitValue(), Cli.read(out), Cli.read(err))
  }

  def runDir(r: Cli.Result): Path = Paths.get(r.out.trim.split('\n').last)

  def threadsPeak(dir: Path, rec: CellRecord): Double =
    RunFiles.readJmh(dir.resolve(rec.jmh.get)).head.secondaryMetrics.get("proc.threads.peak").get.score

  lazy val profiled: (Cli.Result, Path) = {
    val out = Cli.tempDir("profile")
    val r = runWith(Map(ProfilerCommand.unreadableEnv -> "fault/ok/*"), "profile", "--test-only", "--scenario", "fault", "--variant",
      "ok,threads",
      // The quick profile, not smoke: the threads cell spends most of each call parked on latches, so
      // in smoke's one 0.1-s iteration the CPU sampler (one sample per 10 ms of CPU) caught none of
      // the program's frames in some runs (61 samples, all in the fork's setup); 1.5 s gives it several.
      "--param", "after=0", "--profile", "quick", "--out", out.toString)
    (r, runDir(r))
  }

  test(
    "profile: flame graphs per cell on disk and in cells.jsonl; an unreadable profiler library fails that cell in one line, exit 1, the other cell runs"
  ) {
    val (r, dir) = profiled
    assertEquals(r.exit, 1, r.all)
    assert(!r.hasStackTrace, r.all)
    val recs = Cli.cellRecords(dir).map(j => j.cell -> j).toMap
    val broken = recs("fault/ok/baseline/after=0/fork")
    assertEquals(broken.status, Outcome.Failed)
    assert(broken.reason.startsWith("profiler cannot start: "), broken.toString)
    assertEquals(r.err.linesIterator.count(_.contains("profiler cannot start")), 1, r.err)
    val good = recs("fault/threads/baseline/after=0/fork")
    assertEquals(good.status, Outcome.Ok, good.toString)
    for (kind <- Vector("cpu", "alloc")) {
      val rel = good.profiles.get(kind).get
      assertEquals(rel, s"profiles/fault_threads_baseline_after_0_fork/$kind.html")
      val html = Cli.read(dir.resolve(rel))
      assert(html.contains("<canvas id='canvas'>"), s"$rel is not an async-profiler flame graph (${html.take(200)})")
      assert(Files.size(dir.resolve(good.profiles.get(s"$kind stacks").get)) > 0)
    }
    assert(!Files.exists(dir.resolve("profiles/fault_threads_baseline_after_0_fork/raw-cpu")), "JMH's raw profiler output is left behind")
    assert(Cli.read(dir.resolve("profiles/fault_threads_baseline_after_0_fork/cpu.collapsed")).contains("Fault$"),
      "the CPU profile never samples the program under test")
  }

  test("a runtime with a pool of N threads shows at least N live threads, in profile runs and in plain runs") {
    val (_, dir) = profiled
    val rec = Cli.cellRecords(dir).find(_.cell == "fault/threads/baseline/after=0/fork").get
    assert(threadsPeak(dir, rec) >= Faults.poolThreads, rec.toString)
    val out = Cli.tempDir("threads")
    val r = Cli.run("run", "--test-only", "--scenario", "fault", "--variant", "threads,ok", "--param", "after=0", "--profile", "smoke",
      "--out", out.toString)
    assertEquals(r.exit, 0, r.all)
    val d = runDir(r)
    val recs = Cli.cellRecords(d).map(j => j.cell -> j).toMap
    val pool = threadsPeak(d, recs("fault/threads/baseline/after=0/fork"))
    val plain = threadsPeak(d, recs("fault/ok/baseline/after=0/fork"))
    assert(pool >= Faults.poolThreads, s"peak $pool")
    assert(pool >= plain + Faults.poolThreads - 2, s"the pool's threads are not seen: $pool with the pool, $plain without")
    // Shown in every report format beside B/op.
    assert(r.out.contains("threads") && r.out.contains("cs/op v/i"), r.out)
    val md = Cli.run("report", d.toString, "--format", "markdown")
    assert(md.out.contains("| threads |") && md.out.contains(s"| ${pool.toInt} |"), md.out)
  }

  test("--diff: a selection that is not two cells of one table is a usage error in one line") {
    val r = Cli.run("profile", "--diff", "--test-only", "--scenario", "fault", "--variant", "ok,threads", "--param", "after=0", "--profile",
      "smoke")
    assertEquals(r.exit, 2, r.all)
    assertEquals(r.errLines.size, 1, r.err)
    assert(r.err.contains("--diff needs exactly two cells of one table"), r.err)
  }

  test("the HTML report links each flame graph, and the link opens the graph in headless Chromium") {
    Chromium.required(this)
    val (_, dir) = profiled
    val html = dir.resolve("report.html")
    Files.write(html, Html.render(RunData.load(dir), None).getBytes(StandardCharsets.UTF_8))
    val (dom, err) = Chromium.dumpDom(Chromium.binary.get, html.toUri.toString)
    val link = """<a class="profile" href="([^"]+)">cpu</a>""".r.findFirstMatchIn(dom).map(_.group(1)).getOrElse(
      fail(s"no cpu profile link in the rendered report; $err")
    )
    val target = html.toUri.resolve(link)
    val (graph, err2) = Chromium.dumpDom(Chromium.binary.get, target.toString)
    assert(graph.contains("id=\"canvas\""), s"$target did not render a flame graph: ${graph.take(300)} $err2")
    assert(graph.contains("Fault$"), s"$target does not show the program's frames")
  }
}
