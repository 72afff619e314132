package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.analysis.*
import effectbench.store._
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import scala.util.Random

/** Two relayed runs of one build, measured apart: the machine moves each table as a whole, and each
  * cell's place in its table a little, between them. compare judges a relayed cell in its table,
  * with the spread between runs in its interval, so such runs flag nothing, while a cell that
  * truly changed is flagged. */
class InTableSuite extends munit.FunSuite {
  private val rounds = 6
  private val cycles = 12
  private val scenarios = Vector("left-sum", "gather", "fork-many", "ping-pong")
  private val runtimes = Vector("baseline", "cats-effect", "zio", "future", "monix", "scalaz", "ox", "loom")
  /** left-sum's table holds ten cells, enough for a spread of its own (InTable.MinTableCellsForSpread). */
  private def runtimesOf(s: String) = if (s == "left-sum") runtimes ++ Vector("cps", "continuations") else runtimes
  private val cellCount = scenarios.map(runtimesOf(_).size).sum
  private def key(s: String, rt: String) = s"$s/default/$rt/n=1000/fork"

  /** A relayed run: per round a level of the machine (±8%), per cycle a move every cell of the table
    * shares (±10%), per launch ±2%, per turn ±3%; `factor(key)` scales a cell's true time. */
  private def write(dir: Path, seed: Long, factor: String => Double, relayed: Boolean = true): RunData = {
    val rnd = new Random(seed)
    val specs = scenarios.zipWithIndex.flatMap { case (s, si) =>
      val drift = Vector.fill(rounds) {
        val level = math.exp(0.08 * rnd.nextGaussian())
        Vector.fill(cycles)(level * math.exp(0.1 * rnd.nextGaussian()))
      }
      runtimesOf(s).zipWithIndex.map { case (rt, ri) =>
        val base = 100.0 * (1 + ri) * (1 + si)
        val raw = drift.map { d =>
          val launch = math.exp(0.02 * rnd.nextGaussian())
          d.map(x => base * factor(key(s, rt)) * x * launch * math.exp(0.03 * rnd.nextGaussian()))
        }
        SyntheticRun.Spec(key(s, rt), base, unit = "ns/op", raw = Some(raw))
      }
    }
    SyntheticRun.write(dir, dir.getFileName.toString, specs)
    val f = dir.resolve("cells.jsonl")
    val lines = RunData.read(f).split('\n').filter(_.trim.nonEmpty).map { l =>
      RunFiles.cellLine(RunFiles.readCell(l, f.toString).copy(rounds = (1 to rounds).toVector, relayed = relayed))
    }
    Files.write(f, lines.mkString("", "\n", "\n").getBytes(StandardCharsets.UTF_8))
    RunData.load(dir)
  }

  /** Between the runs: left-sum's table 16% faster, fork-many's 21% slower, and every cell's place in
    * its table moved by its own ±5% (the machine an hour later); `changed` cells also by their factor. */
  private def pair(changed: Map[String, Double] = Map.empty, seed: Long = 7): RunComparison = {
    val root = Files.createTempDirectory("in-table")
    val place = new Random(seed)
    val moved = (for (s <- scenarios; rt <- runtimesOf(s)) yield key(s, rt) -> {
      val table = s match { case "left-sum" => 0.84; case "fork-many" => 1.21; case _ => 1.0 }
      table * math.exp(0.05 * place.nextGaussian()) * changed.getOrElse(key(s, rt), 1.0)
    }).toMap
    val a = write(root.resolve("a"), 1, _ => 1.0)
    val b = write(root.resolve("b"), 2, moved)
    RunComparison.compare(a, b, 0.05)
  }

