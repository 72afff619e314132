package effectbench.runner

import effectbench.Outcome
import effectbench.store.RunFiles
import java.nio.file.Files
import scala.concurrent.duration._

/** The paired-rounds engine through the real runner at the smallest settings: each cell gets one
  * JMH file per round and one combined file whose forks are the rounds, and its record says which
  * round each fork came from. Nothing here is timed or compared. */
class RoundsSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 10.minutes

  test("a rounds run records per-cell combined results: one fork per round, rounds listed in cells.jsonl") {
    val out = Cli.tempDir("rounds")
    val r = Cli.run("run", "--test-only", "--scenario", "fault", "--variant", "ok", "--param", "after=1", "--profile", "smoke",
      "--rounds", "2", "--out", out.toString)
    assertEquals(r.exit, 0, r.all)
    assert(r.err.contains("engine: paired rounds"), r.err)
    val dir = Cli.runDirs(out).head
    val records = Cli.cellRecords(dir)
    assert(records.nonEmpty, r.all)
    records.foreach { rec =>
      assertEquals(rec.status, Outcome.Ok, rec.toString)
      assertEquals(rec.rounds, Vector(1, 2), rec.toString)
      val combined = RunFiles.readJmh(dir.resolve(rec.jmh.get)).head
      assertEquals(combined.primaryMetric.rawData.size, 2, "one fork per round")
      assertEquals(combined.forks, Some(2), "the combined file counts its forks")
      assert(combined.secondaryMetrics.entries.nonEmpty, "counters recorded")
      combined.secondaryMetrics.entries.foreach { case (name, m) =>
        assertEquals(m.rawData.size, 2, s"$name keeps each fork's iterations, for the counters of a launch state")
      }
      val slug = rec.jmh.get.stripSuffix(".json")
      for (round <- 1 to 2) assert(Files.isRegularFile(dir.resolve(s"$slug.round-$round.json")), s"round $round file of $slug")
    }
  }

  test("the headline set covers every family and every runtime of the catalog") {
    assertEquals(Headline.families.toSet, effectbench.Catalog.scenarios.map(_.family).toSet)
    assertEquals(Headline.runtimes.toSet, effectbench.Catalog.scenarios.flatMap(_.runtimes).toSet)
  }

  test("bad engine flags exit 2 with one line") {
    for (
      bad <- Seq(Seq("--precision", "0"), Seq("--rounds", "zero"), Seq("--budget", "-5"), Seq("--confidence", "2%"), Seq("--wait", "busy"))
    ) {
      val r = Cli.run((Seq("run", "--scenario", "no-such-scenario-is-never-reached", "--out", Cli.tempDir("bad").toString) ++ bad)*)
      // The scenario name is invalid too, so a flag that slipped through could never start a measurement;
      // the message must be the flag's.
      assertEquals(r.exit, 2, s"$bad: ${r.all}")
      assert(r.err.contains(bad.head), s"$bad: ${r.all}")
      assert(!r.hasStackTrace, r.all)
    }
  }
}
