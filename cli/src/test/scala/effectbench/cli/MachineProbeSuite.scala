package effectbench.cli

import effectbench.runner._
import effectbench.stats.LaunchSpread
import java.io.ByteArrayOutputStream

/** `./bench machine`: its verdict from the jobs' spreads, the child's lines read back, and the
  * command run end to end at the smallest settings (what it prints, not how fast anything was). */
class MachineProbeSuite extends munit.FunSuite {
  import MachineProbe.Result

  /** `n` windows of `mean` ms spread about ±`rel` (alternating). */
  private def job(name: String, rel: Double, n: Int = 24, mean: Double = 250.0): Result =
    Result(name, Vector.tabulate(n)(i => mean * math.exp(if (i % 2 == 0) rel else -rel)))

  private def results(arith: Double, mem: Double, alloc: Double): Vector[Result] =
    Vector(job("arithmetic", arith), job("memory", mem), job("allocation", alloc), job("core to core", 0.02, mean = 60.0))

  test("a job's spread is the standard deviation of its log times") {
    val r = job("memory", 0.1, n = 24)
    assertEqualsDouble(r.spread, 0.1 * math.sqrt(24.0 / 23.0), 1e-9)
    assert(Result("memory", Vector(250.0)).spread.isNaN)
    assertEquals(Result("memory", Vector(1.0, 2.0, 3.0, 4.0, 5.0)).percentile(0.5), 3.0)
  }

  test("the verdict: memory windows over the run's floor are noise inside a launch; the core's own, a shared core") {
    val floor = LaunchSpread.InsideFloor
    // The nested guest (23:15–23:20, from the shell): arithmetic ±1.3%, memory about 8% (×√(24/23)).
    val nested = MachineProbe.verdict(results(0.013, 0.08, 0.11))
    assertEquals(nested.size, 1, nested.toString)
    assert(nested.head.startsWith("noisy inside a launch: memory windows 8.2% apart, allocation windows 11.2% apart"), nested.head)
    assert(nested.head.contains("--shard"), nested.head)
    // Just under the floor: steady.
    val quiet = MachineProbe.verdict(results(0.01, floor * 0.9, floor * 0.9))
    assertEquals(quiet.size, 1)
    assert(quiet.head.startsWith("steady"), quiet.head)
    // One memory job over it is enough.
    assert(MachineProbe.verdict(results(0.01, 0.02, floor * 1.2)).head.startsWith("noisy inside a launch: allocation windows"))
    // The core itself wide: named first, as the cause.
    val shared = MachineProbe.verdict(results(0.09, 0.1, 0.1))
    assertEquals(shared.size, 2)
    assert(shared.head.startsWith("the core itself is not steady"), shared.head)
    // The canary's spread is no verdict of its own (the canary in the run judges it).
    assert(MachineProbe.verdict(results(0.01, 0.01, 0.01).map(r => if (r.job == "core to core") job(r.job, 0.9) else r)).head.startsWith(
        "steady"
      ))
  }

  test("the child's lines are read back by job; anything else is ignored") {
    val rs = MachineProbe.parse(Vector("arithmetic\t250.1 251.0", "warning: something", "memory\t240.0 260.5 270.0", "bogus\t1 2"))
    assertEquals(rs.map(_.job), Vector("arithmetic", "memory"))
    assertEquals(rs(1).values, Vector(240.0, 260.5, 270.0))
  }

  test("./bench machine at the smallest settings: every job a row and a verdict, exit 0") {
    val buf = new ByteArrayOutputStream()
    val code = Console.withOut(buf)(Main.dispatch(Vector("machine", "--windows", "3", "--window-ms", "10")))
    val text = buf.toString("UTF-8")
    assertEquals(code, 0, text)
    MachineProbe.Jobs.foreach(j => assert(s"(?m)^\\Q${j.name}\\E +3 ".r.findFirstIn(text).isDefined, s"${j.name}:\n$text"))
    assert(text.contains("windows of 10 ms"), text)
    assert(Seq("steady", "noisy inside a launch", "the core itself").exists(v => text.contains(v)), text)
  }

  test("the probe's JVM is a watched child with a time limit: it ends itself when its runner is gone") {
    val cmd = MachineProbe.childCommand(10000, 1000)
    assert(cmd.contains(Subprocess.watchFlag), cmd.toString)
    assert(MachineProbe.timeoutSeconds(250, 24) > MachineProbe.expectedSeconds(250, 24), "the limit is under the probe's own time")
    // A stand-in runner that ends in a second; the child, hours of windows long, must follow it.
    val runner = new ProcessBuilder("sleep", "1").start()
    val child = new ProcessBuilder(cmd.map(a => if (a == Subprocess.watchFlag) s"-Deffectbench.runnerPid=${runner.pid()}" else a)*)
      .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start()
    try {
      assert(runner.waitFor(10, java.util.concurrent.TimeUnit.SECONDS))
      assert(child.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "the probe's JVM outlived its runner")
      assertEquals(child.exitValue(), 143)
    } finally child.destroyForcibly()
  }
}
