package effectbench.cli

import effectbench.runner._
import effectbench.store.SyntheticRun
import effectbench.store.{EngineInfo, RunFiles}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** `run --resume` reads run.json by type: it restores the run's measuring engine, and refuses a
  * run directory it cannot read (an older format, a missing field) in one line naming the file. */
class ResumeSuite extends munit.FunSuite {
  private def runDir(meta: String): Path = {
    val dir = Files.createTempDirectory("resume")
    Files.write(dir.resolve("run.json"), meta.getBytes(StandardCharsets.UTF_8))
    Files.createFile(dir.resolve("cells.jsonl"))
    dir
  }

  private def refusal(argv: String*): String = {
    val e = intercept[UsageError](Main.dispatch(argv.toVector))
    assert(!e.getMessage.contains('\n'), e.getMessage)
    e.getMessage
  }

  test("the engine settings recorded in run.json are the ones a resumed run measures with") {
    val engine = Rounds.Engine(precision = 0.07, minRounds = 4, maxRounds = 9, budgetSeconds = Some(300.0), confidence = 0.9, seed = 42L,
      precisionFirst = true)
    val meta = SyntheticRun.meta("r", Vector.empty).copy(engine = Some(EngineInfo(EngineDefaults.describe(engine), 0.9,
        Some(Resume.settingsOf(engine)), Some("spin"))))
    val dir = Files.createTempDirectory("resume-engine")
    new RunDir(dir).writeMeta(meta)
    val back = RunFiles.readMeta(dir.resolve("run.json"))
    assertEquals(Resume.engineOf(back), (Some(engine), 0.9))
    assertEquals(Resume.waitOf(back).id, "spin")
    // A run measured with the profile's fixed forks resumes without the rounds engine, at its own level.
    val fixed = SyntheticRun.meta("r", Vector.empty).copy(engine = Some(EngineInfo("fixed forks per cell (3)", 0.99)))
    assertEquals(Resume.engineOf(fixed), (None, 0.99))
    assertEquals(Resume.waitOf(fixed).id, "park", "a run that did not record its wait parked")
  }

  test("--resume refuses engine flags: the rest of the run measures as it began") {
    val dir = Files.createTempDirectory("resume-flags")
    new RunDir(dir).writeMeta(SyntheticRun.meta("r", Vector.empty))
    assert(refusal("run", "--resume", dir.toString, "--precision", "5%").contains("drop --precision"))
    assert(refusal("run", "--resume", dir.toString, "--wait", "spin").contains("drop --wait"))
  }

  test("a run directory of the older format is refused in one line that says so") {
    val dir = runDir("""{"id": "old", "status": "complete", "plan": [{"cell": "a/b/zio/n=1/fork", "jvm": "j", "status": "n/a: x"}]}""")
    val msg = refusal("run", "--resume", dir.toString)
    assert(msg.contains(s"${dir.resolve("run.json")} was written by an older effect-bench (format 1)"), msg)
  }

  test("a run.json with a missing field is refused naming the file and the field") {
    val j = ujson.read(RunFiles.metaJson(SyntheticRun.meta("r", Vector(SyntheticRun.Spec("deep-bind/default/zio/d=10/fork", 1.0)))))
    j("plan")(0).obj.remove("jvm")
    val dir = runDir(ujson.write(j))
    val msg = refusal("run", "--resume", dir.toString)
    assert(msg.contains(s"${dir.resolve("run.json")}: missing field 'plan[0].jvm'"), msg)
  }
}
