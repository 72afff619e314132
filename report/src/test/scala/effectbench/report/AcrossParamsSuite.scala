package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.store._
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import scala.util.Random

/** A run whose param sets of one scenario were relayed together (`--across-params`): the report gives
  * each param set against the first, turn against turn, and nothing of it for a run without. */
class AcrossParamsSuite extends munit.FunSuite {
  private val rounds = 8
  private val cycles = 10
  private val linear = Vector(100000 -> 1.0, 125000 -> 1.25, 150000 -> 1.5)
  private val runtimes = Vector("baseline" -> 2000.0, "cats-effect" -> 5000.0)

  /** Every cell of a round shares the machine's drift of each cycle and of the round (a round's level
    * moves by ±25%, a cycle's by ±15%): paired turn against turn of the same cycles and rounds, the
    * ratio keeps its known factor; each launch adds its own ±1% and each turn ±1%. */
  private def write(dir: Path, across: Boolean, order: Vector[Int], sizes: Vector[(Int, Double)] = linear): RunData = {
    val rnd = new Random(11)
    val drift = Vector.fill(rounds) {
      val level = math.exp(0.25 * rnd.nextGaussian())
      Vector.fill(cycles)(level * math.exp(0.15 * rnd.nextGaussian()))
    }
    val specs = for ((rt, base) <- runtimes; i <- order) yield {
      val (n, factor) = sizes(i)
      val raw = drift.map { d =>
        val launch = math.exp(0.01 * rnd.nextGaussian())
        d.map(x => base * factor * x * launch * math.exp(0.01 * rnd.nextGaussian()))
      }
      SyntheticRun.Spec(s"left-sum/default/$rt/n=$n/sync", base * factor, unit = "ns/op", raw = Some(raw))
    }
    SyntheticRun.write(dir, "across-run", specs)
    val f = dir.resolve("cells.jsonl")
    val lines = RunData.read(f).split('\n').filter(_.trim.nonEmpty).map { l =>
      RunFiles.cellLine(RunFiles.readCell(l, f.toString).copy(rounds = (1 to rounds).toVector, relayed = true))
    }
    Files.write(f, lines.mkString("", "\n", "\n").getBytes(StandardCharsets.UTF_8))
    // The plan in the order the sizes were asked in, whatever order the cells finished in.
    val base = SyntheticRun.meta("across-run", specs)
    val plan = base.plan.sortBy(p => sizes.indexWhere(s => p.cell.contains(s"/n=${s._1}/")))
    val engine = EngineInfo("rounds", 0.95,
      Some(RoundsSettings(precision = 0.05, minRounds = 3, maxRounds = 12, confidence = 0.95, seed = 1, relay = true,
          acrossParams = across)))
    Files.write(dir.resolve("run.json"), RunFiles.metaJson(base.copy(plan = plan, engine = Some(engine))).getBytes(StandardCharsets.UTF_8))
    RunData.load(dir)
  }

  test("across params: each size against the first, turn against turn, holds the known factor in a narrow interval") {
    // Cells recorded out of the sweep's order: the first is the plan's, n=100000.
    val run = write(Files.createTempDirectory("across"), across = true, order = Vector(1, 0, 2))
    val m = ReportModel.build(run)
    assertEquals(m.sweeps.size, 1)
    val s = m.sweeps.head
    assertEquals(s.title, "left-sum/default/sync across params")
    assertEquals(s.first, "n=100000")
    assertEquals(s.others, Vector("n=125000", "n=150000"))
    assertEquals(s.rows.map(_.runtime), runtimes.map(_._1))
    // After the last of its tables.
    assertEquals(s.after, m.blocks.last.group.key)
    for (r <- s.rows; (ratio, want) <- r.vsFirst.zip(Vector(1.25, 1.5))) {
      val e = ratio.getOrElse(fail(s"${r.runtime}: no ratio"))
      assert(e.paired, s"${r.runtime}: $e")
      assert(e.low <= want && want <= e.high, s"${r.runtime}: $want outside $e")
      assert(math.abs(e.ratio / want - 1) < 0.02, s"${r.runtime}: $e")
      // The drift between rounds (±25%) and cycles (±15%) cancels only when turns of the same cycle are paired.
      assert(e.high / e.low < 1.04, s"${r.runtime}: interval too wide for turns paired by cycle: $e")
      assert(!effectbench.analysis.Decision.tie(e), s"${r.runtime}: $e")
    }
    val t = TerminalTable.render(run)
    val at = t.indexOf("left-sum/default/sync across params")
    assert(at > t.lastIndexOf("left-sum/default/n=1"), t)
    assert(t.contains("n=125000 vs n=100000") && t.contains("n=150000 vs n=100000"), t)
    assert(t.substring(at).contains("1.25×") && t.substring(at).contains("1.50×"), t)
    assert(t.contains("note: across params: each param set's time per operation against the first param set's"), t)
    val md = Markdown.render(run)
    assert(md.contains("#### left-sum/default/sync across params"), md)
    assert(md.contains("| runtime | n=125000 vs n=100000 | n=150000 vs n=100000 |"), md)
    val html = Html.render(run, None)
    assert(html.contains("left-sum/default/sync across params") && html.contains("n=150000 vs n=100000"), "no sweep in the HTML")
  }

  test("a tie when the sizes score alike") {
    val same = Vector(100000 -> 1.0, 125000 -> 1.0)
    val run = write(Files.createTempDirectory("tie"), across = true, order = Vector(0, 1), sizes = same)
    val s = ReportModel.build(run).sweeps.head
    for (r <- s.rows) assert(r.vsFirst.head.exists(effectbench.analysis.Decision.tie), s"${r.runtime}: ${r.vsFirst}")
    val t = TerminalTable.render(run)
    assert(t.substring(t.indexOf("across params")).contains("tie 1.00×"), t)
  }

  test("no section for a run without across-params") {
    val run = write(Files.createTempDirectory("plain"), across = false, order = Vector(0, 1, 2))
    assertEquals(ReportModel.build(run).sweeps, Vector.empty)
    for (text <- Vector(TerminalTable.render(run), Markdown.render(run), Html.render(run, None)))
      assert(!text.contains("across params"), text)
  }
}
