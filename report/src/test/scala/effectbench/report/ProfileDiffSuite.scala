package effectbench.report

import effectbench.Outcome
import effectbench.store.{CellRecord, JmhMetric, JmhResult, Named, RunData, RunFiles}
import java.nio.charset.StandardCharsets
import java.nio.file.Files

class ProfileDiffSuite extends munit.FunSuite {
  val a = """java/lang/Thread.run;cats/effect/unsafe/WorkerThread.run;cats/effect/IOFiber.runLoop 60
            |java/lang/Thread.run;cats/effect/unsafe/WorkerThread.run;cats/effect/unsafe/WorkStealingThreadPool.notifyParked 30
            |clone3;thread_native_entry;CompileBroker::compiler_thread_loop;C2Compiler::compile_method 10
            |""".stripMargin
  val b = """java/lang/Thread.run;zio/internal/FiberRuntime.runLoop 20
            |java/lang/Thread.run;zio/internal/FiberRuntime.runLoop;zio/internal/FiberRuntime.evaluateEffect 20
            |not a stack line
            |""".stripMargin

  test("collapsed stacks: counts per stack, malformed lines skipped") {
    val m = ProfilerDiff.parseCollapsed(b)
    assertEquals(m.values.sum, 40L)
    assertEquals(m.size, 2)
  }

  test("self time by frame and class, dotted names, JIT threads lumped, largest differences first") {
    val r = ProfilerDiff.of("cats-effect", a, "zio", b, top = 10)
    assertEquals((r.samplesA, r.samplesB), (100L, 40L))
    val frames = r.frames.map(x => x.name -> (x.a, x.b)).toMap
    assertEquals(frames("cats.effect.IOFiber.runLoop"), (60.0, 0.0))
    assertEquals(frames("zio.internal.FiberRuntime.runLoop"), (0.0, 50.0))
    assertEquals(frames("[JIT compiler threads]"), (10.0, 0.0))
    assertEquals(r.frames.head.name, "cats.effect.IOFiber.runLoop")
    assert(r.classes.exists(_.name == "cats.effect.unsafe.WorkStealingThreadPool"), r.classes.toString)
    assert(r.classes.exists(_.name == "zio.internal.FiberRuntime"), r.classes.toString)
    assert(ProfilerDiff.text(r).contains("cats.effect.unsafe.WorkStealingThreadPool"))
    assert(ProfilerDiff.html(r, "t <x>").contains("t &lt;x&gt;"))
  }

  test("counters are read from the cell's JMH JSON, and absent ones print as ?") {
    val dir = Files.createTempDirectory("counters")
    Files.createDirectories(dir.resolve("jmh"))
    def metric(v: Double) = JmhMetric(v, Double.NaN, "x")
    val jmh = Vector(JmhResult("effectbench.Bench.run", "avgt", primaryMetric = JmhMetric(1, 0.1, "us/op"),
        secondaryMetrics = Named.of(Vector("gc.count" -> metric(3), "proc.gc.time.share" -> metric(1.25), "proc.threads.peak" -> metric(34),
            "proc.cs.voluntary.norm" -> metric(0.5), "proc.cs.involuntary.norm" -> metric(0.01)))))
    Files.write(dir.resolve("jmh/c.json"), RunFiles.jmhJson(jmh).getBytes(StandardCharsets.UTF_8))
    val rec = CellRecord("s/default/zio/n=1/fork", "j", "/j", "modern", Outcome.Ok, jmh = Some("jmh/c.json"), finished = "now",
      profiles = Named.of(Vector("cpu" -> "profiles/c/cpu.html")))
    val (cell, warnings) = RunData.cellOf(dir, rec)
    assertEquals(warnings, Vector.empty)
    val c = Counters.of(dir, cell)
    assertEquals(Counters.cells(c), Vector("3 (1.3%)", "34", "0.5000/0.0100"))
    assertEquals(ProfilerLinks.of(cell), Vector("cpu" -> "profiles/c/cpu.html"))
    val (bare, _) = RunData.cellOf(dir, CellRecord("s/default/zio/n=1/fork", "j", "/j", "modern", Outcome.Failed, finished = "now"))
    assertEquals(Counters.cells(Counters.of(dir, bare)), Vector("?", "?", "?"))
  }
}
