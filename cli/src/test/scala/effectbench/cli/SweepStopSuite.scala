package effectbench.cli

import effectbench.{CellId, Mode, Outcome, Params}
import effectbench.runner._
import effectbench.store.SyntheticRun
import effectbench.analysis.ServiceCapacity
import effectbench.store.SyntheticRun.ServiceCell
import effectbench.store.{RunData, RunFiles, ShardInfo, ShardUnit}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}

/** `run` stops a runtime's sweep of service's rates by the capacity rule of the report: on
  * synthetic run directories (latency logs written in the harness's format, nothing timed), which
  * planned cells it leaves out, what it records for them, and that resume and merge read them
  * back as not measured, never as failures. */
class SweepStopSuite extends munit.FunSuite {
  private val jvm = Jvm(Paths.get("/synthetic/bin/java"), Paths.get("/synthetic"), "25.0.3", "Synthetic")
  private val T = 10000.0
  private val (under, over) = (3000.0, 12000.0)

  private def planned(rt: String, rate: Long): PlannedCell = {
    val (r, lib) = rt.split('@') match {
      case Array(a, b) => (a, Some(b))
      case _ => (rt, None)
    }
    PlannedCell(CellId("service", "default", r, Params.of("rate" -> rate.toString), Mode.Fork, lib), jvm, CellStatus.Ok, "modern")
  }

  private def cell(rt: String, rate: Long, p99: Int => Double, rounds: Int = 3) =
    ServiceCell(rt, rate, (1 to rounds).toVector.map(k => k -> p99(k)))

  /** cats-effect over the target at 500 in every round; zio over at 500 in rounds 1 and 2 only;
    * future's 500 timed out; zio@2.1.27 (a --lib label) under throughout. */
  private def sweeps(dir: Path): RunData = SyntheticRun.serviceRun(dir,
    Vector(
      cell("cats-effect", 250, _ => under), cell("cats-effect", 500, _ => over),
      cell("zio", 250, _ => under), cell("zio", 500, k => if (k == 3) under else over),
      cell("future", 250, _ => under), ServiceCell("future", 500, Vector.empty, Outcome.TimedOut, "timed out after 300 s"),
      cell("zio@2.1.27", 250, _ => under), cell("zio@2.1.27", 500, _ => under)
    ))

  test("a sweep stops once every round has a rate over the target: its higher rates are left out, with the reason") {
    val run = sweeps(SyntheticRun.tempDir("sweep"))
    val next = Vector("cats-effect", "zio", "future", "zio@2.1.27").map(planned(_, 1000))
    val skips = SweepStop.skips(run, next)
    assertEquals(skips.map(_.cell.id.runtimeKey).sorted, Vector("cats-effect", "future"),
      "zio's round 3 is under at every rate so far; zio@2.1.27 is a sweep of its own, under throughout")
    skips.foreach { s =>
      assertEquals(s.at, 500L)
      assert(s.reason.startsWith("the sweep stopped at 500/s"), s.reason)
      assertEquals(SweepStop.measured(s).status, Outcome.NotMeasured)
    }
    val notes = SweepStop.note(skips)
    assert(notes.exists(n => n.contains("the sweep of cats-effect") && n.contains("stops") && n.contains("not measured: 1,000/s")),
      notes.mkString("\n"))
    // Progress says it once, not again before each higher rate's table.
    val said = new SweepStop.Announcements
    assertEquals(said.lines(skips), notes)
    assertEquals(said.lines(skips), Vector.empty[String])
    // The rule is the report's: the same stop rate from the report's own sweeps.
    val k = ServiceCapacity.sweepKey(planned("cats-effect", 1000).id, jvm.label)
    assertEquals(ServiceCapacity.stopsAt(ServiceCapacity.sweeps(run)(k), T), Some(500L))
    assertEquals(SweepStop.skips(run, Vector(planned("cats-effect", 500), planned("cats-effect", 250))), Vector.empty,
      "rates at or below the stop are measured")
  }

  /** Appends records of not-measured cells as the runner does (CellRoutine.record of SweepStop.measured). */
  private def recordSkips(dir: Path, skips: Vector[SweepStop.Skip]): Unit =
    skips.foreach { s =>
      val m = SweepStop.measured(s)
      new RunDir(dir).appendCell(SyntheticRun.record(SyntheticRun.Spec(s.cell.id.key, 0, status = m.status, reason = m.reason)))
    }

