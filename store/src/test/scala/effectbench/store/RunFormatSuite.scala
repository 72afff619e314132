package effectbench.store

import effectbench.{BenchFailure, ImplLine, Outcome, VerifyRecord, Wire}
import java.nio.charset.StandardCharsets
import java.nio.file.Files
import upickle.default.{read, write}
import Codecs.given

class RunFormatSuite extends munit.FunSuite {
  val meta: RunMeta = RunMeta(
    formatVersion = Codecs.FormatVersion, id = "r1", started = "2026-11-22T10:00:00Z", finished = Some("2026-11-22T10:30:00Z"),
    status = RunStatus.Complete, commandLine = Vector("bench", "run", "--quick"),
    git = Git(Some("0123abcd"), Some(false)), host = Host("Linux", 2, 1000000000L, "box"),
    jvms = Vector(JvmInfo("jdk-25", "/j/bin/java", "/j", "25.0.3", "Temurin", cpus = Some(1))),
    libraries = Named.of(Vector("zio" -> "2.1", "cats-effect" -> "3.7", "baseline" -> "-", "future" -> "-", "cps" -> "-")),
    profile = MeasureProfileInfo("quick", 2, 2, 0.5, 3, 0.5, "2 forks"),
    settings = SettingsInfo("levelled", "levelled", Named.of(Vector("zio" -> Vector("-Da=b")))),
    plan = Vector(
      PlanEntry("a/default/zio/n=1/fork", "jdk-25", "/j/bin/java", CellStatus.Ok),
      PlanEntry("a/default/ox/n=1/fork", "jdk-25", "/j/bin/java", CellStatus.NotApplicable("needs JDK 21+: loom")),
      PlanEntry("a/default/monix/n=1/fork", "jdk-25", "/j/bin/java", CellStatus.Skipped("the monix group is not built"))
    ),
    timeoutSeconds = Some(120L),
    engine = Some(EngineInfo("paired rounds", 0.95, Some(RoundsSettings(0.05, 3, 12, Some(600.0), 0.95, 7L)))),
    testOnly = true,
    quickOverrides = Named.of(Vector("a" -> Named.of(Vector("n" -> "1", "modes" -> "fork")))),
    machine = Some(MachineInfo("abc", "cpu", 2, 1L, "Linux 6", Vector("25.0.3 Temurin"), "box", "cpu, 2 cores")),
    shard = Some(ShardInfo(1, 2, "p", "s", "nominal", Vector(ShardUnit("a/default/n=1/fork", 1, 3, 30.0)), Vector("t")))
  )

  val record: CellRecord = CellRecord("a/default/zio/n=1/fork", "jdk-25", "/j/bin/java", "modern", Outcome.TimedOut,
    reason = "timed out after 5 s", expected = "1", got = "", jmh = Some("jmh/x.json"),
    readBack = Named.of(Vector("z" -> "1", "a" -> "2", "m" -> "3", "b" -> "4", "y" -> "5")), work = Named.of(Vector("steps" -> 12L)),
    seconds = 1.5, finished = "2026-11-22T10:01:00Z", rounds = Vector(1, 2), shard = Some(2), machine = Some("abc"))

  test("run metadata and cell records round-trip, in order") {
    assertEquals(read[RunMeta](write(meta)), meta)
    assertEquals(read[CellRecord](write(record)), record)
    // order of named entries is kept (a Map of more than four entries would not keep it)
    assertEquals(read[CellRecord](write(record)).readBack.entries.map(_._1), Vector("z", "a", "m", "b", "y"))
  }

  test("statuses are written as the format's ids") {
    assert(write(record).contains("\"status\":\"timed-out\""), write(record))
    assert(write(meta.plan(1)).contains("\"kind\":\"n/a\""), write(meta.plan(1)))
    Outcome.all.foreach(o => assertEquals(read[Outcome](write(o)), o))
    RunStatus.values.foreach(s => assertEquals(read[RunStatus](write(s)), s))
  }

  test("an unknown status is an error naming the value") {
    val e = intercept[FormatError](RunFiles.readCell(write(record).replace("timed-out", "tired"), "cells.jsonl line 3"))
    assert(e.getMessage.startsWith("cells.jsonl line 3: "), e.getMessage)
    assert(e.getMessage.contains("tired"), e.getMessage)
    assert(e.getMessage.contains("status"), e.getMessage)
  }

