package effectbench.runner

import java.nio.file.{Files, Path}
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

/** A damaged run directory: the error names the damaged file, and `report` still renders every
  * other cell. One real run of two cells is copied and damaged in several ways. */
class CorruptFilesSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 10.minutes

  private val keyA = "fault/ok/baseline/after=0/fork"
  private val keyB = "fault/ok/baseline/after=1/fork"

  private lazy val measured: Path = {
    val out = Cli.tempDir("corrupt")
    val r = Cli.run("run", "--test-only", "--scenario", "fault", "--variant", "ok", "--profile", "smoke", "--timeout", "300", "--out",
      out.toString)
    assertEquals(r.exit, 0, r.all)
    Cli.runDirs(out).head
  }

  private def copy(): Path = {
    val to = Files.createTempDirectory("damaged").resolve(measured.getFileName.toString)
    Files.walk(measured).iterator().asScala.toVector.foreach { p =>
      val t = to.resolve(measured.relativize(p).toString)
      if (Files.isDirectory(p)) Files.createDirectories(t) else Files.copy(p, t)
    }
    to
  }

  private def jmhOf(dir: Path, key: String): Path =
    dir.resolve(Cli.cellRecords(dir).find(_.cell == key).get.jmh.get)

  private def truncate(f: Path): Unit = { val b = Files.readAllBytes(f); Files.write(f, b.take(b.length / 2)) }
  private def garbage(f: Path): Unit = Files.write(f, Array[Byte](0x7b, 0x00, 0xff.toByte, 0x13, 0x22, 0x5b))

  /** The report renders: exit 0, one warning naming the file, every other cell in the table. */
  private def assertRendersAround(dir: Path, damaged: Path, stillThere: Vector[String]): Unit = {
    val r = Cli.run("report", dir.toString)
    assertEquals(r.exit, 0, r.all)
    assert(!r.hasStackTrace, r.all)
    val warnings = r.errLines.filter(_.startsWith("warning:"))
    assert(warnings.exists(_.contains(damaged.toString)), s"no warning names $damaged:\n${r.err}")
    // The table's layout is the report's business; a cell is rendered when its params and runtime are shown.
    stillThere.foreach(k =>
      assert(r.out.contains(k.split('/')(3)) && r.out.linesIterator.exists(_.startsWith("baseline")), s"$k is not rendered:\n${r.out}")
    )
  }

  test("a truncated JMH JSON is named, and the other cell still renders with its score") {
    val dir = copy()
    val f = jmhOf(dir, keyA)
    truncate(f)
    assertRendersAround(dir, f, Vector(keyB))
    val out = Cli.run("report", dir.toString).out
    assert(out.contains("after=1") && out.linesIterator.exists(l => l.startsWith("baseline") && l.contains("us/op")), out)
    assert(out.contains("unreadable"), out)
  }

  test("a garbage JMH JSON is named, and the other cell still renders") {
    val dir = copy()
    val f = jmhOf(dir, keyB)
    garbage(f)
    assertRendersAround(dir, f, Vector(keyA))
  }

  test("a truncated or garbage run.json is named, and every cell still renders") {
    for (damage <- Vector(truncate _, garbage _)) {
      val dir = copy()
      damage(dir.resolve("run.json"))
      assertRendersAround(dir, dir.resolve("run.json"), Vector(keyA, keyB))
    }
  }

  test("a torn last line of cells.jsonl is named, and the cells before it render") {
    val dir = copy()
    val f = dir.resolve("cells.jsonl")
    val lines = Cli.read(f).split('\n').toVector
    Files.write(f, (lines.head + "\n" + lines(1).take(lines(1).length / 2)).getBytes("UTF-8"))
    assertRendersAround(dir, f, Vector(keyA))
  }

  test("--resume of a run whose run.json is damaged: one line naming the file, exit 2") {
    val dir = copy()
    garbage(dir.resolve("run.json"))
    val r = Cli.run("run", "--resume", dir.toString)
    assertEquals(r.exit, 2, r.all)
    assertEquals(r.errLines.size, 1, r.err)
    assert(r.err.contains(dir.resolve("run.json").toString), r.err)
  }
}
