package effectbench.runner

import effectbench.Outcome
import effectbench.store.RunStatus

import scala.concurrent.duration._

/** Two runs at once on one results directory each complete in their own run directory. */
class ConcurrentSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 10.minutes

  test("two runs started together on one results directory both complete, each in its own run directory") {
    val out = Cli.tempDir("concurrent")
    val args = Vector("run", "--test-only", "--scenario", "fault", "--variant", "ok", "--profile", "smoke", "--timeout", "300", "--out",
      out.toString)
    val a = Cli.start(args: _*)
    val b = Cli.start(args: _*)
    val (ra, rb) = (a.await(), b.await())
    assertEquals(ra.exit, 0, ra.all)
    assertEquals(rb.exit, 0, rb.all)
    Vector(ra, rb).foreach(r => assert(!r.err.contains("not indexed"), r.err))
    assertEquals(new effectbench.store.Index(out, _ => ()).counts(), (2, 4), "the index holds both runs and all their cells")
    val dirs = Cli.runDirs(out)
    assertEquals(dirs.size, 2, s"run directories: $dirs")
    assertNotEquals(ra.out.trim.split('\n').last, rb.out.trim.split('\n').last, "both runs name the same directory")
    dirs.foreach { d =>
      assertEquals(Cli.runMeta(d).status, RunStatus.Complete, d.toString)
      val keys = Cli.cellRecords(d).map(_.cell)
      assertEquals(keys.sorted, Vector("fault/ok/baseline/after=0/fork", "fault/ok/baseline/after=1/fork"), d.toString)
      assert(Cli.cellRecords(d).forall(_.status == Outcome.Ok), d.toString)
    }
  }

  test("a run directory being run cannot be resumed by a second runner at the same time") {
    val out = Cli.tempDir("lock")
    val a = Cli.start("run", "--test-only", "--scenario", "fault", "--variant", "hang", "--param", "after=1",
      "--profile", "smoke", "--timeout", "15", "--out", out.toString)
    assert(Cli.eventually(60)(Cli.runDirs(out).nonEmpty))
    val dir = Cli.runDirs(out).head
    val b = Cli.run("run", "--resume", dir.toString)
    assertEquals(b.exit, 2, b.all)
    assertEquals(b.errLines.size, 1, b.err)
    assert(b.err.contains("is being run by another bench process"), b.err)
    val ra = a.await()
    assertEquals(ra.exit, 1, ra.all)
    assertEquals(Cli.cellRecords(dir).size, 1)
  }
}
