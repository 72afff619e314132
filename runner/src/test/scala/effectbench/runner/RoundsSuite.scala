package effectbench.runner

import effectbench.Outcome
import effectbench.store.RunFiles
import java.nio.file.Files
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

/** The paired-rounds engine through the real runner at the smallest settings: each cell gets one
  * JMH file per round and one combined file whose forks are the rounds, and its record says which
  * round each fork came from. Nothing here is timed or compared. */
class RoundsSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 10.minutes

  for (turns <- Seq("relay", "forks"))
    test(s"a rounds run ($turns) records per-cell combined results: one fork per round, rounds listed in cells.jsonl") {
      roundsRun(turns)
    }

  private def roundsRun(turns: String): Unit = {
    val out = Cli.tempDir("rounds")
    // Two cells of one table: a relay round needs two JVMs to take turns.
    val r = Cli.run("run", "--scenario", "left-sum", "--runtime", "cats-effect,baseline", "--param", "executed-in=current-thread",
      "--mode", "fork", "--profile", "smoke", "--rounds", "2", "--turns", turns, "--out", out.toString)
    assertEquals(r.exit, 0, r.all)
    val dir = Cli.runDirs(out).head
    // Piped, stderr has the table's one line and no round-by-round account; run.log has all of it.
    val log = Cli.read(dir.resolve("run.log"))
    assert(log.contains(if (turns == "relay") "engine: relay rounds" else "engine: paired rounds"), log)
    assert(log.contains(": round 2 done"), log)
    assert(!r.err.contains(": round 2 done") && !r.err.contains("engine: "), r.err)
    assert(r.errLines.exists(_.startsWith("left-sum  2 rounds  2 cells")), r.err)
    assert(!r.err.contains('\r') && !r.err.contains('\u001b'), r.err)
    val records = Cli.cellRecords(dir)
    assert(records.size >= 2, r.all)
    if (turns == "relay") {
      // Each round's JVMs took turns: the referee's turn log has every cell in every cycle of the round.
      val logs = Files.list(dir.resolve("logs")).iterator().asScala.toVector.filter(_.getFileName.toString.startsWith("relay--"))
      assertEquals(logs.size, 2, logs.toString)
      logs.foreach { l =>
        val rows = new String(Files.readAllBytes(l), "UTF-8").trim.split('\n').toVector.tail.map(_.split('\t'))
        rows.groupBy(_(0)).values.foreach(c => assertEquals(c.map(_(1)).sorted.toVector, records.map(_.cell).sorted, l.toString))
      }
    }
    records.foreach { rec =>
      assertEquals(rec.relayed, turns == "relay", rec.toString)
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

  test("relay rounds the canary reads with the machine away are set aside whole; the cells keep them after all, said so") {
    val out = Cli.tempDir("rounds-away")
    // Every reading slow (the property's −1): each round is set aside, every cell's fork of it.
    val r = Cli.runWith(Vector("-Deffectbench.canary.slowFactor=-1"), "run", "--scenario", "left-sum", "--runtime", "cats-effect,baseline",
      "--param", "executed-in=current-thread", "--mode", "fork", "--profile", "smoke", "--rounds", "2", "--turns", "relay",
      "--canary", "on", "--out", out.toString)
    assertEquals(r.exit, 0, r.all)
    val dir = Cli.runDirs(out).head
    val checks = effectbench.store.CanaryLog.read(dir)
    val records = Cli.cellRecords(dir)
    assertEquals(records.size, 2, r.all)
    val aside = checks.filter(_.verdict == effectbench.store.CanaryLog.Verdict.SetAside)
    val rounds = aside.map(_.round).distinct.sorted
    assert(rounds.size >= 2, checks.mkString("\n"))
    rounds.foreach(n => assertEquals(aside.filter(_.round == n).map(_.cell).sorted, records.map(_.cell).sorted, s"round $n"))
    aside.foreach(c => assert(Files.isRegularFile(dir.resolve(c.file)) && c.file.contains(".set-aside-1."), c.toString))
    // Fewer than three kept forks: the least-away set-aside rounds are kept after all, the same rounds for both cells.
    records.foreach { rec =>
      assertEquals(rec.status, Outcome.Ok, r.all)
      assertEquals(rec.rounds, records.head.rounds, rec.toString)
      assertEquals(RunFiles.readJmh(dir.resolve(rec.jmh.get)).head.primaryMetric.rawData.size, rec.rounds.size)
    }
    assert(Cli.read(dir.resolve("run.log")).contains("set aside, the machine away from its usual state during it"), r.all)
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