  test("two relayed runs of one build, tables moved as a whole and places by ±5%: nothing flagged, the moves said") {
    for (seed <- Seq(7L, 8L, 9L)) {
      val c = pair(seed = seed)
      val text = CompareReport.terminal(c)
      assertEquals(c.rows.count(_.inTable.nonEmpty), cellCount, text)
      assertEquals(c.improved.size + c.regressed.size, 0, s"seed $seed:\n$text")
      assert(text.contains("the table left-sum/default/n=1000/fork") && text.contains("moved as a whole: B faster than A by"), text)
      assert(text.contains("the table fork-many/default/n=1000/fork") && text.contains("moved as a whole: B slower than A by"), text)
      val (tau, n) = c.inTableSpread.getOrElse(fail(text))
      assertEquals(n, cellCount)
      assert(tau > 0.02 && tau < 0.09, s"seed $seed: spread between runs $tau against ±5% put in")
      assert(text.contains(s"between the runs, the places of the $n cells judged in their tables moved ±"), text)
      assert(text.contains("in table"), text)
    }
  }

  test("a cell 35% slower in B is flagged in its table, and no other cell is") {
    val slow = key("gather", "zio")
    val c = pair(Map(slow -> 1.35))
    val text = CompareReport.terminal(c)
    assertEquals(c.regressed.map(_.key), Vector(slow), text)
    assertEquals(c.improved.size, 0, text)
    val (r, lo, hi) = c.rows.find(_.key == slow).flatMap(_.inTable).get
    assert(lo <= 1.35 * 1.15 && hi >= 1.35 / 1.15 && r > 1.2, s"in table $r [$lo, $hi]")
    assert(text.contains(s"  $slow  ") && text.contains("in table +"), text)
  }

  test("a table whose cells moved apart in two groups between the runs widens its own cells' intervals, not the others'") {
    // Between two headlines of one build, the four fastest left-sum cells moved about 25% against the
    // others: the machine, not the code. Here half of left-sum's ten cells move by +18%, half by -18%.
    val ls = runtimesOf("left-sum")
    val split = ls.take(5).map(rt => key("left-sum", rt) -> 1.18).toMap ++ ls.drop(5).map(rt => key("left-sum", rt) -> 0.82)
    val c = pair(split)
    val text = CompareReport.terminal(c)
    assertEquals(c.improved.size + c.regressed.size, 0, text)
    val (table, tau) = c.tableSpreads.toVector.find(_._1._1.startsWith("left-sum")).getOrElse(fail(text))
    assert(tau > c.inTableSpread.get._1 && tau > 0.1, s"$table: $tau")
    assert(text.contains("in the table left-sum/default/n=1000/fork, ±"), text)
    // A cell of another table that truly changed is still flagged.
    val c2 = pair(split ++ Map(key("gather", "zio") -> 1.35))
    assertEquals(c2.regressed.map(_.key), Vector(key("gather", "zio")), CompareReport.terminal(c2))
  }

  test("runs not relayed keep their cells' own B/A as the verdict's, with no in-table column") {
    val root = Files.createTempDirectory("not-relayed")
    val specs = for (s <- scenarios; rt <- runtimesOf(s)) yield SyntheticRun.Spec(key(s, rt), 100.0)
    val a = RunData.load(SyntheticRun.write(root.resolve("a"), "a", specs, seed = 1))
    val b = RunData.load(SyntheticRun.write(root.resolve("b"), "b", specs, seed = 2))
    val c = RunComparison.compare(a, b, 0.05)
    assert(c.rows.forall(_.inTable.isEmpty) && c.inTableSpread.isEmpty)
    assert(!CompareReport.terminal(c).contains("in table"), CompareReport.terminal(c))
  }

  test("a relayed run's report gives no launch-spread advice; the same forks measured one after another do") {
    def warned(relayed: Boolean) =
      ReportModel.mixWarnings(write(SyntheticRun.tempDir("spread"), 5, _ => 1.0, relayed)).exists(_.contains("noisy inside a launch"))
    assert(warned(relayed = false), "turns ±10% apart read as a noisy machine when measured fork after fork")
    assert(!warned(relayed = true), "a relayed ratio pairs its turns: the advice to add forks is not its")
  }
}
