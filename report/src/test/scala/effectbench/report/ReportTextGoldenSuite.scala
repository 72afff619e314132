package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.store.RunData
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}

/** The terminal and Markdown reports of a few synthetic runs, byte for byte against committed
  * files: a change to the report model or its renderers may not move a single character of them.
  * The runs cover ordinary tables, a failed and an n/a cell, a style scenario, a throughput table,
  * a table without a baseline, a bimodal and an unsettled cell, a cell with two launch states and a
  * cell under the baseline floor. `main` writes them (and the HTML, to compare by eye). */
class ReportTextGoldenSuite extends munit.FunSuite {
  import ReportTextGoldenSuite._

  test("the terminal and Markdown texts of the golden runs are unchanged") {
    for ((name, fmt, text) <- render(Files.createTempDirectory("golden")) if fmt != "html") {
      val file = s"/golden/$name.$fmt.txt"
      val in = getClass.getResourceAsStream(file)
      assert(in != null, s"$file is missing (write the files with report/Test/runMain effectbench.report.ReportTextGoldenSuite)")
      val want =
        try new String(in.readAllBytes(), StandardCharsets.UTF_8)
        finally in.close()
      assertNoDiff(text, want, s"$name ($fmt)")
      assertEquals(text, want, s"$name ($fmt): byte for byte")
    }
  }
}

object ReportTextGoldenSuite {
  private def spec(key: String, base: Double, unit: String = "us/op") = SyntheticRun.Spec(key, base, unit = unit)

  /** Tight forks around the given means: one fork per mean, six iterations each. */
  private def forksAt(means: Double*): Option[Vector[Vector[Double]]] = {
    val g = new scala.util.Random(7)
    Some(means.toVector.map(m => Vector.fill(6)(m * (1 + 0.004 * g.nextGaussian()))))
  }

  val runs: Vector[(String, Vector[SyntheticRun.Spec])] = Vector(
    "mixed" -> (SyntheticRun.cells200.filter(s => s.key.startsWith("scenario-1/") || s.key.startsWith("scenario-2/")) ++ Vector(
      SyntheticRun.Spec("scenario-1/default/monix/n=100/fork", 1, status = effectbench.Outcome.Failed,
        reason = "failed: JMH exited with code 1"),
      spec("business-flow/either/zio/tf=5&base=10&failure=0.1:80&k=100/fork", 100.0),
      spec("business-flow/typed/zio/tf=5&base=10&failure=0.1:80&k=100/fork", 150.0),
      spec("ping-pong/default/zio/n=1000/fork", 5000.0, unit = "ops/s"),
      spec("ping-pong/default/cats-effect/n=1000/fork", 4000.0, unit = "ops/s"),
      spec("ping-pong/default/baseline/n=1000/fork", 9000.0, unit = "ops/s")
    )),
    "modes" -> Vector(
      SyntheticRun.Spec("deep-bind/default/cats-effect/d=10000/fork", 0,
        raw = Some(Vector(Vector(1616.0, 1558, 1675), Vector(1510.0, 1551, 82.5)))),
      SyntheticRun.Spec("deep-bind/default/zio/d=10000/fork", 0, raw = Some(Vector(Vector(900.0, 905, 895), Vector(910.0, 900, 905)))),
      SyntheticRun.Spec("deep-bind/default/future/d=10000/fork", 0,
        raw = Some(Vector(Vector(3000.0, 2000, 1500, 1100, 1000, 900), Vector(1000.0, 1010, 990, 1000, 1005, 995)))),
      // No baseline in this table: every vs-baseline is "—".
      SyntheticRun.Spec("deep-bind/default/zio/d=100/fork", 0, raw = forksAt(9.0, 9.1, 8.9)),
      SyntheticRun.Spec("deep-bind/default/cats-effect/d=100/fork", 0, raw = forksAt(9.05, 9.0, 9.1))
    ),
    "states" -> Vector(
      SyntheticRun.Spec("ping-pong/default/future/n=1000/fork", 0, unit = "ms/op", raw = forksAt(0.77, 0.37, 0.80, 0.76, 0.38)),
      SyntheticRun.Spec("ping-pong/default/zio/n=1000/fork", 0, unit = "ms/op", raw = forksAt(0.50, 0.51, 0.49, 0.50, 0.52)),
      SyntheticRun.Spec("ping-pong/default/baseline/n=1000/fork", 0, unit = "ms/op", raw = forksAt(0.30, 0.31, 0.30, 0.29, 0.30)),
      // A two-state cell that is also the fastest and the baseline of its table.
      SyntheticRun.Spec("ping-pong/default/baseline/n=10/fork", 0, unit = "ms/op", raw = forksAt(0.10, 0.05, 0.10, 0.11, 0.05)),
      SyntheticRun.Spec("ping-pong/default/zio/n=10/fork", 0, unit = "ms/op", raw = forksAt(0.20, 0.21, 0.20, 0.19, 0.20))
    ),
    "floor" -> Vector(
      spec("deep-bind/default/baseline/d=10000/fork", 20),
      spec("deep-bind/default/cats-effect/d=10000/fork", 60),
      spec("deep-bind/default/zio/d=10000/fork", 2),
      spec("deep-bind/default/future/d=10000/fork", 59.5)
    )
  )

  /** Every golden run rendered: (run, format, text). */
  def render(root: Path): Vector[(String, String, String)] =
    runs.flatMap { case (name, specs) =>
      val run = RunData.load(SyntheticRun.write(root.resolve(name), s"golden-$name", specs, forks = 5, iterations = 6))
      Vector("terminal" -> TerminalTable.render(run), "markdown" -> Markdown.render(run), "html" -> Html.render(run, None))
        .map { case (fmt, t) => (name, fmt, t) }
    }

  /** Writes the golden texts of the current code into a directory: `report/Test/runMain
    * effectbench.report.ReportTextGoldenSuite [DIR]`. */
  def main(args: Array[String]): Unit = {
    val dir = Paths.get(args.headOption.getOrElse("report/src/test/resources/golden"))
    Files.createDirectories(dir)
    // The HTML only into a directory asked for (to compare by eye); it is not a golden file.
    val all = render(Files.createTempDirectory("golden")).filter(t => args.nonEmpty || t._2 != "html")
    all.foreach { case (name, fmt, t) => Files.write(dir.resolve(s"$name.$fmt.txt"), t.getBytes(StandardCharsets.UTF_8)) }
    println(s"wrote ${all.size} files to $dir")
  }
}