  test("not-measured cells are no failures, and resume counts them as recorded: it neither measures them nor changes its judgement") {
    val dir = SyntheticRun.tempDir("resume")
    val run = sweeps(dir)
    val next = Vector("cats-effect", "zio", "future", "zio@2.1.27").flatMap(rt => Vector(planned(rt, 1000), planned(rt, 2000)))
    val skips = SweepStop.skips(run, next)
    recordSkips(dir, skips)
    val again = RunData.load(dir)
    assertEquals(again.cells.count(_.status == Outcome.NotMeasured), 4)
    assertEquals(RunEngine.failures(again).map(_.key), Vector(SyntheticRun.serviceKey("future", 500)), "only the timed-out cell fails")
    val finished = new RunDir(dir).finished
    skips.foreach(s => assert(finished.contains((s.cell.id.key, jvm.label)), s"resume skips ${s.cell.id.key}"))
    // A resumed run judges from the directory alone: the same cells, the same reasons.
    assertEquals(SweepStop.skips(again, next).map(s => (s.cell, s.reason)), skips.map(s => (s.cell, s.reason)))
    // And the printed capacity is the one of the sweeps measured.
    assertEquals(ServiceCapacity.build(again).head.rows.map(r => r.runtime -> r.median),
      ServiceCapacity.build(run).head.rows.map(r => r.runtime -> r.median))
  }

  test("shards of a run stop sweeps from what each measured, and merge keeps the not-measured cells with their reason") {
    val base = SyntheticRun.tempDir("merge")
    val rates = Vector(250L, 500L, 1000L, 2000L)
    val units = rates.map(r => s"service/default/rate=$r/fork")
    val owner = Map(250L -> 1, 500L -> 1, 1000L -> 2, 2000L -> 2)
    def shard(k: Int, cells: Vector[ServiceCell]): Path = {
      val dir = base.resolve(s"shard-$k")
      SyntheticRun.serviceRun(dir, cells, id = s"shard-$k")
      val meta = RunFiles.readMeta(dir.resolve("run.json"))
      val info = ShardInfo(k, 2, "plan", "split", "nominal", units.zip(rates).map { case (u, r) => ShardUnit(u, owner(r), 2, 10.0) },
        rates.filter(owner(_) == k).map(r => s"service/default/rate=$r/fork @ ${jvm.label}"))
      Files.write(dir.resolve("run.json"), RunFiles.metaJson(meta.copy(shard = Some(info))).getBytes(StandardCharsets.UTF_8))
      dir
    }
    val s1 = shard(1,
      Vector(cell("zio", 250, _ => under), cell("zio", 500, _ => under), cell("cats-effect", 250, _ => under),
        cell("cats-effect", 500, _ => under)))
    // Shard 2 measured 1,000 first: zio over in every round there, so its 2,000 is not measured.
    val s2cells = Vector(cell("zio", 1000, _ => over), cell("cats-effect", 1000, _ => under))
    val judged = SyntheticRun.serviceRun(base.resolve("shard-2-so-far"), s2cells)
    val skips = SweepStop.skips(judged, Vector(planned("zio", 2000), planned("cats-effect", 2000)))
    assertEquals(skips.map(_.cell.id.runtime), Vector("zio"))
    val s2 = shard(2,
      s2cells ++ Vector(cell("cats-effect", 2000, _ => under)) :+
        ServiceCell("zio", 2000, Vector.empty, Outcome.NotMeasured, skips.head.reason))
    val out = base.resolve("merged")
    assertEquals(MergeCommand.merge(Vector(s1.toString, s2.toString), Some(out.toString), partial = false, Vector.empty), 0)
    val merged = RunData.load(Files.list(out).filter(p => RunData.isRunDir(p)).findFirst().get)
    val zio2000 = merged.cells.find(_.key == SyntheticRun.serviceKey("zio", 2000)).get
    assertEquals(zio2000.status, Outcome.NotMeasured)
    assert(zio2000.reason.startsWith("the sweep stopped at 1,000/s"), zio2000.reason)
    assertEquals(RunEngine.failures(merged), Vector.empty)
    val rows = ServiceCapacity.build(merged).head.rows.map(r => r.runtime -> r).toMap
    assertEquals(rows("zio").median, Some(500.0))
    assertEquals(rows("zio").notMeasured, Vector(2000L))
    assertEquals(rows("cats-effect").median, Some(2000.0))
  }
}
