package effectbench.runner

import effectbench.store.{Index, RunStatus}
import java.nio.file.{Files, Path}
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

/** What CI does, locally: each shard run as its own process into its own directory, then merged.
  * The plan: three blocks of the test-only fault scenario (one measured, two that fail their oracle
  * and are never timed), at the smoke profile. */
class ShardMergeSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 15.minutes

  private val selection =
    Vector("--test-only", "--scenario", "fault", "--variant", "ok,throw,wrong", "--param", "after=0", "--profile", "smoke")

  /** `selection`'s cells, as the planner takes them. */
  private val asked = Plan.Asked(scenarios = Vector("fault"), variants = Vector("ok", "throw", "wrong"), param = Vector("after" -> "0"))

  private def shardRun(k: Int, n: Int, out: Path, sel: Vector[String] = selection): Cli.Running =
    Cli.start((Vector("run") ++ sel ++ Vector("--timeout", "300", "--shard", s"$k/$n", "--out", out.toString)): _*)

  private def tableOf(cell: String, jvm: String): String = {
    val Array(s, v, _, p, m) = cell.split('/')
    s"$s/$v/$p/$m @ $jvm"
  }

  /** The plan an unsharded `run` of the selection would record, computed here from the catalog. */
  private def unshardedPlan: Vector[(String, String, CellStatus)] = {
    val jvms = Vector(Jvms.default._1)
    Plan.cells(Plan.selection(asked, None, includeTestOnly = true), jvms, new Modules(Cli.root), Some(Profiles.smoke))
      .map(c => (c.id.key, c.jvm.label, c.status))
  }

  private def plan(dir: Path): Vector[(String, String, CellStatus)] =
    Cli.runMeta(dir).plan.map(p => (p.cell, p.jvm, p.status))

  private def oneLine(r: Cli.Result, words: String): Unit = {
    assertEquals(r.exit, 2, r.all)
    assertEquals(r.errLines.size, 1, s"one line on stderr:\n${r.err}")
    assert(r.err.contains(words), s"'$words' not in: ${r.err}")
    assert(!r.hasStackTrace, r.all)
  }

  test("two shards run as separate processes merge into the unsharded plan, table for table; report, history and refusals") {
    val base = Cli.tempDir("shards")
    val (out1, out2) = (base.resolve("shard-1"), base.resolve("shard-2"))
    val runs = Vector(shardRun(1, 2, out1), shardRun(2, 2, out2))
    val results = runs.map(_.await())
    results.foreach(r => assert(r.exit == 0 || r.exit == 1, r.all)) // 1: cells that failed their oracle, recorded
    val dirs = Vector(out1, out2).map(o => Cli.runDirs(o).ensuring(_.size == 1, s"one run directory in $o").head)
    val metas = dirs.map(Cli.runMeta)
    assertEquals(metas.map(_.shard.get.k), Vector(1, 2))
    assertEquals(metas.map(_.shard.get.plan).distinct.size, 1, "both shards name the same plan")
    assertEquals(metas.map(_.shard.get.split).distinct.size, 1, "both shards computed the same split")
    metas.foreach(m => assert(m.machine.exists(x => x.fingerprint.nonEmpty && x.cpuModel.nonEmpty), m.machine.toString))
    val shardTables = dirs.map(d => plan(d).map { case (c, j, _) => tableOf(c, j) }.toSet)
    assert(shardTables.forall(_.nonEmpty), s"each shard has tables: $shardTables")
    assertEquals(shardTables(0).intersect(shardTables(1)), Set.empty[String], "no table in both shards")

    // merge, from the directories the runs wrote into (as CI downloads them)
    val merged = base.resolve("merged")
    val m = Cli.run("merge", out1.toString, out2.toString, "--out", merged.toString)
    assertEquals(m.exit, 0, m.all)
    val mdir = Cli.runDirs(merged).ensuring(_.size == 1).head
    assertEquals(m.out.trim.split('\n').last, mdir.toString)
    val mergedPlan = plan(mdir)
    val expected = unshardedPlan
    def byTable(p: Vector[(String, String, CellStatus)]) = p.groupBy { case (c, j, _) => tableOf(c, j) }.map { case (t, cs) =>
      t -> cs.sortBy(c => (c._1, c._2, c._3.text))
    }
    assertEquals(byTable(mergedPlan), byTable(expected), "the merged plan is the unsharded plan, table for table")
    assertEquals(mergedPlan.size, expected.size, "no cell twice")
    val records = Cli.cellRecords(mdir)
    assertEquals(records.map(r => (r.cell, r.jvm)).sorted, expected.filter(_._3.runnable).map(c => (c._1, c._2)).sorted,
      "every runnable cell recorded once")
    records.foreach { r =>
      assert(r.machine.exists(_.nonEmpty) && r.shard.exists(_ >= 1), r.toString)
      r.jmh.filter(_.nonEmpty).foreach(rel => assert(Files.isRegularFile(mdir.resolve(rel)), s"$rel copied"))
    }
    assertEquals(Cli.runMeta(mdir).status, RunStatus.Complete)
    // Each shard's run.log, in shard order, under a line naming the shard.
    val log = Cli.read(mdir.resolve("run.log"))
    val heads = dirs.zipWithIndex.map { case (d, i) => s"== shard ${i + 1}/2: ${d.getFileName} (complete) ==" }
    assertEquals(log.linesIterator.filter(_.startsWith("== shard ")).toVector, heads, log)
    val expectedLog = dirs.zip(heads).map { case (d, h) => h + "\n" + Cli.read(d.resolve("run.log")) }.mkString
    assert(dirs.forall(d => Cli.read(d.resolve("run.log")).contains("verifying the oracles")), "the shards wrote their logs")
    assertEquals(log, expectedLog)
    assertEquals(new Index(merged).counts()._1, 1, "the merged run is indexed")

    // the report shows each table once, with its machine
    val rep = Cli.run("report", mdir.toString)
    assertEquals(rep.exit, 0, rep.all)
    expected.map { case (c, _, _) => val Array(s, v, _, p, mo) = c.split('/'); s"$s/$v/$p/$mo" }.distinct.foreach { t =>
      assertEquals(rep.out.linesIterator.count(_.startsWith(t + " ")) + rep.out.linesIterator.count(_ == t), 1,
        s"table $t once in:\n${rep.out}")
    }
    assert(rep.out.contains("[measured on shard 1/2") && rep.out.contains("[measured on shard 2/2"), rep.out)
    assert(rep.out.contains("machines"), rep.out)
    val md = Cli.run("report", mdir.toString, "--format", "markdown")
    assert(md.out.contains("_measured on shard 1/2"), md.out)

    // refusals: a missing shard, the same shard twice, a shard of another plan — each one line, exit 2, nothing written
    val refused = base.resolve("refused")
    oneLine(Cli.run("merge", out1.toString, "--out", refused.toString), "missing shard 2/2")
    val copy = base.resolve("copy-of-1")
    copyTree(out1, copy)
    oneLine(Cli.run("merge", out1.toString, copy.toString, out2.toString, "--out", refused.toString), "duplicate tables")
    val other = base.resolve("other")
    val o = shardRun(2, 2, other, selection.map(s => if (s == "ok,throw,wrong") "throw" else s)).await()
    assertEquals(o.exit, 0, o.all) // one block, in shard 1: shard 2 is empty and says so
    oneLine(Cli.run("merge", out1.toString, other.toString, "--out", refused.toString), "different plans")
    assert(Cli.runDirs(refused).isEmpty, "a refused merge writes no run")

    // --partial merges what is there and lists what is missing
    val partial = base.resolve("partial")
    val p = Cli.run("merge", out1.toString, "--out", partial.toString, "--partial")
    assertEquals(p.exit, 0, p.all)
    assert(p.out.contains("missing: shard 2/2"), p.out)
    shardTables(1).map(_.takeWhile(_ != ' ')).foreach(t => assert(p.out.contains(s"  $t"), s"$t listed as missing:\n${p.out}"))
    val pdir = Cli.runDirs(partial).head
    assertEquals(Cli.runMeta(pdir).status, RunStatus.Partial)
    assert(Cli.run("report", pdir.toString).out.contains("are missing (merged with --partial)"))
  }

  test("merge refuses bad input with one line") {
    val base = Cli.tempDir("merge-bad")
    oneLine(Cli.run("merge", "--out", base.toString), "give the shard run directories")
    oneLine(Cli.run("merge", base.resolve("nope").toString, "--out", base.toString), "no such directory")
    oneLine(Cli.run("run", "--shard", "3/2", "--scenario", "deep-bind"), "--shard takes K/N")
    oneLine(Cli.run("run", "--cpus", "0", "--scenario", "deep-bind"), "--cpus takes positive core counts")
  }

  private def copyTree(from: Path, to: Path): Unit = {
    val s = Files.walk(from)
    try s.iterator().asScala.toVector.foreach { p =>
        val t = to.resolve(from.relativize(p).toString)
        if (Files.isDirectory(p)) Files.createDirectories(t) else Files.copy(p, t)
      }
    finally s.close()
  }
}