  test("a missing field names the file and the field") {
    val line = write(ujson.Obj.from(ujson.read(write(record)).obj.view.filterKeys(_ != "status").toSeq))
    val e = intercept[FormatError](RunFiles.readCell(line, "/r/cells.jsonl line 2"))
    assertEquals(e.getMessage, "/r/cells.jsonl line 2: missing field 'status'")
    val dir = Files.createTempDirectory("format")
    val j = ujson.read(write(meta))
    j("plan")(1).obj.remove("jvm")
    Files.write(dir.resolve("run.json"), ujson.write(j).getBytes(StandardCharsets.UTF_8))
    val e2 = intercept[FormatError](RunFiles.readMeta(dir.resolve("run.json")))
    assertEquals(e2.getMessage, s"${dir.resolve("run.json")}: missing field 'plan[1].jvm'")
  }

  test("a mistyped field names the file and the field") {
    val j = ujson.read(write(meta))
    j("host")("cpus") = ujson.Str("two")
    val e = intercept[FormatError](RunFiles.decode[RunMeta](ujson.write(j), "run.json"))
    assert(e.getMessage.startsWith("run.json: field 'host.cpus' is unreadable ("), e.getMessage)
  }

  test("a run directory of format 1 (no formatVersion) is refused in one line") {
    val dir = Files.createTempDirectory("format1")
    Files.write(dir.resolve("run.json"),
      """{"id": "old", "status": "complete", "plan": [{"cell": "a", "jvm": "j", "status": "n/a: x"}]}""".getBytes(StandardCharsets.UTF_8))
    val e = intercept[FormatError](RunFiles.readMeta(dir.resolve("run.json")))
    assert(e.getMessage.contains("written by an older effect-bench (format 1)"), e.getMessage)
    assert(!e.getMessage.contains("\n"))
  }

  test("damaged files are errors naming the file, never exceptions of the JSON library") {
    val dir = Files.createTempDirectory("damaged")
    val f = dir.resolve("run.json")
    for (
      (text, says) <- Vector(write(meta).take(40) -> "not JSON", "[1, 2]" -> "not a JSON object", "{\u0000" -> "not JSON",
        write(meta).replace("\"formatVersion\":2", "\"formatVersion\":\"two\"") -> "'formatVersion' is not a number")
    ) {
      Files.write(f, text.getBytes(StandardCharsets.UTF_8))
      val e = intercept[FormatError](RunFiles.readMeta(f))
      assert(e.getMessage.startsWith(s"$f: ") && e.getMessage.contains(says), e.getMessage)
    }
    val e = intercept[FormatError](RunFiles.readCell(write(record).take(30), "cells.jsonl line 9"))
    assert(e.getMessage.startsWith("cells.jsonl line 9: not JSON"), e.getMessage)
  }

  test("JMH's JSON is read with its quoted NaN") {
    val jmh = """[{"benchmark":"effectbench.Bench.run","mode":"avgt","jmhVersion":"1.37",
      |"primaryMetric":{"score":2.5,"scoreError":"NaN","scoreUnit":"us/op","rawData":[[2.0,3.0]]},
      |"secondaryMetrics":{"gc.alloc.rate.norm":{"score":100,"scoreError":"NaN","scoreUnit":"B/op"}}}]""".stripMargin
    val f = Files.createTempFile("jmh", ".json")
    Files.write(f, jmh.getBytes(StandardCharsets.UTF_8))
    val r = RunFiles.readJmh(f).head
    assertEquals(r.primaryMetric.score, 2.5)
    assert(r.primaryMetric.scoreError.isNaN)
    assertEquals(r.primaryMetric.rawData, Vector(Vector(2.0, 3.0)))
    assertEquals(r.secondaryMetrics.get("gc.alloc.rate.norm").map(_.score), Some(100.0))
  }

  test("the harness's lines, written by Wire, read back by the shared types") {
    val v = VerifyRecord("a/b\"c", Outcome.Invalid, "1\n2", "3", "invalid: expected 1 got 3", 12L,
      Vector("pool" -> "fixed", "a" -> "\u0001"), fatal = false, Vector("steps" -> 3L))
    assertEquals(read[VerifyRecord](Wire.write(v)), v)
    val f = BenchFailure("a", Outcome.Invalid, "1", "2", "after measuring")
    assertEquals(read[BenchFailure](Wire.write(f)), f)
    val i = ImplLine("s", "v", "zio", "runtimes/x.scala#f", "for")
    assertEquals(read[ImplLine](Wire.write(i)), i)
  }
}
