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
    // The median column is the project's one median: of an even count, the mean of the two middle ones.
    assertEquals(Result("memory", Vector(4.0, 1.0, 3.0, 2.0)).median, 2.5)
  }

  test("the verdict: memory windows over the run's floor are noise inside a launch; the core's own, a shared core") {
    val floor = LaunchSpread.InsideFloor
    // The nested guest (2026-11-27): arithmetic 0.7%, the walk 7.0%, allocation 8.3% (×√(24/23) here).
    val nested = MachineProbe.verdict(results(0.007, 0.07, 0.083))
    assertEquals(nested.size, 2, nested.toString)
    assert(nested.head.startsWith("noisy inside a launch: memory windows 7.2% apart, allocation windows 8.5% apart"), nested.head)
    // Just under the floor: steady.
    val quiet = MachineProbe.verdict(results(0.01, floor * 0.9, floor * 0.9))
    assertEquals(quiet.size, 1)
    assert(quiet.head.startsWith("steady"), quiet.head)
    // One memory job over it is enough.
    assert(MachineProbe.verdict(results(0.01, 0.02, floor * 1.2)).head.startsWith("noisy inside a launch: allocation windows"))
    // The core itself wide: named first, as the cause.
    val shared = MachineProbe.verdict(results(0.09, 0.1, 0.1))
    assertEquals(shared.size, 3)
    assert(shared.head.startsWith("the core itself is not steady"), shared.head)
    // The canary's spread is no verdict of its own (the canary in the run judges it).
    assert(MachineProbe.verdict(results(0.01, 0.01, 0.01).map(r => if (r.job == "core to core") job(r.job, 0.9) else r)).head.startsWith(
        "steady"
      ))
  }

  test("the advice is the engine's: relayed, one machine unless a launch's turns average over the floor; shards only then") {
    // The nested guest relays its headline to ±6.9%: its allocation windows 8.5% apart average to 4.2% a launch.
    assertEqualsDouble(MachineProbe.relayedSpread(0.085, 250), 0.0425, 1e-12)
    val nested = MachineProbe.verdict(results(0.007, 0.07, 0.083), relay = true)
    assert(nested(1).startsWith("./bench run relays its throughput tables"), nested(1))
    assert(nested(1).contains("one machine reaches the headline's ±10%"), nested(1))
    assert(nested(1).contains("3× the forks of a quiet machine, so relay them (--turns relay)"), nested(1))
    assert(!nested.exists(l => l.contains("--shard") || l.contains("quieter")), nested.toString)
    // Windows 25% apart average to 12.5% a launch, (12.5 / 5)² = 6.25 budgets: seven machines.
    val loud = MachineProbe.verdict(results(0.007, 0.25, 0.2), relay = true)
    assert(loud(1).contains("spread the tables over 7 machines (run --shard K/7, then ./bench merge)"), loud(1))
    // Longer windows hold more of a launch's measured second: the same spread averages less.
    assertEqualsDouble(MachineProbe.relayedSpread(0.1, 1000), 0.1, 1e-12)
    // Were the run one fork after another, the answer is relay rounds, not another machine.
    val forks = MachineProbe.verdict(results(0.007, 0.07, 0.083), relay = false)
    assert(forks(1).contains("relay rounds (--turns relay)"), forks(1))
    assert(!forks.exists(l => l.contains("--shard") || l.contains("quieter")), forks.toString)
    // The command's own engine is the headline's.
    assertEquals(MachineProbe.verdict(results(0.007, 0.07, 0.083)),
      MachineProbe.verdict(results(0.007, 0.07, 0.083), relay = Headline.Relay))
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
